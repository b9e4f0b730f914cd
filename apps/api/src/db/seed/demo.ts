import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import { queryRows } from '../rows.ts';
import { configuracion } from '../schema/empresa.ts';
import { terceros } from '../schema/terceros.ts';
import { bitacoraAviso, usuarios } from '../schema/usuarios.ts';
import { hashClave } from '../../platform/auth/passwords.ts';
import { marcarOrigen } from '../../platform/auth/soporte.ts';
import { sembrarPlantillasCarta } from './cartas.ts';
import { sembrarPlantillasContrato } from './contratos.ts';
import { sembrarTransicionesGd } from './gd-estados.ts';
import { sembrarCategoriaDelCliente } from './documentos-clientes.ts';
import { sembrarPlantillasInventario } from './inventarios.ts';
import { sembrarMaestros } from './maestros.ts';

/** What every new company starts with: its configuration and its master data (db/seed/maestros.ts). */
export async function sembrarEmpresa(tx: Tx): Promise<void> {
  await tx.insert(configuracion).values({ carpetaDeArchivosWeb: '', https: true, ajustes: {} }).onConflictDoNothing();
  await sembrarMaestros(tx);
  await sembrarTransicionesGd(tx);
  await sembrarCategoriaDelCliente(tx);
  await sembrarPlantillasInventario(tx);
  await sembrarPlantillasContrato(tx);
  await sembrarPlantillasCarta(tx);
}

type Persona = {
  nro_id: string;
  nombre1: string;
  nombre2: string;
  apellido1: string;
  apellido2: string;
  celular: string;
  email: string;
};
type DemoUsuario = { usuario: string; permisos: string; admemp: boolean; persona: Persona };
type DemoEmpresa = {
  id: number;
  nombre: string;
  nit: string;
  direccion: string;
  telefonos: string;
  email: string;
  web: string;
  usuarios: DemoUsuario[];
  aviso?: string;
};

const CLAVE_DEMO = 'demo1234';

const EMPRESAS: DemoEmpresa[] = [
  {
    id: 1,
    nombre: 'Inmobiliaria Demo S.A.S.',
    nit: '900123456-8',
    direccion: 'Calle 10 # 43A-25, Medellín',
    telefonos: '604 444 1234',
    email: 'contacto@inmobiliariademo.com.co',
    web: 'https://www.inmobiliariademo.com.co',
    usuarios: [
      {
        usuario: 'admin',
        permisos: 'All',
        admemp: true,
        persona: {
          nro_id: '71650321',
          nombre1: 'Carlos',
          nombre2: 'Andrés',
          apellido1: 'Restrepo',
          apellido2: 'Gómez',
          celular: '3104567890',
          email: 'carlos.restrepo@inmobiliariademo.com.co',
        },
      },
      {
        usuario: 'asesor',
        permisos: '489,490,491,463,73,59',
        admemp: false,
        persona: {
          nro_id: '43876512',
          nombre1: 'Laura',
          nombre2: 'Marcela',
          apellido1: 'Ospina',
          apellido2: 'Rojas',
          celular: '3157894561',
          email: 'laura.ospina@inmobiliariademo.com.co',
        },
      },
    ],
    aviso:
      '<h3>Tratamiento de datos personales</h3><p>Inmobiliaria Demo S.A.S. trata los datos de propietarios, arrendatarios y clientes conforme a la <strong>Ley 1581 de 2012</strong> y al Decreto 1377 de 2013.</p><ul><li>Use los datos solo para la gestión inmobiliaria autorizada.</li><li>No comparta información de clientes por canales no corporativos.</li><li>Registre la autorización de tratamiento de datos de cada tercero.</li></ul><p>Al aceptar, confirma que conoce esta política.</p>',
  },
  {
    id: 2,
    nombre: 'Inmobiliaria del Norte',
    nit: '900654321-0',
    direccion: 'Carrera 53 # 76-120, Barranquilla',
    telefonos: '605 385 6677',
    email: 'info@inmobiliariadelnorte.co',
    web: 'https://www.inmobiliariadelnorte.co',
    usuarios: [
      {
        usuario: 'admin',
        permisos: 'All',
        admemp: true,
        persona: {
          nro_id: '72145896',
          nombre1: 'Juan',
          nombre2: 'Pablo',
          apellido1: 'Martínez',
          apellido2: 'Duarte',
          celular: '3005551234',
          email: 'juan.martinez@inmobiliariadelnorte.co',
        },
      },
    ],
  },
  {
    id: 3,
    nombre: '',
    nit: '',
    direccion: '',
    telefonos: '',
    email: '',
    web: '',
    usuarios: [
      {
        usuario: 'admin',
        permisos: 'All',
        admemp: true,
        persona: {
          nro_id: '52789341',
          nombre1: 'María',
          nombre2: 'Fernanda',
          apellido1: 'López',
          apellido2: 'Castro',
          celular: '3201237788',
          email: 'maria.lopez@example.com',
        },
      },
    ],
  },
];

const nombreCompleto = (p: Persona) => [p.nombre1, p.nombre2, p.apellido1, p.apellido2].filter(Boolean).join(' ');

/** Seeds the demo companies once; does nothing when any company exists. */
export async function seedDemo(db: Database): Promise<boolean> {
  const hay = await db.system(
    async (tx) => (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from empresa`))[0]?.n ?? 0,
  );
  if (hay > 0) return false;
  const hashes = new Map<string, string>();
  for (const e of EMPRESAS) for (const u of e.usuarios) hashes.set(`${e.id}:${u.usuario}`, await hashClave(CLAVE_DEMO));
  for (const e of EMPRESAS) {
    await db.tenant(e.id, async (tx) => {
      // Named columns in SQL: the migration tests seed a database migrated only up to an old migration,
      // and an insert from the current schema would name the columns added since.
      await tx.execute(sql`insert into empresa (id_empresa, nombre, nit, direccion, telefonos, email, web, default_agencia)
        values (${e.id}, ${e.nombre}, ${e.nit}, ${e.direccion}, ${e.telefonos}, ${e.email}, ${e.web}, 0)`);
      await sembrarEmpresa(tx);
      for (const u of e.usuarios) {
        const p = u.persona;
        await tx.insert(terceros).values({
          ...p,
          nombre: nombreCompleto(p),
          tipo_dcto: 13,
          empleado: true,
          propietario: false,
          usuario_inicial: 'seed',
        });
        await tx.insert(usuarios).values({
          usuario: u.usuario,
          claveHash: hashes.get(`${e.id}:${u.usuario}`)!,
          nombre: nombreCompleto(p),
          nroId: p.nro_id,
          permisos: u.permisos,
          admemp: u.admemp,
        });
      }
      if (e.aviso) await tx.insert(bitacoraAviso).values({ version: 1, html: e.aviso });
    });
  }
  await db.exec(`select setval(pg_get_serial_sequence('empresa', 'id_empresa'), (select max(id_empresa) from empresa))`);
  // Recorded in the database, so a restart still knows it is the demo (the support login depends on it).
  await db.system((tx) => marcarOrigen(tx, 'demo'));
  return true;
}
