import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { Carta } from '@predio/contract/gestion-documental-cartas';
import type { EstadosRadicado } from '@predio/contract/gestion-documental-estados';
import { queryRows } from '../../db/rows.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinCartas: string;
let area: number;
let plantilla: number;
let tercero: number;
let radicadoEstado: number;
let anulado: number;
let entradaOtra: number;
const RAD = '/api/gestion-documental/radicados';
const CARTAS = '/api/gestion-documental/cartas';

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const entrada = (token: string, extra: Record<string, unknown> = {}) =>
  as(t.app, token).post(RAD, {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto: 'Solicitud de paz y salvo',
    id_area: area,
    id_tercero: tercero,
    id_estado: radicadoEstado,
    ...extra,
  });
const carta = (token: string, extra: Record<string, unknown> = {}) =>
  as(t.app, token).post(CARTAS, { id_plantilla: plantilla, id_tercero: tercero, id_area: area, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdsincartas', nroId: '80901', permisos: '10579' });
  sinCartas = await login(t.app, { idEmpresa: 1, usuario: 'gdsincartas', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  plantilla = await id1(sql`select id from plantilla_carta where nombre = 'Respuesta a comunicación recibida'`);
  tercero = await id1(sql`insert into terceros (nro_id, nombre) values ('71999888', 'Marta Lucía Cárdenas') returning id`);
  radicadoEstado = await id1(sql`select id from estados_gestion_documental where nombre = 'Radicado'`);
  anulado = await id1(sql`select id from estados_gestion_documental where nombre = 'Anulado'`);
  const areaOtra = await id1(sql`select id from areas_empresa where codigo = '200'`, 2);
  entradaOtra = ok(
    await as(t.app, admin2).post(RAD, { tipo: 'entrada', fecha: '2026-11-20', asunto: 'Ajena', id_area: areaOtra }),
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a letter answering a radicado de entrada', () => {
  it('links both ways and moves the entrada to «Respondido» in its history', async () => {
    const e = ok(await entrada(admin1));
    const c = ok<Carta>(await carta(admin1, { id_responde_a: e.id }));
    expect(c.responde_a).toEqual({ id: e.id, radicado: e.radicado });

    const salida = ok(await as(t.app, admin1).get(`${RAD}/${c.radicado.id}`));
    expect(salida).toMatchObject({ tipo: 'salida', responde_a: { id: e.id, radicado: e.radicado }, respuestas: [] });
    const respondida = ok(await as(t.app, admin1).get(`${RAD}/${e.id}`));
    expect(respondida.respuestas).toEqual([{ id: salida.id, radicado: salida.radicado }]);
    expect(respondida.estado?.nombre).toBe('Respondido');
    const h = ok<EstadosRadicado>(await as(t.app, admin1).get(`${RAD}/${e.id}/estados`));
    expect(h.historial[0]).toMatchObject({
      anterior: { nombre: 'Radicado' },
      estado: { nombre: 'Respondido' },
      nota: `Respondido con el radicado ${salida.radicado}`,
      usuario: 'admin',
    });
    // A second letter is linked too; the estado stays.
    const c2 = ok<Carta>(await carta(admin1, { id_responde_a: e.id }));
    const dos = ok(await as(t.app, admin1).get(`${RAD}/${e.id}`));
    expect(dos.respuestas.map((x) => x.id)).toEqual([salida.id, c2.radicado.id]);
    expect(ok<EstadosRadicado>(await as(t.app, admin1).get(`${RAD}/${e.id}/estados`)).historial).toHaveLength(2);
    const [a] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; cambios: { respuesta: { despues: string } } }>(
        tx,
        sql`select accion, cambios from auditoria where entidad = 'radicados' and entidad_id = ${String(e.id)} and accion = 'responder' order by id limit 1`,
      ),
    );
    expect(a!.cambios.respuesta.despues).toBe(salida.radicado);
  });

  it('refuses what is not an entrada of this company or is annulled, naming the field; nothing is filed', async () => {
    const antes = ok<{ total: number }>(await as(t.app, admin1).get(`${RAD}?tipo=salida`)).total;
    const salida = ok(
      await as(t.app, admin1).post(RAD, { tipo: 'salida', fecha: '2026-11-20', asunto: 'Salida', id_area: area }),
    );
    error(
      await carta(admin1, { id_responde_a: salida.id }),
      400,
      'id_responde_a: El campo Responde al radicado debe ser un radicado de entrada',
    );
    error(await carta(admin1, { id_responde_a: entradaOtra }), 400, 'id_responde_a: El campo Responde al radicado no existe');
    error(await carta(admin1, { id_responde_a: 'x' }), 400, 'Responde al radicado');
    const e = ok(await entrada(admin1));
    ok(await as(t.app, admin1).post(`${RAD}/${e.id}/estado`, { id_estado: anulado, nota: 'Duplicado' }));
    error(await carta(admin1, { id_responde_a: e.id }), 400, 'anulado');
    error(await carta(sinCartas, { id_responde_a: e.id }), 403);
    expect(ok<{ total: number }>(await as(t.app, admin1).get(`${RAD}?tipo=salida`)).total).toBe(antes + 1);
  });
});
