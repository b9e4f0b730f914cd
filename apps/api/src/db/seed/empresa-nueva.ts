import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { queryRows } from '../rows.ts';
import { empresa } from '../schema/empresa.ts';
import { usuarios } from '../schema/usuarios.ts';
import { hashClave } from '../../platform/auth/passwords.ts';
import { marcarOrigen, origenDeLaBase } from '../../platform/auth/soporte.ts';
import { sembrarEmpresa } from './demo.ts';

export type EmpresaNueva = { nombre: string; nit: string; email: string; usuario: string };

// No look-alikes (0/O, 1/l/I): the password is read off a terminal and typed.
const ALFABETO = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 15 characters in three groups (about 86 bits), shown once. */
export function claveDeUnSoloUso(): string {
  const grupo = () => Array.from({ length: 5 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
  return `${grupo()}-${grupo()}-${grupo()}`;
}

export class EmpresaRepetida extends Error {}

/**
 * A real company with its first administrator (permisos All, admemp), its configuration and master
 * data, as the demo seed makes its companies. The database stops counting as the demo, so the support
 * login needs SUPPORT_PASSWORD from then on.
 */
export async function crearEmpresa(
  db: Database,
  e: EmpresaNueva,
  clave: string,
): Promise<{ idEmpresa: number; eraDemo: boolean }> {
  const claveHash = await hashClave(clave);
  const { idEmpresa, eraDemo } = await db.system(async (tx) => {
    const repetida = await queryRows<{ id_empresa: number }>(tx, sql`select id_empresa from empresa where nit = ${e.nit}`);
    if (repetida[0]) throw new EmpresaRepetida(`Ya existe la empresa ${repetida[0].id_empresa} con el NIT ${e.nit}.`);
    const [id] = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('empresa', 'id_empresa'))::int as id`,
    );
    const eraDemo = (await origenDeLaBase(tx)) === 'demo';
    await marcarOrigen(tx, 'empresa crear');
    return { idEmpresa: id!.id, eraDemo };
  });
  await db.tenant(idEmpresa, async (tx) => {
    await tx.insert(empresa).values({
      idEmpresa,
      nombre: e.nombre,
      nit: e.nit,
      direccion: '',
      telefonos: '',
      email: e.email,
      web: '',
      defaultAgencia: 0,
    });
    await sembrarEmpresa(tx);
    await tx.insert(usuarios).values({ usuario: e.usuario, claveHash, nombre: e.usuario, permisos: 'All', admemp: true });
  });
  return { idEmpresa, eraDemo };
}
