import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExpedienteDetalle } from '@predio/contract/gestion-documental-expedientes';
import type { Radicado } from '@predio/contract/gestion-documental';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../platform/tenant.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { avisarRetencion, empresasConRetencion } from './expedientes.service.ts';

// The daily notice of expedientes falling due for transfer or final disposition: to the users of 10579 /
// 10574 and the administrator, once per expediente and stage (docs/gestion-documental.md, «Retención»).

let t: TestApp;
let admin1: string;
let admin2: string;
let archivo: string;
let config: string;
let otro: string;
let area: number;
let serie: number;
let subserie: number;
const URL = '/api/gestion-documental/expedientes';
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

const id1 = async (q: ReturnType<typeof sql>) => (await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const avisos = async (token: string) =>
  ok<{ items: { titulo: string; cuerpo: string; enlace: string }[] }>(
    await as(t.app, token).get('/api/notificaciones'),
  ).items.filter((n) => n.titulo.startsWith('Expediente') || / expedientes por /.test(n.titulo));
const pasada = () =>
  inTenant(t.db, 1, (scope) => avisarRetencion({ ...scope, hub: t.deps.hub, mailer: t.deps.mailer, idEmpresa: 1, hoy: hoy() }));
const mover = (id: number, q: ReturnType<typeof sql>) => t.db.tenant(1, (tx) => tx.execute(sql`${q} where id = ${id}`));

async function cerrado(nombre: string): Promise<ExpedienteDetalle> {
  const c = as(t.app, admin1);
  const e = ok<ExpedienteDetalle>(await c.post(URL, { nombre, agrupa: 'subserie', id_serie: serie, id_subserie: subserie }));
  const r = ok<Radicado>(
    await c.post('/api/gestion-documental/radicados', {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: `Documento de ${nombre}`,
      id_area: area,
      id_serie: serie,
      id_subserie: subserie,
    }),
  );
  ok(await c.post(`${URL}/${e.id}/radicados`, { id_radicado: r.id }));
  return ok<ExpedienteDetalle>(await c.post(`${URL}/${e.id}/cerrar`));
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdaarchivo', nroId: '80901', permisos: '10579' });
  archivo = await login(t.app, { idEmpresa: 1, usuario: 'gdaarchivo', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdaconfig', nroId: '80902', permisos: '10574' });
  config = await login(t.app, { idEmpresa: 1, usuario: 'gdaconfig', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdaotro', nroId: '80903', permisos: '10581' });
  otro = await login(t.app, { idEmpresa: 1, usuario: 'gdaotro', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  serie = await id1(sql`select id from series_documentales where codigo = '02'`);
  subserie = await id1(sql`select id from subseries_documentales where codigo = '02.03'`);
});
afterAll(async () => {
  await t?.close();
});

describe('aviso diario de retención', () => {
  it('tells the archive users once per expediente and stage, and again only for a moved clock', async () => {
    const e = await cerrado('Corretaje por avisar');
    // Not due: nothing to tell, and the company is not queued.
    expect((await pasada()).avisos).toBe(0);
    expect(await t.db.system((tx) => empresasConRetencion(tx, hoy()))).not.toContain(1);

    await mover(e.id, sql`update expediente set vence_gestion = current_date - 1`);
    expect(await t.db.system((tx) => empresasConRetencion(tx, hoy()))).toContain(1);
    expect((await pasada()).avisos).toBeGreaterThanOrEqual(3);
    for (const token of [archivo, config, admin1]) {
      const a = await avisos(token);
      expect(a.map((x) => x.titulo)).toContain(`Expediente por transferir al archivo central ${e.numero}`);
      expect(a.find((x) => x.titulo.endsWith(e.numero))).toMatchObject({
        cuerpo: expect.stringContaining('«Corretaje por avisar» cumplió su tiempo en el archivo de gestión'),
        enlace: '/gestion-documental/gestion-documental?pestana=retencion',
      });
    }
    expect(await avisos(otro)).toEqual([]);
    expect(await avisos(admin2)).toEqual([]);
    // The next day's run tells nothing new.
    expect((await pasada()).avisos).toBe(0);
    expect(await t.db.system((tx) => empresasConRetencion(tx, hoy()))).not.toContain(1);

    // Transferred, its time in central runs out: told once for that stage.
    ok(await as(t.app, admin1).post(`${URL}/${e.id}/transferir`));
    await mover(e.id, sql`update expediente set vence_central = current_date - 1`);
    expect((await pasada()).avisos).toBeGreaterThanOrEqual(3);
    expect((await avisos(archivo)).map((x) => x.titulo)).toContain(`Expediente por disposición final ${e.numero}`);
    expect((await pasada()).avisos).toBe(0);
    // A clock moved (a new due date) is a new notice.
    await mover(e.id, sql`update expediente set vence_central = current_date - 2`);
    expect((await pasada()).avisos).toBeGreaterThanOrEqual(3);
  });

  it('tells many expedientes due together in one notice per stage', async () => {
    const es: ExpedienteDetalle[] = [];
    for (let i = 1; i <= 6; i++) es.push(await cerrado(`Lote ${i}`));
    for (const e of es) await mover(e.id, sql`update expediente set vence_gestion = current_date - 3`);
    const antes = (await avisos(archivo)).length;
    await pasada();
    const a = await avisos(archivo);
    expect(a.length).toBe(antes + 1);
    expect(a[0]!.titulo).toBe('6 expedientes por transferir al archivo central');
    for (const e of es) expect(a[0]!.cuerpo).toContain(e.numero);
  });
});
