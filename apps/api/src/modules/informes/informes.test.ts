import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RespuestaInforme, TableroGerencia } from '@predio/contract/informes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { DefInforme } from './informes.ts';
import { leerXlsx } from '../../platform/tabular/xlsx.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

// Informes (issue 33): each report over a small data set in March 2021 (no demo record falls there),
// with the figures computed by hand below; filters, totals, previous period, 403, other company, exports.

let t: TestApp;
let admin1: string;
let admin2: string;
let sinPermiso: string;
let A: number;
let B: number;
let ana: string;
let gerente: string;
const MARZO = 'desde=2021-03-01&hasta=2021-03-31';

beforeAll(async () => {
  t = await createTestApp();
  // Ana is an asesor with the reports' idms but not a manager (not admemp, no 10590); the gerente has 10590.
  A = await crearUsuario(t.db, 1, { usuario: 'ana.inf', nroId: '900100', permisos: '490,10569,10551,10516,10517' });
  B = await crearUsuario(t.db, 1, { usuario: 'beto.inf', nroId: '900101', permisos: '' });
  await crearUsuario(t.db, 1, { usuario: 'sin.inf', nroId: '900102', permisos: '489' });
  await crearUsuario(t.db, 1, { usuario: 'gero.inf', nroId: '900103', permisos: '490,10590' });
  [admin1, admin2, sinPermiso, ana, gerente] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.admin2),
    await login(t.app, { idEmpresa: 1, usuario: 'sin.inf', clave: 'demo1234' }),
    await login(t.app, { idEmpresa: 1, usuario: 'ana.inf', clave: 'demo1234' }),
    await login(t.app, { idEmpresa: 1, usuario: 'gero.inf', clave: 'demo1234' }),
  ];
  await t.db.tenant(1, async (tx) => {
    const uno = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q))[0]!;
    const mun = (await uno<{ id: number }>(sql`select id from municipios order by id limit 1`)).id;
    const medio = (await uno<{ id: number }>(sql`insert into medios_captacion (nombre) values ('Aviso informe') returning id`))
      .id;
    const causal = (
      await uno<{ id: number }>(sql`insert into causales_retiro (nombre) values ('Dueño vendió informe') returning id`)
    ).id;
    const res = (
      await uno<{ id: number }>(sql`insert into resultados_agenda (nombre) values ('Interesado informe') returning id`)
    ).id;
    const mp = (await uno<{ id: number }>(sql`insert into medios_publicitarios (nombre) values ('Feria informe') returning id`))
      .id;
    const inm = async (c: number, estado: string, gestion: string, asesor: number, extra: ReturnType<typeof sql>) =>
      (
        await uno<{ id: number }>(sql`insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio,
          id_asesor_captador, id_asesor_comercial, creado_por, creado_en, id_causal_retiro, canon, precio_venta, fecha_consignacion, id_captacion)
          values (${c}, 'casa', ${gestion}, ${estado}, ${`Calle ${c}`}, ${mun}, ${asesor}, ${asesor}, 'test', '2020-01-01T12:00:00Z', ${extra})
          returning id`)
      ).id;
    const i1 = await inm(9901, 'disponible', 'arriendo', A, sql`null, 1000000, null, '2021-03-05', ${medio}`);
    const i2 = await inm(9902, 'disponible', 'venta', A, sql`null, null, 200000000, '2021-03-20', null`);
    const i3 = await inm(9903, 'retirado', 'arriendo_venta', B, sql`${causal}, 500000, 90000000, '2021-02-10', null`);
    await tx.execute(sql`insert into inmueble_estado_historial (id_inmueble, desde, hasta, id_causal, usuario, fecha)
      values (${i3}, 'disponible', 'retirado', ${causal}, 'test', '2021-03-15T15:00:00Z')`);
    // Rented by A on 25 March (gestión comercial: one arrendado worth its canon).
    const i4 = await inm(9904, 'arrendado', 'arriendo', A, sql`null, 1200000, null, null, null`);
    await tx.execute(sql`insert into inmueble_estado_historial (id_inmueble, desde, hasta, usuario, fecha)
      values (${i4}, 'disponible', 'arrendado', 'test', '2021-03-25T15:00:00Z')`);
    // 9901's owner confirmed 10 days ago: inside the default 30 days of verificar-disponibilidad.
    await tx.execute(sql`insert into inmueble_disponibilidad (id_inmueble, id_usuario, usuario, fecha)
      values (${i1}, ${A}, 'ana.inf', now() - interval '10 days')`);
    const cita = async (
      inicio: string,
      estado: string,
      inmueble: number | null,
      asesores: number[],
      resultado: number | null,
    ) => {
      const id = (
        await uno<{
          id: number;
        }>(sql`insert into cita (titulo, inicio, fin, estado, id_inmueble, id_resultado, interes, comentario_resultado, creado_por)
          values ('Cita informe', ${inicio}::timestamptz, ${inicio}::timestamptz + interval '1 hour', ${estado}, ${inmueble}, ${resultado},
            ${estado === 'realizada' ? 4 : null}, ${estado === 'realizada' ? '=le gustó' : ''}, 'test') returning id`)
      ).id;
      for (const a of asesores) await tx.execute(sql`insert into cita_asesor (id_cita, id_usuario) values (${id}, ${a})`);
    };
    await cita('2021-03-10T15:00:00Z', 'realizada', i1, [A], res);
    await cita('2021-03-11T15:00:00Z', 'cancelada', null, [A, B], null);
    await cita('2021-03-12T15:00:00Z', 'programada', null, [B], null);
    await cita('2021-02-15T15:00:00Z', 'realizada', i2, [A], res);
    // 23:30 on 31 March in Bogotá is already 1 April in UTC: it belongs to March.
    await cita('2021-04-01T04:30:00Z', 'realizada', i1, [B], null);
    const s1 = (
      await uno<{
        id: number;
      }>(sql`insert into solicitud (numero, canal, tipo, estado, contacto_nombre, id_asignado, fecha_recepcion, mensaje, creado_por)
        values (9901, 'telefono', 'arrendar', 'resuelta', 'Pepa', ${A}, '2021-03-05T10:00:00Z', 'Busco casa', 'test') returning id`)
    ).id;
    await tx.execute(sql`insert into solicitud (numero, canal, tipo, estado, contacto_nombre, id_asignado, fecha_recepcion, mensaje, creado_por)
        values (9902, 'telefono', 'comprar', 'asignada', 'Lola', ${A}, '2021-03-06T10:00:00Z', 'Compro', 'test')`);
    // 9901 answered 3 hours after it came in, by closing it as resuelta; 9902 is still unanswered.
    await tx.execute(sql`insert into solicitud_historial (id_solicitud, tipo, estado_nuevo, usuario, fecha) values
      (${s1}, 'creacion', null, 'test', '2021-03-05T10:00:00Z'), (${s1}, 'estado', 'resuelta', 'test', '2021-03-05T13:00:00Z')`);
    const ter = (
      await uno<{ id: number }>(sql`insert into terceros (nro_id, nombre1, nombre, celular)
      values ('900199', 'Cliente', 'Cliente Informe', '3001234567') returning id`)
    ).id;
    await tx.execute(sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje) values (${i2}, ${ter}, 100)`);
    // 9904 (rented by A for 1,200,000) has two owners: 60 % at a 10 % commission, 40 % at 5 %: 96,000.
    const otro = (
      await uno<{ id: number }>(sql`insert into terceros (nro_id, nombre1, nombre, pjecomision)
      values ('900198', 'Socia', 'Socia Informe', 5) returning id`)
    ).id;
    await tx.execute(sql`update terceros set pjecomision = 10 where id = ${ter}`);
    await tx.execute(
      sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje) values (${i4}, ${ter}, 60), (${i4}, ${otro}, 40)`,
    );
    // A lease contract for 9904 drafted on 24 March: the step before it was rented.
    const plantilla = await uno<{ id: number; version: number }>(
      sql`select id, version from plantilla_contrato where clase = 'arrendamiento_vivienda' order by id limit 1`,
    );
    await tx.execute(sql`insert into contrato (consecutivo, programa, clase, id_inmueble, id_plantilla, version_plantilla, canon,
        fecha_inicio, duracion_meses, dia_pago, creado_por, creado_en)
      values (9901, 'contratos', 'arrendamiento_vivienda', ${i4}, ${plantilla.id}, ${plantilla.version}, 1200000,
        '2021-04-01', 12, 5, 'test', '2021-03-24T15:00:00Z')`);
    // Lead 9901 asks for a house for rent in the first municipio at 0.9–1.1 M: 9901 (canon 1 M) fits at 100 %.
    const c1 = (
      await uno<{
        id: number;
      }>(sql`insert into cliente_atendido (consecutivo, id_tercero, fecha_ingreso, id_asesor, id_medio, gestion, estado,
        tipos, municipios, precio_min, precio_max, creado_por)
      values (9901, ${ter}, '2021-03-08', ${A}, ${mp}, 'arriendo', 'activo', '{casa}', ${sql.param([mun])}::int[], 900000, 1100000, 'test')
      returning id`)
    ).id;
    await tx.execute(sql`insert into cliente_atendido_nota (id_cliente, texto, usuario) values (${c1}, 'Llamó', 'test')`);
    await tx.execute(sql`insert into cliente_atendido (consecutivo, id_tercero, fecha_ingreso, id_asesor, gestion, estado, resultado, fecha_cierre, creado_por)
      values (9902, ${ter}, '2021-03-09', ${A}, 'arriendo', 'cerrado', 'arrendo_con_nosotros', '2021-03-20', 'test')`);
  });
  await t.db.tenant(2, (tx) =>
    tx.execute(
      sql`insert into cita (titulo, inicio, fin, creado_por) values ('Otra empresa', '2021-03-10T15:00:00Z', '2021-03-10T16:00:00Z', 'x')`,
    ),
  );
});
afterAll(() => t.close());

