import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EnvioFormulario, Formulario } from '@predio/contract/pagina-web-formularios';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

// Página web > Formularios set to create clientes atendidos (issue 32): the visitor matched to a tercero of
// the company by e-mail, then by phone; otherwise a solicitud, and the envío says so.

let t: TestApp;
let admin1: string;
let ipN = 0;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const enviar = (empresa: number, id: number, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publico/${empresa}/formularios/${id}`,
    payload: payload as object,
    remoteAddress: `10.8.0.${++ipN}`,
  });

const formulario = (o: Record<string, unknown> = {}) => ({
  nombre: 'Busco apartamento',
  tipo_solicitud: 'informacion',
  destino: 'cliente_atendido',
  gestion_cliente: 'venta',
  campos: [
    { etiqueta: 'Correo', tipo: 'correo' },
    { etiqueta: 'Celular', tipo: 'telefono' },
    { etiqueta: 'Qué busca', tipo: 'parrafo' },
  ],
  ...o,
});

const tercero = (empresa: number, nroId: string, nombre: string, email: string, telefonos: string) =>
  t.db.tenant(empresa, async (tx) => {
    const [r] = await queryRows<{ id: number }>(
      tx,
      sql`insert into terceros (nro_id, nombre, email, telefonos) values (${nroId}, ${nombre}, ${email}, ${telefonos}) returning id`,
    );
    return r!.id;
  });

const avisos = (titulo: string) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ usuario: string; tipo_carta: number; enlace: string }>(
      tx,
      sql`select u.usuario, n.tipo_carta, n.enlace from notificacion n join usuarios u on u.id = n.id_usuario where n.titulo = ${titulo}`,
    ),
  );

let marta: number;
beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  await crearUsuario(t.db, 1, { usuario: 'atiende463', nroId: '80463', permisos: '463' });
  await crearUsuario(t.db, 1, { usuario: 'nolo463', nroId: '80464', permisos: '202' });
  marta = await tercero(1, '52111222', 'Marta Ruiz', ' Marta.Ruiz@Example.com ', '604 444 1111; 310 555 1234');
  // Company 2 knows another person by the same e-mail: company 1 never matches them.
  await tercero(2, '52111333', 'Otra Persona', 'solo.empresa2@example.com', '3201112233');
});
afterAll(() => t.close());

describe('formularios → clientes atendidos', () => {
  it('matches the tercero by e-mail, creates the lead of the form’s gestión and notifies who attends leads', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario()));
    expect(f).toMatchObject({ destino: 'cliente_atendido', gestion_cliente: 'venta' });
    const r = ok<{ numero: number | null; mensaje: string }>(
      await enviar(1, f.id, {
        nombre: 'Martica',
        respuestas: { c1: 'marta.ruiz@example.com', c3: 'Tres alcobas en Laureles' },
        autoriza_datos: true,
      }),
    );
    expect(r.numero).toBeNull();
    const [e] = ok<{ items: EnvioFormulario[] }>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`)).items;
    expect(e).toMatchObject({ numero_solicitud: null, nota: 'Se reconoció al tercero Marta Ruiz por su correo electrónico.' });
    const c = ok<{ id_tercero: number; gestion: string; estado: string; observaciones: string; creado_por: string }>(
      await pedir(admin1, 'GET', `/api/clientes-atendidos/${e!.consecutivo_cliente}`),
    );
    expect(c).toMatchObject({ id_tercero: marta, gestion: 'venta', estado: 'activo', creado_por: 'sitio web' });
    expect(c.observaciones).toContain('Qué busca: Tres alcobas en Laureles');
    expect(c.observaciones).toContain('Ley 1581');
    const quienes = await avisos(`Cliente atendido ${e!.consecutivo_cliente} del formulario «Busco apartamento»`);
    expect(quienes.map((a) => a.usuario)).toContain('atiende463');
    expect(quienes.map((a) => a.usuario)).not.toContain('nolo463');
    expect(quienes[0]).toMatchObject({
      tipo_carta: 802,
      enlace: `/propiedades/clientes-atendidos?abrir=${e!.consecutivo_cliente}`,
    });
    // No solicitud was made of it.
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from solicitud where contacto_nombre = 'Martica'`),
    );
    expect(n!.n).toBe(0);
  });

  it('then by the phone’s digits, however it is written', async () => {
    const f = ok<Formulario>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/formularios',
        formulario({ nombre: 'Por teléfono', gestion_cliente: 'arriendo' }),
      ),
    );
    ok(
      await enviar(1, f.id, {
        nombre: 'Marta',
        respuestas: { c1: 'otro.correo@example.com', c2: '+57 (310) 555-1234' },
        autoriza_datos: true,
      }),
    );
    const [e] = ok<{ items: EnvioFormulario[] }>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`)).items;
    expect(e!.nota).toBe('Se reconoció al tercero Marta Ruiz por su teléfono.');
    const c = ok<{ id_tercero: number; gestion: string }>(
      await pedir(admin1, 'GET', `/api/clientes-atendidos/${e!.consecutivo_cliente}`),
    );
    expect(c).toMatchObject({ id_tercero: marta, gestion: 'arriendo' });
  });

  it('without a match (or a match only in another company) keeps the solicitud and says so', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Sin tercero' })));
    const r = ok<{ numero: number }>(
      await enviar(1, f.id, {
        nombre: 'Desconocida',
        respuestas: { c1: 'solo.empresa2@example.com', c2: '320 111 2233' },
        autoriza_datos: true,
      }),
    );
    expect(r.numero).toBeGreaterThan(0);
    const [e] = ok<{ items: EnvioFormulario[] }>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`)).items;
    expect(e).toMatchObject({ numero_solicitud: r.numero, consecutivo_cliente: null });
    expect(e!.nota).toContain('quedó como solicitud');
    const csv = await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios/exportar?formato=csv`);
    expect(csv.body).toContain('Cliente atendido');
    expect(csv.body).toContain('quedó como solicitud');
  });

  it('refuses a bad destino or gestión naming the field', async () => {
    const r = await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ destino: 'tercero' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('Cada envío crea');
    const g = await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ gestion_cliente: 'permuta' }));
    expect(g.statusCode).toBe(400);
    expect(g.json().message).toContain('Busca');
  });
});