const informe = async (url: string, token = admin1) => {
  const r = await as(t.app, token).get(`/api/informes/${url}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as RespuestaInforme;
};
const sinEnlace = (r: RespuestaInforme) => r.filas.map(({ enlace: _e, ...f }) => f);
const resumen = (r: RespuestaInforme) => Object.fromEntries(r.resumen.map((i) => [i.clave, [i.valor, i.anterior]]));

describe('citasporasesor', () => {
  it('counts citas per asesor and estado in the period (Bogotá days), each asesor of a shared cita once', async () => {
    const r = await informe(`citasporasesor/datos?${MARZO}&asesor=${B}`);
    expect(sinEnlace(r)).toEqual([
      { asesor: 'Usuario beto.inf', id_asesor: B, total: 3, pendientes: 1, realizadas: 1, canceladas: 1, no_asistio: 0 },
    ]);
    expect(r.anterior).toEqual({ desde: '2021-01-29', hasta: '2021-02-28' });
    const a = await informe(`citasporasesor/datos?${MARZO}&asesor=${A}`);
    expect(resumen(a).total).toEqual([2, 1]);
    expect(resumen(a).realizadas).toEqual([1, 1]);
    expect(a.totales).toEqual({ total: 2, pendientes: 0, realizadas: 1, canceladas: 1, no_asistio: 0 });
    expect(a.serie.etiquetas).toEqual(['Usuario ana.inf']);
  });
  it('shows only the company’s citas', async () => {
    const r = await informe(`citasporasesor/datos?${MARZO}`, admin2);
    expect(sinEnlace(r).map((f) => [f.asesor, f.total])).toEqual([['Sin asesor', 1]]);
    const uno = await informe(`citasporasesor/datos?${MARZO}`);
    expect(uno.filas.map((f) => f.asesor)).toEqual(['Usuario beto.inf', 'Usuario ana.inf']);
  });
});

describe('visitas', () => {
  it('lists visits done, with result, interest and comment; the one late on 31 March is in March', async () => {
    const r = await informe(`visitas/datos?${MARZO}`);
    expect(r.filas.map((f) => [f.fecha, f.inmueble, f.asesores, f.resultado, f.interes, f.enlace])).toEqual([
      ['2021-03-31', '9901 · Calle 9901', 'Usuario beto.inf', '', 4, '/propiedades/inmueble/9901'],
      ['2021-03-10', '9901 · Calle 9901', 'Usuario ana.inf', 'Interesado informe', 4, '/propiedades/inmueble/9901'],
    ]);
    expect(resumen(r).registros).toEqual([2, 1]);
    expect(r.serie.series[0]!.valores).toEqual([1, 1]);
    expect((await informe(`visitas/datos?${MARZO}&asesor=${A}`)).filas).toHaveLength(1);
  });
});

describe('inmueblesnovisitados', () => {
  it('lists available properties without a visit in N days, oldest first', async () => {
    const r = await informe(`inmueblesnovisitados/datos?asesor=${A}`);
    expect(r.filas.map((f) => [f.consecutivo, f.ultima_visita])).toEqual([
      [9902, '2021-02-15'],
      [9901, '2021-03-31'], // B's visit late on 31 March is the last
    ]);
    expect(r.anterior).toBeNull();
    expect(resumen(r).registros).toEqual([2, null]);
    expect((await informe(`inmueblesnovisitados/datos?asesor=${A}&dias=3000`)).filas).toEqual([]);
  });
});

describe('propiedadesporasesor', () => {
  it('counts properties per asesor captador by estado and gestión', async () => {
    const r = await informe(`propiedadesporasesor/datos?asesor=${B}`);
    expect(r.totales).toEqual({
      total: 1,
      captado: 0,
      disponible: 0,
      reservado: 0,
      arrendado: 0,
      vendido: 0,
      retirado: 1,
      arriendo: 1,
      venta: 1,
    });
    expect((await informe(`propiedadesporasesor/datos?asesor=${A}`)).totales).toMatchObject({
      total: 3,
      disponible: 2,
      arrendado: 1,
      arriendo: 2,
      venta: 1,
    });
    // As asesor comercial: the seed makes each property's captador its comercial too, so 9903 moves to A.
    await t.db.tenant(1, (tx) => tx.execute(sql`update inmueble set id_asesor_comercial = ${A} where consecutivo = 9903`));
    expect((await informe(`propiedadesporasesor/datos?asesor=${A}&rol=comercial`)).totales).toMatchObject({
      total: 4,
      retirado: 1,
    });
    expect((await informe(`propiedadesporasesor/datos?asesor=${B}&rol=comercial`)).filas).toEqual([]);
    await t.db.tenant(1, (tx) => tx.execute(sql`update inmueble set id_asesor_comercial = ${B} where consecutivo = 9903`));
    const malo = await as(t.app, admin1).get('/api/informes/propiedadesporasesor/datos?rol=jefe');
    expect([malo.statusCode, malo.json().message]).toEqual([400, expect.stringContaining('rol debe ser captador o comercial')]);
  });
});

describe('propiedadesconsignadas', () => {
  it('lists properties consigned in the period with medio, asesor and the sums of canon and price', async () => {
    const r = await informe(`propiedadesconsignadas/datos?${MARZO}&asesor=${A}`);
    expect(r.filas.map((f) => [f.consecutivo, f.medio, f.fecha_consignacion])).toEqual([
      [9902, 'Sin medio', '2021-03-20'],
      [9901, 'Aviso informe', '2021-03-05'],
    ]);
    expect(resumen(r).canon).toEqual([1_000_000, 0]);
    expect(resumen(r).precio_venta).toEqual([200_000_000, 0]);
    expect(r.serie).toMatchObject({ etiquetas: ['Sin medio', 'Aviso informe'] });
    expect(resumen(await informe(`propiedadesconsignadas/datos?${MARZO}&asesor=${B}`)).canon).toEqual([0, 500_000]);
  });
});

describe('propiedadesretiradascausal', () => {
  it('counts withdrawals by causal, with the trend by month', async () => {
    const r = await informe(`propiedadesretiradascausal/datos?${MARZO}&asesor=${B}`);
    expect(sinEnlace(r)).toEqual([{ causal: 'Dueño vendió informe', retiradas: 1, arriendo: 1, venta: 1 }]);
    expect(r.serie).toEqual({ tipo: 'linea', etiquetas: ['2021-03'], series: [{ nombre: 'Retiradas', valores: [1] }] });
  });
});

describe('solicitudes', () => {
  it('counts requests by canal, tipo and estado with the hours to answer and close, and those over the deadline', async () => {
    const r = await informe(`solicitudes/datos?${MARZO}&asesor=${A}`);
    const fila = { canal: 'Teléfono', total: 1, descartadas: 0 };
    expect(sinEnlace(r)).toEqual([
      {
        ...fila,
        tipo: 'Arrendar un inmueble',
        abiertas: 0,
        resueltas: 1,
        horas_respuesta: 3,
        horas_cierre: 3,
        fuera_de_plazo: 0,
      },
      // Unanswered for years: past the default 1 day.
      {
        ...fila,
        tipo: 'Comprar un inmueble',
        abiertas: 1,
        resueltas: 0,
        horas_respuesta: null,
        horas_cierre: null,
        fuera_de_plazo: 1,
      },
    ]);
    expect(r.filtros.dias).toBeUndefined();
    expect(r.serie.etiquetas).toEqual(['Arrendar un inmueble', 'Comprar un inmueble']);
    expect(r.totales).toMatchObject({ total: 2, fuera_de_plazo: 1 });
  });
});

describe('clientesatendidos', () => {
  it('counts leads by medio publicitario, asesor, estado and result', async () => {
    const r = await informe(`clientesatendidos/datos?${MARZO}&asesor=${A}`);
    const fila = { asesor: 'Usuario ana.inf', total: 1, en_seguimiento: 0, con_otra: 0, sin_negocio: 0 };
    expect(sinEnlace(r)).toEqual([
      { ...fila, medio: 'Feria informe', activos: 1, cerrados: 0, con_nosotros: 0 },
      { ...fila, medio: 'Sin medio', activos: 0, cerrados: 1, con_nosotros: 1 },
    ]);
    expect(r.serie.etiquetas).toEqual(['Feria informe', 'Sin medio']);
    expect(resumen(r).total).toEqual([2, 0]);
  });
});

describe('seguimiento-asesores', () => {
  it('per asesor: open leads, those without follow-up, overdue tasks, citas without result', async () => {
    expect(sinEnlace(await informe(`seguimiento-asesores/datos?asesor=${A}`))).toEqual([
      { asesor: 'Usuario ana.inf', clientes_abiertos: 1, sin_seguimiento: 1, tareas_vencidas: 0, citas_sin_resultado: 0 },
    ]);
    expect(sinEnlace(await informe(`seguimiento-asesores/datos?asesor=${B}&dias=3650`))).toEqual([
      { asesor: 'Usuario beto.inf', clientes_abiertos: 0, sin_seguimiento: 0, tareas_vencidas: 0, citas_sin_resultado: 2 },
    ]);
  });
});

describe('bad input and permissions', () => {
  const malo = async (url: string, token = admin1) => {
    const r = await as(t.app, token).get(`/api/informes/${url}`);
    return { status: r.statusCode, message: (r.json() as { message: string }).message };
  };
  it('refuses unknown filters, ranges over 5 years, reversed ranges and bad values with Spanish messages', async () => {
    expect(await malo('citasporasesor/datos?foo=1')).toMatchObject({
      status: 400,
      message: expect.stringContaining('Filtro desconocido: foo'),
    });
    expect(await malo('citasporasesor/datos?dias=3')).toMatchObject({ status: 400, message: expect.stringContaining('dias') });
    expect(await malo('citasporasesor/datos?desde=2015-01-01&hasta=2021-01-01')).toMatchObject({
      status: 400,
      message: expect.stringContaining('no puede superar 5 años'),
    });
    expect(await malo('citasporasesor/datos?desde=2021-03-02&hasta=2021-03-01')).toMatchObject({ status: 400 });
    expect(await malo('visitas/datos?desde=2021-02-30')).toMatchObject({
      status: 400,
      message: expect.stringContaining('desde'),
    });
    expect(await malo('inmueblesnovisitados/datos?dias=0')).toMatchObject({ status: 400 });
    expect(await malo('visitas/exportar?formato=doc')).toMatchObject({
      status: 400,
      message: expect.stringContaining('formato'),
    });
  });
  it('answers 403 without the report’s idm', async () => {
    expect((await malo('citasporasesor/datos', sinPermiso)).status).toBe(403);
    expect((await malo('visitas/exportar?formato=xlsx', sinPermiso)).status).toBe(403);
  });
});

describe('exports', () => {
  it('Excel holds the screen’s rows and totals; text that looks like a formula is escaped', async () => {
    const pantalla = await informe(`visitas/datos?${MARZO}`);
    const r = await as(t.app, admin1).get(`/api/informes/visitas/exportar?${MARZO}&formato=xlsx`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/informe-visitas-\d{4}-\d{2}-\d{2}\.xlsx/);
    const hoja = await leerXlsx(r.rawPayload);
    expect(hoja[0]).toEqual(pantalla.columnas.map((c) => c.titulo));
    expect(hoja.slice(1, -1)).toHaveLength(pantalla.filas.length);
    expect(hoja[1]![5]).toBe("'=le gustó");

    const citas = await informe(`citasporasesor/datos?${MARZO}`);
    const x = await as(t.app, admin1).get(`/api/informes/citasporasesor/exportar?${MARZO}&formato=xlsx`);
    const filas = await leerXlsx(x.rawPayload);
    const total = filas.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total.slice(1)).toEqual(citas.columnas.slice(1).map((c) => citas.totales[c.clave]));
  });
  it('groups the export as the screen’s «Agrupar por»: each group’s heading, count and subtotals, then its rows', async () => {
    const pantalla = await informe(`visitas/datos?${MARZO}`);
    const r = await as(t.app, admin1).get(`/api/informes/visitas/exportar?${MARZO}&formato=xlsx&agrupar=asesores`);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    const hoja = await leerXlsx(r.rawPayload);
    const asesores = [...new Set(pantalla.filas.map((f) => f.asesores || 'Sin dato'))];
    // Heading rows name the asesor and count; every row follows the heading of its asesor.
    const encabezados = hoja
      .slice(1, -1)
      .filter((f) =>
        asesores.some((a) => f[0] === `${a} (${pantalla.filas.filter((x) => (x.asesores || 'Sin dato') === a).length})`),
      );
    expect(encabezados).toHaveLength(asesores.length);
    expect(hoja.slice(1, -1)).toHaveLength(pantalla.filas.length + asesores.length);
    expect(hoja.at(-1)![0]).toBe('Total');

    const pdf = await as(t.app, admin1).get(`/api/informes/visitas/exportar?${MARZO}&formato=pdf&agrupar=asesores`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'informe-'));
    await writeFile(join(dir, 'g.pdf'), pdf.rawPayload);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', join(dir, 'g.pdf'), '-']);
    await rm(dir, { recursive: true, force: true });
    for (const a of asesores) expect(stdout).toContain(`${a} (`);

    const malo = await as(t.app, admin1).get(`/api/informes/visitas/exportar?${MARZO}&formato=xlsx&agrupar=interes`);
    expect([malo.statusCode, malo.json().message]).toEqual([
      400,
      expect.stringContaining('agrupar debe ser una columna de texto del informe'),
    ]);
  });
  it('the new reports export too: gestión comercial’s Excel totals, the cruce and the register as PDF', async () => {
    const pantalla = await informe(`gestion-comercial/datos?${MARZO}&asesor=${A}`);
    const x = await as(t.app, admin1).get(`/api/informes/gestion-comercial/exportar?${MARZO}&asesor=${A}&formato=xlsx`);
    const hoja = await leerXlsx(x.rawPayload);
    expect(hoja[1]).toEqual(['Usuario ana.inf', 2, 1, 1, 1, 0, 1, 50, 1_200_000, 96_000]);
    // Conversion is a ratio: the «Total» row leaves it empty rather than adding percentages.
    expect(hoja.at(-1)).toEqual(['Total', 2, 1, 1, 1, 0, 1, null, pantalla.totales.valor, pantalla.totales.comision]);
    for (const url of [
      'cruceclientesinmuebles/exportar?formato=pdf',
      `clientesatendidosregistro/exportar?${MARZO}&formato=pdf`,
    ]) {
      const r = await as(t.app, admin1).get(`/api/informes/${url}`);
      expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
      expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
  it('PDF with the chart and the totals, and the company’s logo on the letterhead', async () => {
    const exportarPdf = async () => {
      const r = await as(t.app, admin2).get(`/api/informes/propiedadesretiradascausal/exportar?${MARZO}&formato=pdf`);
      expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      return r.rawPayload;
    };
    // pdfimages (poppler) lists the images drawn: the chart, then the chart and the logo.
    const imagenes = async (pdf: Buffer) => {
      const dir = await mkdtemp(join(tmpdir(), 'informe-'));
      await writeFile(join(dir, 'i.pdf'), pdf);
      const { stdout } = await promisify(execFile)('pdfimages', ['-list', join(dir, 'i.pdf')]);
      await rm(dir, { recursive: true, force: true });
      return stdout.trim().split('\n').slice(2).length;
    };
    const sinLogo = await imagenes(await exportarPdf());
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#96be0e' } })
      .png()
      .toBuffer();
    const body = multipart({ filename: 'logo.png', contentType: 'image/png', data: png });
    const subida = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${admin2}` },
    });
    expect(subida.statusCode, subida.body).toBe(200);
    expect(await imagenes(await exportarPdf())).toBe(sinLogo + 1);
  });
});

describe('asesores and read-only', () => {
  it('lists the company’s active users for the asesor filter, under the report’s idm', async () => {
    const r = await as(t.app, admin1).get('/api/informes/visitas/asesores');
    const nombres = (r.json().data as { nombre: string }[]).map((u) => u.nombre);
    expect(nombres).toEqual(expect.arrayContaining(['Usuario ana.inf', 'Usuario beto.inf']));
    expect((await as(t.app, sinPermiso).get('/api/informes/visitas/asesores')).statusCode).toBe(403);
  });
  it('a report’s transaction cannot write', async () => {
    const { soloLectura } = await import('./informes.ts');
    const error = await t.db
      .tenant(1, async (tx) => {
        await soloLectura(tx);
        await tx.execute(sql`insert into medios_captacion (nombre) values ('no debe quedar')`);
      })
      .then(() => null)
      .catch((e: unknown) => e as Error & { cause?: Error });
    // Drizzle wraps the driver's error; the database's own message is its cause.
    expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(/read-only/);
  });
  it('a report’s transaction is one read-only snapshot (REPEATABLE READ READ ONLY); others stay READ COMMITTED', async () => {
    const nivel = (instantanea: boolean) =>
      t.db.tenant(
        1,
        async (tx) =>
          (
            await queryRows<{ nivel: string; solo: string }>(
              tx,
              sql`select current_setting('transaction_isolation') as nivel, current_setting('transaction_read_only') as solo`,
            )
          )[0],
        instantanea ? { instantanea } : undefined,
      );
    expect(await nivel(true)).toEqual({ nivel: 'repeatable read', solo: 'on' });
    expect(await nivel(false)).toEqual({ nivel: 'read committed', solo: 'off' });
  });
  // PGlite serves one transaction at a time, so nothing can commit between a report's statements there.
  it.skipIf(!process.env.DATABASE_URL)(
    'the period, the previous period and the chart read one snapshot: a cita committed between them is not half seen',
    async () => {
      const { ejecutar } = await import('./informes.ts');
      // A report whose every statement counts the company's citas; another transaction adds one after the first.
      const informeQueInserta = (): DefInforme => {
        let veces = 0;
        const contar = async (tx: Tx) => {
          const r = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from cita`);
          if (veces++ === 0)
            await t.db.tenant(1, (otra) =>
              otra.execute(sql`insert into cita (titulo, inicio, fin, creado_por)
                values ('Entre sentencias', now(), now() + interval '1 hour', 'test')`),
            );
          return r.map((f) => ({ asesor: 'Todos', total: f.total }));
        };
        return {
          clave: 'citasporasesor',
          columnas: [{ clave: 'total', titulo: 'Citas', tipo: 'entero', total: true }],
          filas: (tx) => contar(tx),
          grafico: { etiqueta: 'asesor', valores: ['total'] },
          serie: async (tx) => (await contar(tx)).map((f) => ({ etiqueta: f.asesor, valores: { total: f.total } })),
        };
      };
      const correr = (instantanea: boolean) =>
        t.db.tenant(1, (tx) => ejecutar(tx, informeQueInserta(), {}), instantanea ? { instantanea } : undefined);
      const una = await correr(true);
      expect(una.resumen[0]!.anterior).toBe(una.resumen[0]!.valor);
      expect(una.serie.series[0]!.valores[0]).toBe(una.resumen[0]!.valor);
      // The same report in a READ COMMITTED transaction sees the cita from its second statement on.
      const dos = await correr(false);
      expect(dos.resumen[0]!.anterior).toBe(dos.resumen[0]!.valor + 1);
    },
  );
});

const diasDesde = (fecha: string) => {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  return Math.round((Date.parse(hoy) - Date.parse(fecha)) / 86_400_000);
};

describe('verificar-disponibilidad', () => {
  it('lists disponible properties not confirmed in N days, with the owner to call', async () => {
    // 9901 was confirmed 10 days ago (inside 30); 9902 never was: it counts from its consignment, 20 March 2021.
    const r = await informe(`verificar-disponibilidad/datos?asesor=${A}`);
    expect(sinEnlace(r)).toEqual([
      {
        consecutivo: 9902,
        direccion: 'Calle 9902',
        propietario: 'Cliente Informe',
        celular: '3001234567',
        asesor: 'Usuario ana.inf',
        ultima_confirmacion: null,
        confirmo: '',
        dias_sin_confirmar: diasDesde('2021-03-20'),
      },
    ]);
    expect(r.filas[0]!.enlace).toBe('/propiedades/inmueble/9902');
    expect(resumen(r).registros).toEqual([1, null]);
    const cinco = await informe(`verificar-disponibilidad/datos?asesor=${A}&dias=5`);
    expect(cinco.filas.map((f) => [f.consecutivo, f.confirmo, f.dias_sin_confirmar])).toEqual([
      [9902, '', diasDesde('2021-03-20')],
      [9901, 'ana.inf', 10],
    ]);
    expect(cinco.serie).toMatchObject({ etiquetas: ['Usuario ana.inf'], series: [{ valores: [2] }] });
    expect((await informe(`verificar-disponibilidad/datos?asesor=${B}`)).filas).toEqual([]);
  });
  it('«Confirmar disponibilidad» records who and when, audited; then the property leaves the list', async () => {
    const confirmar = (consecutivo: unknown, token = admin1) =>
      as(t.app, token).post('/api/informes/verificar-disponibilidad/confirmar', { consecutivo });
    const r = await confirmar(9902);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ consecutivo: 9902, usuario: DEMO.admin1.usuario });
    expect((await informe(`verificar-disponibilidad/datos?asesor=${A}`)).filas).toEqual([]);
    const [fila] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where accion = 'confirmar disponibilidad' and entidad = 'inmuebles' and entidad_id = '9902'`,
      ),
    );
    expect(fila!.n).toBe(1);
    // Retirado, unknown, bad body, without the idm, another company's view.
    expect((await confirmar(9903)).json()).toMatchObject({ message: expect.stringContaining('consecutivo') });
    expect((await confirmar(9903)).statusCode).toBe(400);
    expect((await confirmar(999_999)).statusCode).toBe(404);
    const malo = await confirmar('x');
    expect([malo.statusCode, malo.json().message]).toEqual([400, expect.stringContaining('consecutivo')]);
    expect((await confirmar(9901, sinPermiso)).statusCode).toBe(403);
    expect((await confirmar(9901, admin2)).statusCode).toBe(404);
  });
});

describe('gestion-comercial', () => {
  it('per asesor: leads in, visits, contracts, arrendados, vendidos, closed with us, conversion, value and commission', async () => {
    const r = await informe(`gestion-comercial/datos?${MARZO}&asesor=${A}`);
    expect(sinEnlace(r)).toEqual([
      {
        asesor: 'Usuario ana.inf',
        id_asesor: A,
        clientes: 2,
        visitas: 1,
        contratos: 1,
        arrendados: 1,
        vendidos: 0,
        cerrados: 1,
        conversion: 50,
        valor: 1_200_000,
        comision: 96_000,
      },
    ]);
    // February: A's visit to 9902 on the 15th, nothing else.
    expect(resumen(r)).toMatchObject({
      clientes: [2, 0],
      visitas: [1, 1],
      contratos: [1, 0],
      arrendados: [1, 0],
      valor: [1_200_000, 0],
      comision: [96_000, 0],
    });
    // B only has the visit late on 31 March (Bogotá): no leads, so no conversion.
    expect(sinEnlace(await informe(`gestion-comercial/datos?${MARZO}&asesor=${B}`))).toEqual([
      {
        asesor: 'Usuario beto.inf',
        id_asesor: B,
        clientes: 0,
        visitas: 1,
        contratos: 0,
        arrendados: 0,
        vendidos: 0,
        cerrados: 0,
        conversion: null,
        valor: 0,
        comision: 0,
      },
    ]);
    expect((await informe(`gestion-comercial/datos?${MARZO}`, admin2)).filas).toEqual([]);
  });
});

describe('clientesatendidosregistro', () => {
  it('lists the period’s leads with their requirements and follow-up, newest first', async () => {
    const r = await informe(`clientesatendidosregistro/datos?${MARZO}&asesor=${A}`);
    expect(
      r.filas.map((f) => [f.consecutivo, f.fecha_ingreso, f.medio, f.gestion, f.estado, f.notas, f.resultado, f.fecha_cierre]),
    ).toEqual([
      [9902, '2021-03-09', 'Sin medio', 'Arrendar', 'Cerrado', 0, 'Arrendó con nosotros', '2021-03-20'],
      [9901, '2021-03-08', 'Feria informe', 'Arrendar', 'Activo', 1, '', null],
    ]);
    expect(r.filas[1]!.requisitos).toMatch(/^casa · .+ · \$ 900\.000 a \$ 1\.100\.000$/);
    expect(r.filas[1]!.enlace).toBe('/propiedades/clientes-atendidos?abrir=9901');
    expect(resumen(r).registros).toEqual([2, 0]);
    expect(r.serie.etiquetas).toEqual(['Sin medio', 'Feria informe']);
    expect((await informe(`clientesatendidosregistro/datos?${MARZO}&asesor=${B}`)).filas).toEqual([]);
  });
  it('takes the client-statistics filter: the date option (ingreso or cierre) and one client', async () => {
    // 9902 closed on 20 March; 9901 is open (no fecha de cierre). From 15 March: only 9902's closing is in range.
    const cierre = await informe(`clientesatendidosregistro/datos?desde=2021-03-15&hasta=2021-03-31&fecha=cierre`);
    expect(cierre.filas.map((f) => f.consecutivo)).toEqual([9902]);
    expect(cierre.filtros.fecha).toBe('cierre');
    const ingreso = await informe(`clientesatendidosregistro/datos?desde=2021-03-15&hasta=2021-03-31&fecha=ingreso`);
    expect(ingreso.filas).toEqual([]);
    const uno = await informe(`clientesatendidosregistro/datos?${MARZO}&cliente=9901`);
    expect(uno.filas.map((f) => f.consecutivo)).toEqual([9901]);
    // Another company's register does not hold 9901 even by its number.
    expect((await informe(`clientesatendidosregistro/datos?${MARZO}&cliente=9901`, admin2)).filas).toEqual([]);
    for (const [q, mensaje] of [
      ['fecha=apertura', 'fecha debe ser ingreso o cierre'],
      ['cliente=abc', 'cliente debe ser un número'],
      ['cliente=0', 'cliente debe ser mayor que cero'],
    ] as const) {
      const r = await as(t.app, admin1).get(`/api/informes/clientesatendidosregistro/datos?${MARZO}&${q}`);
      expect([r.statusCode, r.json().message]).toEqual([400, expect.stringContaining(mensaje)]);
    }
    // The other reports do not take these filters.
    const otro = await as(t.app, admin1).get(`/api/informes/clientesatendidos/datos?${MARZO}&fecha=cierre`);
    expect([otro.statusCode, otro.json().message]).toEqual([400, expect.stringContaining('Filtro desconocido: fecha')]);
  });
  it('finds the client filter’s options by N.º or name, scoped like the report', async () => {
    const buscar = async (q: string, token = admin1) => {
      const r = await as(t.app, token).get(`/api/informes/clientesatendidosregistro/clientes?q=${encodeURIComponent(q)}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data as { consecutivo: number; nombre: string }[]).filter((c) => c.consecutivo >= 9901);
    };
    expect(await buscar('9901')).toEqual([{ consecutivo: 9901, nombre: 'Cliente Informe' }]);
    expect((await buscar('cliente infórme')).map((c) => c.consecutivo)).toEqual([9902, 9901]);
    // `%` is a character to find, not «anything».
    expect(await buscar('%')).toEqual([]);
    expect(await buscar('Cliente Informe', admin2)).toEqual([]);
    expect((await buscar('Cliente Informe', ana)).map((c) => c.consecutivo)).toEqual([9902, 9901]);
    const sin = await as(t.app, sinPermiso).get('/api/informes/clientesatendidosregistro/clientes?q=9901');
    expect(sin.statusCode).toBe(403);
  });
});

describe('cruceclientesinmuebles', () => {
  it('pairs open leads with disponible properties, with the score and its reasons', async () => {
    // Lead 9901 (rent, casa, 0.9–1.1 M): 9901 at 1 M scores 100; 9902 is for sale, 9904 is rented.
    const r = await informe(`cruceclientesinmuebles/datos?asesor=${A}`);
    expect(sinEnlace(r)).toEqual([
      {
        cliente: '9901 · Cliente Informe',
        asesor: 'Usuario ana.inf',
        inmueble: '9901 · Calle 9901',
        puntaje: 100,
        motivos: 'Precio dentro del rango',
        enviado: null,
        consecutivo_cliente: 9901,
        consecutivo_inmueble: 9901,
      },
    ]);
    expect(r.filas[0]!.enlace).toBe('/propiedades/clientes-atendidos?abrir=9901');
    expect((await informe(`cruceclientesinmuebles/datos?asesor=${B}`)).filas).toEqual([]);
    const otra = await informe('cruceclientesinmuebles/datos', admin2);
    expect(otra.filas.filter((f) => String(f.cliente).startsWith('9901 ·'))).toEqual([]);
  });
});

describe('cruce, read by lead', () => {
  it('reading the leads a few at a time gives the same best pairs as ranking them all', async () => {
    const { cruce } = await import('../clientes/clientes-coincidencias.service.ts');
    const clave = (f: { cliente: number; inmueble: number; puntaje: number }) => `${f.cliente}/${f.inmueble}/${f.puntaje}`;
    await t.db.tenant(1, async (tx) => {
      const todos = (await cruce(tx, null, 2000)).map(clave);
      expect(todos.length).toBeGreaterThan(0);
      for (const k of [1, 2, 3, 5, 8, 13]) expect((await cruce(tx, null, k)).map(clave)).toEqual(todos.slice(0, k));
    });
  });
});

describe('asesor scoping', () => {
  it('an asesor without the manager permission sees only their own rows and asesor option', async () => {
    const r = await informe(`citasporasesor/datos?${MARZO}`, ana);
    expect(r.filtros.asesor).toBe(A);
    expect(r.filas.map((f) => f.asesor)).toEqual(['Usuario ana.inf']);
    expect(sinEnlace(await informe(`cruceclientesinmuebles/datos`, ana)).map((f) => f.asesor)).toEqual(['Usuario ana.inf']);
    expect((await informe(`clientesatendidosregistro/datos?${MARZO}`, ana)).filas.map((f) => f.consecutivo)).toEqual([
      9902, 9901,
    ]);
    const otro = await as(t.app, ana).get(`/api/informes/citasporasesor/datos?${MARZO}&asesor=${B}`);
    expect([otro.statusCode, otro.json().message]).toEqual([403, expect.stringContaining('sus propios datos')]);
    expect((await as(t.app, ana).get(`/api/informes/visitas/exportar?${MARZO}&asesor=${B}&formato=xlsx`)).statusCode).toBe(403);
    const opciones = await as(t.app, ana).get('/api/informes/citasporasesor/asesores');
    expect(opciones.json().data).toEqual([{ id: A, nombre: 'Usuario ana.inf' }]);
    // 9903 is B's: Ana cannot confirm it (its estado is never looked at).
    const ajeno = await as(t.app, ana).post('/api/informes/verificar-disponibilidad/confirmar', { consecutivo: 9903 });
    expect(ajeno.statusCode).toBe(403);
  });
  it('admemp and whoever has Gestión comercial (10590) see every asesor', async () => {
    for (const token of [admin1, gerente]) {
      const r = await informe(`citasporasesor/datos?${MARZO}`, token);
      expect(r.filas.map((f) => f.asesor)).toEqual(['Usuario beto.inf', 'Usuario ana.inf']);
    }
    expect((await informe(`gestion-comercial/datos?${MARZO}`, gerente)).filas.map((f) => f.asesor)).toEqual(
      expect.arrayContaining(['Usuario ana.inf', 'Usuario beto.inf']),
    );
  });
});

describe('tablero de gerencia (Inicio)', () => {
  it('gives this month’s figures as the reports give them, to managers only', async () => {
    // The gerente holds Gestión comercial (10590) and not the other reports' ids; admin1 reads those.
    const r = await as(t.app, gerente).get('/api/informes/tablero');
    expect(r.statusCode, r.body).toBe(200);
    const tab = r.json().data as TableroGerencia;
    const gc = await informe('gestion-comercial/datos');
    expect([tab.desde, tab.hasta]).toEqual([gc.filtros.desde, gc.filtros.hasta]);
    const cifra = (clave: string) => tab.cifras.find((c) => c.clave === clave);
    for (const c of gc.resumen.filter((x) => ['arrendados', 'vendidos', 'clientes', 'visitas', 'valor'].includes(x.clave)))
      expect(cifra(`gestion-comercial.${c.clave}`)).toMatchObject({
        valor: c.valor,
        anterior: c.anterior,
        informe: 'gestion-comercial',
      });
    expect(cifra('gestion-comercial.valor')?.dinero).toBe(true);
    expect(cifra('propiedadesconsignadas.captaciones')?.valor).toBe((await informe('propiedadesconsignadas/datos')).filas.length);
    const sa = resumen(await informe('seguimiento-asesores/datos'));
    expect(cifra('seguimiento-asesores.sin_seguimiento')?.valor).toBe(sa.sin_seguimiento![0]);
    const ca = await informe('clientesatendidos/datos');
    expect(tab.medios.reduce((n, m) => n + m.clientes, 0)).toBeLessThanOrEqual(ca.totales.total as number);
    // Ana sees only her own rows in the reports, so the agency's month is not hers to see.
    expect((await as(t.app, ana).get('/api/informes/tablero')).statusCode).toBe(403);
    expect((await as(t.app, admin1).get('/api/informes/tablero')).statusCode).toBe(200);
  });
});
