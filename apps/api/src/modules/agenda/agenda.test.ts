import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Cita, CitaCalendario, VinculoCita } from '@predio/contract/agenda';
import { festivos } from '@predio/contract/festivos';
import { queryRows } from '../../db/rows.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  tokenClaims,
  type TestApp,
  ok as okDe,
  type Respondida,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let sin489: string;
let idAdmin: number;
let idAsesor: number;
let visita: number;
let reunion: number;
let categoriaOtra: number;
let interesado: number;
let consecutivo: number;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const esperaError = (r: LightMyRequestResponse, status: number, campo?: string) => {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { code: number; message: string; data?: unknown };
  expect(body.code).not.toBe(20000);
  if (campo) expect(body.message).toContain(campo);
  return body;
};

const ok = <T = Cita>(r: Respondida): T => okDe<T>(r);

/**
 * A day from today at hh:mm Bogotá, as ISO with offset; a Colombian holiday or a Sunday (the office is
 * closed by default) moves to the next day, so no warning.
 */
const dia = (d: number, hh: number, mm = 0) => {
  let n = d;
  const fecha = () => new Date(Date.now() - 5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  while (festivos(Number(fecha().slice(0, 4))).has(fecha()) || new Date(`${fecha()}T12:00:00Z`).getUTCDay() === 0) n++;
  return `${fecha()}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-05:00`;
};

const idDe = async (empresa: number, q: ReturnType<typeof sql>) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;

const notificaciones = async (token: string) =>
  ok<{ items: { tipo_Carta: number; titulo: string; enlace: string; cuerpo: string }[] }>(
    await as(t.app, token).get('/api/notificaciones'),
  ).items;

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  asesor1 = await login(t.app, DEMO.asesor1);
  admin2 = await login(t.app, DEMO.admin2);
  idAdmin = tokenClaims(admin1).idUsuario;
  idAsesor = tokenClaims(asesor1).idUsuario;
  await crearUsuario(t.db, 1, { usuario: 'sin489', nroId: '80001', permisos: '490,491' });
  sin489 = await login(t.app, { idEmpresa: 1, usuario: 'sin489', clave: 'demo1234' });
  visita = await idDe(1, sql`select id from categorias_agenda where nombre = 'Visita'`);
  reunion = await idDe(1, sql`select id from categorias_agenda where nombre = 'Reunión'`);
  categoriaOtra = await idDe(2, sql`select id from categorias_agenda where nombre = 'Visita'`);
  interesado = await idDe(1, sql`select id from resultados_agenda where nombre = 'Interesado'`);
  const municipio = await idDe(1, sql`select id from municipios order by id limit 1`);
  const inm = await as(t.app, admin1).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Carrera 43A # 1-50 Apto 802',
    id_municipio: municipio,
    canon: 2_500_000,
  });
  consecutivo = ok<{ consecutivo: number }>(inm).consecutivo;
});
afterAll(() => t.close());

describe('citas: create, read in a range, move, close with a result, delete', () => {
  let id: number;

  it('creates a visit to a property; its place is the address; the asesor is told (101)', async () => {
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Visita apartamento Poblado',
        id_categoria: visita,
        inicio: dia(2, 10),
        fin: dia(2, 11),
        asesores: [idAsesor],
        consecutivo_inmueble: consecutivo,
      }),
    );
    id = c.id;
    expect(c).toMatchObject({
      titulo: 'Visita apartamento Poblado',
      categoria: { id: visita, nombre: 'Visita', color: '#1890ff' },
      estado: 'programada',
      lugar: 'Carrera 43A # 1-50 Apto 802',
      inmueble: { consecutivo, direccion: 'Carrera 43A # 1-50 Apto 802' },
      asesores: [{ id: idAsesor }],
      version: 1,
    });
    expect(c.inicio).toBe(new Date(dia(2, 10)).toISOString());
    const n = (await notificaciones(asesor1)).find((x) => x.titulo === 'Nueva cita: Visita apartamento Poblado');
    expect(n).toMatchObject({ tipo_Carta: 101, enlace: `/archivo/agenda?cita=${id}` });
  });

  it('lists what overlaps the range, filtered by asesor and category', async () => {
    const semana = { desde: dia(0, 0), hasta: dia(7, 0) };
    const q = (extra: Record<string, string>) => `/api/citas?${new URLSearchParams({ ...semana, ...extra }).toString()}`;
    const semanaEntera = ok<CitaCalendario[]>(await as(t.app, admin1).get(q({})));
    // The calendar gets what it draws; names and colours come from /citas/opciones, the rest from /citas/:id.
    expect(semanaEntera.find((c) => c.id === id)).toEqual({
      id,
      titulo: expect.any(String) as string,
      inicio: new Date(dia(2, 10)).toISOString(),
      fin: expect.any(String) as string,
      todo_el_dia: false,
      estado: 'programada',
      version: 1,
      id_categoria: expect.any(Number) as number,
      asesores: [idAsesor],
      id_serie: null,
    });
    expect(ok<CitaCalendario[]>(await as(t.app, admin1).get(q({ asesores: String(idAsesor) }))).map((c) => c.id)).toEqual([id]);
    expect(ok<CitaCalendario[]>(await as(t.app, admin1).get(q({ asesores: String(idAdmin) })))).toEqual([]);
    expect(ok<Cita[]>(await as(t.app, admin1).get(q({ categorias: String(reunion) })))).toEqual([]);
    // A range ending when it starts does not hold it.
    expect(
      ok<Cita[]>(await as(t.app, admin1).get(`/api/citas?${new URLSearchParams({ desde: dia(0, 0), hasta: dia(2, 10) })}`)),
    ).toEqual([]);
    // The property's history shows it.
    expect(ok<Cita[]>(await as(t.app, admin1).get(`/api/citas/inmueble/${consecutivo}`)).map((c) => c.id)).toEqual([id]);
  });

  it('reads the week again after any change: the kept answer follows the agenda version', async () => {
    const q = `/api/citas?${new URLSearchParams({ desde: dia(20, 0), hasta: dia(27, 0) }).toString()}`;
    const semana = async () => ok<CitaCalendario[]>(await as(t.app, admin1).get(q));
    expect(await semana()).toEqual([]);
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        confirmar: true,
        titulo: 'Reunión de cierre',
        inicio: dia(21, 9),
        fin: dia(21, 10),
        asesores: [idAdmin],
      }),
    );
    expect((await semana()).map((x) => [x.id, x.titulo, x.asesores])).toEqual([[c.id, 'Reunión de cierre', [idAdmin]]]);
    expect(await semana()).toHaveLength(1);
    ok(await pedir(admin1, 'PATCH', `/api/citas/${c.id}`, { confirmar: true, titulo: 'Reunión de firma', asesores: [idAsesor] }));
    expect((await semana()).map((x) => [x.titulo, x.asesores, x.version])).toEqual([['Reunión de firma', [idAsesor], 2]]);
    // Another company reading the same range never gets this company's kept answer.
    expect(ok<CitaCalendario[]>(await as(t.app, admin2).get(q))).toEqual([]);
    ok<null>(await pedir(admin1, 'DELETE', `/api/citas/${c.id}`));
    expect(await semana()).toEqual([]);
  });

  it('creates citas from a lead, a solicitud and a tercero, and each lists its own', async () => {
    const tercero = await idDe(1, sql`select id from terceros order by id limit 1`);
    const lead = await as(t.app, admin1).post('/api/clientes-atendidos', { id_tercero: tercero, gestion: 'arriendo' });
    expect(lead.statusCode, lead.body).toBe(200);
    const idLead = (lead.json() as { data: { id: number } }).data.id;
    const sol = await as(t.app, admin1).post('/api/solicitudes', {
      canal: 'telefono',
      tipo: 'arrendar',
      id_tercero: tercero,
      mensaje: 'Quiere ver apartamentos en El Poblado.',
    });
    expect(sol.statusCode, sol.body).toBe(200);
    const numero = (sol.json() as { data: { numero: number } }).data.numero;

    const v = ok<VinculoCita>(await as(t.app, admin1).get(`/api/citas/vinculo/cliente/${idLead}`));
    expect(v).toMatchObject({ id_cliente_atendido: idLead, id_solicitud: null, participante: { id: tercero } });
    expect(v.etiqueta).toMatch(/^Cliente atendido \d+$/);
    const vs = ok<VinculoCita>(await as(t.app, admin1).get(`/api/citas/vinculo/solicitud/${numero}`));
    expect(vs).toMatchObject({ etiqueta: `Solicitud ${numero}`, id_cliente_atendido: null, participante: { id: tercero } });

    const crear = async (titulo: string, extra: Record<string, unknown>) =>
      ok(
        await as(t.app, admin1).post('/api/citas', {
          confirmar: true,
          titulo,
          inicio: dia(40, 9),
          fin: dia(40, 10),
          asesores: [idAsesor],
          participantes: [tercero],
          ...extra,
        }),
      );
    const deLead = await crear('Primera visita del lead', { id_cliente_atendido: v.id_cliente_atendido });
    const deSol = await crear('Llamada de la solicitud', { id_solicitud: vs.id_solicitud });
    const ids = async (url: string) => ok<Cita[]>(await as(t.app, admin1).get(url)).map((c) => c.id);
    expect(await ids(`/api/citas/cliente/${idLead}`)).toEqual([deLead.id]);
    expect(await ids(`/api/citas/solicitud/${numero}`)).toEqual([deSol.id]);
    expect(await ids(`/api/citas/tercero/${tercero}`)).toEqual(expect.arrayContaining([deLead.id, deSol.id]));
    // Another company's records are not found; without 489, no agenda.
    esperaError(await as(t.app, admin2).get(`/api/citas/cliente/${idLead}`), 404);
    esperaError(await as(t.app, admin2).get(`/api/citas/vinculo/solicitud/${numero}`), 404);
    esperaError(await as(t.app, sin489).get(`/api/citas/tercero/${tercero}`), 403);
    esperaError(await as(t.app, admin1).get('/api/citas/solicitud/abc'), 400, 'id');
    for (const c of [deLead, deSol]) ok<null>(await pedir(admin1, 'DELETE', `/api/citas/${c.id}`));
  });

  it('moves it to another day (a drag): audited field by field, the asesor told (103)', async () => {
    const tercero = await idDe(1, sql`select id from terceros order by id limit 1`);
    ok(
      await pedir(admin1, 'PATCH', `/api/citas/${id}`, {
        lugar: 'Portería del edificio',
        notas: 'Llevar llaves',
        participantes: [tercero],
      }),
    );
    const c = ok(await pedir(admin1, 'PATCH', `/api/citas/${id}`, { inicio: dia(3, 15), fin: dia(3, 16, 30), version: 2 }));
    // What the drag did not send is kept.
    expect(c).toMatchObject({ lugar: 'Portería del edificio', notas: 'Llevar llaves', participantes: [{ id: tercero }] });
    expect(c).toMatchObject({ version: 3, titulo: 'Visita apartamento Poblado' });
    expect(c.fin).toBe(new Date(dia(3, 16, 30)).toISOString());
    const [a] = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: Record<string, { antes: unknown; despues: unknown }> }>(
        tx,
        sql`select cambios from auditoria where entidad = 'citas' and entidad_id = ${String(id)} and accion = 'modificar'
            order by id desc limit 1`,
      ),
    );
    expect(Object.keys(a!.cambios).sort()).toEqual(['fin', 'inicio']);
    expect(a!.cambios.inicio).toEqual({ antes: new Date(dia(2, 10)).toISOString(), despues: new Date(dia(3, 15)).toISOString() });
    expect((await notificaciones(asesor1)).find((x) => x.titulo === 'Cita modificada: Visita apartamento Poblado')).toMatchObject(
      {
        tipo_Carta: 103,
      },
    );
    // The old version is refused.
    esperaError(await pedir(admin1, 'PATCH', `/api/citas/${id}`, { titulo: 'Otra', version: 2 }), 409);
  });

  it('is marked realizada with a result, comments and interest', async () => {
    const c = ok(
      await pedir(admin1, 'PATCH', `/api/citas/${id}`, {
        estado: 'realizada',
        id_resultado: interesado,
        comentario_resultado: 'Le gustó la vista; pregunta por el parqueadero.',
        interes: 4,
      }),
    );
    expect(c).toMatchObject({ estado: 'realizada', resultado: { id: interesado, nombre: 'Interesado' }, interes: 4 });
  });

  it('is deleted, and another company never sees it', async () => {
    const otra = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Reunión de equipo',
        id_categoria: reunion,
        inicio: dia(5, 8),
        fin: dia(5, 9),
        asesores: [idAdmin],
      }),
    );
    esperaError(await as(t.app, admin2).get(`/api/citas/${otra.id}`), 404);
    esperaError(await pedir(admin2, 'PATCH', `/api/citas/${otra.id}`, { titulo: 'x' }), 404);
    esperaError(await pedir(admin2, 'DELETE', `/api/citas/${otra.id}`), 404);
    expect(
      ok<Cita[]>(await as(t.app, admin2).get(`/api/citas?${new URLSearchParams({ desde: dia(0, 0), hasta: dia(30, 0) })}`)),
    ).toEqual([]);
    ok<null>(await pedir(admin1, 'DELETE', `/api/citas/${otra.id}`));
    esperaError(await as(t.app, admin1).get(`/api/citas/${otra.id}`), 404);
  });
});

describe('bad input, permission and company', () => {
  const base = () => ({ titulo: 'Llamada', inicio: dia(4, 9), fin: dia(4, 10), asesores: [idAdmin] });

  it('refuses bad input with 400 naming the field, never a 500', async () => {
    const inactivo = await crearUsuario(t.db, 1, { usuario: 'retirado', nroId: '80002', permisos: '489' });
    await t.db.tenant(1, (tx) => tx.execute(sql`update usuarios set activo = false where id = ${inactivo}`));
    const casos: [Record<string, unknown>, string][] = [
      [{ ...base(), fin: dia(4, 8) }, 'Fin'],
      [{ ...base(), fin: dia(4, 9) }, 'Fin'],
      [{ ...base(), fin: dia(14, 9) }, 'fin'],
      [{ ...base(), inicio: 'mañana' }, 'Inicio'],
      [{ ...base(), titulo: '' }, 'Título'],
      [{ ...base(), asesores: [] }, 'Asesores'],
      [{ ...base(), asesores: [999_999] }, 'asesores'],
      [{ ...base(), asesores: [inactivo] }, 'inactivo'],
      [{ ...base(), id_categoria: categoriaOtra }, 'Categoría'],
      [{ ...base(), id_resultado: interesado }, 'Resultado'],
      [{ ...base(), consecutivo_inmueble: 99_999 }, 'consecutivo_inmueble'],
      [{ ...base(), participantes: [999_999] }, 'participantes'],
      [{ ...base(), estado: 'perdida' }, 'Estado'],
      [{ ...base(), interes: 9 }, 'Interés'],
    ];
    for (const [body, campo] of casos) esperaError(await as(t.app, admin1).post('/api/citas', body), 400, campo);
    esperaError(await as(t.app, admin1).get('/api/citas?desde=ayer&hasta=hoy'), 400, 'desde');
    esperaError(
      await as(t.app, admin1).get(`/api/citas?${new URLSearchParams({ desde: dia(0, 0), hasta: dia(200, 0) })}`),
      400,
      'hasta',
    );
    esperaError(await as(t.app, admin1).get('/api/citas/abc'), 400, 'id');
  });

  it('answers 403 without idm 489', async () => {
    esperaError(await as(t.app, sin489).get(`/api/citas?${new URLSearchParams({ desde: dia(0, 0), hasta: dia(7, 0) })}`), 403);
    esperaError(await as(t.app, sin489).post('/api/citas', base()), 403);
    esperaError(await as(t.app, sin489).get('/api/citas/opciones'), 403);
  });

  it('gives the calendar its asesores with colour and visibility, categories and results', async () => {
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update terceros set coloragenda = '#ff0000', desactivado_en_agenda = true
                     where nro_id = (select nro_id from usuarios where id = ${idAsesor})`),
    );
    const o = ok<{ asesores: { id: number; color: string; desactivado: boolean }[]; categorias: { nombre: string }[] }>(
      await as(t.app, admin1).get('/api/citas/opciones'),
    );
    expect(o.asesores.find((a) => a.id === idAsesor)).toMatchObject({ color: '#ff0000', desactivado: true });
    expect(o.categorias.map((c) => c.nombre)).toContain('Visita');
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update terceros set coloragenda = '', desactivado_en_agenda = false
                     where nro_id = (select nro_id from usuarios where id = ${idAsesor})`),
    );
  });
});

describe('conflicts', () => {
  it('warns with 409 naming the other cita of the same asesor, and saves after confirmation', async () => {
    const primera = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Captación casa Envigado',
        inicio: dia(6, 9),
        fin: dia(6, 10),
        asesores: [idAsesor],
      }),
    );
    const body = { titulo: 'Firma contrato', inicio: dia(6, 9, 30), fin: dia(6, 10, 30), asesores: [idAsesor] };
    const e = esperaError(await as(t.app, admin1).post('/api/citas', body), 409, 'Captación casa Envigado');
    expect(e.data).toEqual({
      conflictos: [expect.objectContaining({ id: primera.id, titulo: 'Captación casa Envigado' })],
      festivo: null,
      fueraDeHorario: null,
    });
    // Back to back is no conflict; a cancelled one neither.
    ok(await as(t.app, admin1).post('/api/citas', { ...body, inicio: dia(6, 10), fin: dia(6, 11), titulo: 'Después' }));
    const segunda = ok(await as(t.app, admin1).post('/api/citas', { ...body, confirmar: true }));
    expect(segunda.titulo).toBe('Firma contrato');
    ok(await pedir(admin1, 'PATCH', `/api/citas/${primera.id}`, { estado: 'cancelada' }));
    expect((await notificaciones(asesor1)).find((x) => x.titulo === 'Cita cancelada: Captación casa Envigado')).toMatchObject({
      tipo_Carta: 103,
    });
    ok(await as(t.app, admin1).post('/api/citas', { ...body, titulo: 'Tercera', asesores: [idAdmin] }));
  });
});

describe('reminders (102)', () => {
  type Trabajo = { id: number; estado: string; ejecutar_en: Date; resultado: unknown };
  const trabajosDe = (idCita: number) =>
    t.db.system((tx) =>
      queryRows<Trabajo>(
        tx,
        sql`select id, estado, ejecutar_en, resultado from trabajo
            where tipo = 'agenda.recordatorio' and (datos->>'idCita')::int = ${idCita} order by id`,
      ),
    );
  /** The test clock: the jobs' due time moved back, as if that much time had passed. */
  const pasan = (minutos: number) =>
    t.db.system((tx) =>
      tx.execute(sql`update trabajo set ejecutar_en = ejecutar_en - ${minutos} * interval '1 minute'
                     where tipo = 'agenda.recordatorio' and estado = 'pendiente'`),
    );

  it('goes out once, the configured minutes before the start; a moved cita reminds at its new time only', async () => {
    ok<{ minutos: number }>(await pedir(asesor1, 'PUT', '/api/citas/preferencias', { minutos: 30 }));
    expect(ok<{ minutos: number }>(await as(t.app, asesor1).get('/api/citas/preferencias'))).toEqual({ minutos: 30 });
    esperaError(await pedir(asesor1, 'PUT', '/api/citas/preferencias', { minutos: -1 }), 400, 'Minutos');
    const inicio = new Date(Date.now() + 3 * 3_600_000);
    inicio.setUTCSeconds(0, 0);
    const fin = new Date(inicio.getTime() + 3_600_000);
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Entrega de llaves',
        inicio: inicio.toISOString(),
        fin: fin.toISOString(),
        asesores: [idAsesor],
        confirmar: true,
      }),
    );
    const [j] = await trabajosDe(c.id);
    expect(new Date(j!.ejecutar_en).getTime()).toBe(inicio.getTime() - 30 * 60_000);
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    expect((await trabajosDe(c.id))[0]!.estado).toBe('pendiente');
    const titulo = 'Recordatorio: Entrega de llaves';
    expect((await notificaciones(asesor1)).filter((x) => x.titulo === titulo)).toHaveLength(0);

    await pasan(150); // 2 h 30 min later: its time
    await runner.vuelta();
    expect((await trabajosDe(c.id))[0]).toMatchObject({ estado: 'terminado', resultado: { enviado: true } });
    expect((await notificaciones(asesor1)).filter((x) => x.titulo === titulo)).toEqual([
      expect.objectContaining({ tipo_Carta: 102, enlace: `/archivo/agenda?cita=${c.id}` }),
    ]);
    // «… 9:00 a. m.» ends the sentence with its own period.
    expect((await notificaciones(asesor1)).find((x) => x.titulo === titulo)!.cuerpo).toMatch(/[ap]\. m\.$/);
    // Run again (a lost lease): nothing more is sent.
    await t.db.system((tx) => tx.execute(sql`update trabajo set estado = 'pendiente' where id = ${j!.id}`));
    await runner.vuelta();
    expect((await trabajosDe(c.id))[0]).toMatchObject({
      estado: 'terminado',
      resultado: { enviado: false, motivo: 'ya enviado' },
    });
    expect((await notificaciones(asesor1)).filter((x) => x.titulo === titulo)).toHaveLength(1);

    // Moved a day later: a new job for the new start.
    const nuevoInicio = new Date(inicio.getTime() + 86_400_000);
    ok(
      await pedir(admin1, 'PATCH', `/api/citas/${c.id}`, {
        inicio: nuevoInicio.toISOString(),
        fin: new Date(fin.getTime() + 86_400_000).toISOString(),
        confirmar: true,
      }),
    );
    const js = await trabajosDe(c.id);
    expect(js).toHaveLength(2);
    expect(new Date(js[1]!.ejecutar_en).getTime()).toBe(nuevoInicio.getTime() - 30 * 60_000);
    await runner.stop();
  });
});

describe('Modificaciones de agenda (idm 19)', () => {
  type Mod = { id_cita: number; titulo: string; campo: string; antes: string; despues: string; usuario: string; accion: string };
  it('lists each changed field with names and Bogotá times, filtered by cita, asesor and dates; exports; 403 without 19', async () => {
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Visita bodega',
        id_categoria: visita,
        inicio: dia(8, 9),
        fin: dia(8, 10),
        asesores: [idAdmin],
        confirmar: true,
      }),
    );
    ok(
      await pedir(admin1, 'PATCH', `/api/citas/${c.id}`, {
        inicio: dia(9, 14),
        fin: dia(9, 15),
        asesores: [idAsesor],
        confirmar: true,
      }),
    );
    const r = ok<{ items: Mod[]; total: number }>(await as(t.app, admin1).get(`/api/citas/modificaciones?id_cita=${c.id}`));
    const mod = r.items.filter((m) => m.accion === 'modificar');
    expect(mod.map((m) => m.campo).sort()).toEqual(['asesores', 'fin', 'inicio']);
    const inicio = mod.find((m) => m.campo === 'inicio')!;
    expect(inicio).toMatchObject({ titulo: 'Visita bodega', usuario: 'admin' });
    expect(inicio.antes.replace(/\s/g, ' ')).toMatch(/9:00 a\. m\./);
    expect(inicio.despues.replace(/\s/g, ' ')).toMatch(/2:00 p\. m\./);
    expect(mod.find((m) => m.campo === 'asesores')).toMatchObject({ antes: 'Carlos Andrés Restrepo Gómez' });
    expect(r.items.find((m) => m.accion === 'crear' && m.campo === 'id_categoria')).toMatchObject({ despues: 'Visita' });
    // A creation's empty fields say nothing.
    expect(r.items.filter((m) => m.accion === 'crear' && ['notas', 'participantes', 'lugar'].includes(m.campo))).toEqual([]);
    // By asesor: the one it was taken from still finds the change.
    const porAdmin = ok<{ items: Mod[] }>(
      await as(t.app, admin1).get(`/api/citas/modificaciones?asesor=${idAdmin}&pageSize=200`),
    );
    expect(porAdmin.items.some((m) => m.id_cita === c.id && m.campo === 'asesores')).toBe(true);
    const manana = dia(1, 0).slice(0, 10);
    expect(ok<{ total: number }>(await as(t.app, admin1).get(`/api/citas/modificaciones?desde=${manana}`)).total).toBe(0);
    esperaError(await as(t.app, admin1).get(`/api/citas/modificaciones?desde=${manana}&hasta=2020-01-01`), 400, 'hasta');
    const x = await as(t.app, admin1).get(`/api/citas/modificaciones/exportar?id_cita=${c.id}&formato=csv`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.body).toContain('Visita bodega');
    esperaError(await as(t.app, asesor1).get('/api/citas/modificaciones'), 403);
    expect(ok<{ total: number }>(await as(t.app, admin2).get('/api/citas/modificaciones')).total).toBe(0);
  });
});

describe('Colombian holidays', () => {
  it('warns with 409 naming the holiday, and saves after confirmation', async () => {
    const body = {
      titulo: 'Visita en festivo',
      inicio: '2027-07-20T10:00:00-05:00',
      fin: '2027-07-20T11:00:00-05:00',
      asesores: [idAdmin],
    };
    const e = esperaError(await as(t.app, admin1).post('/api/citas', body), 409, 'Día de la Independencia');
    expect(e.data).toEqual({ conflictos: [], festivo: 'Día de la Independencia', fueraDeHorario: null });
    ok(await as(t.app, admin1).post('/api/citas', { ...body, confirmar: true }));
  });
});

describe('office hours', () => {
  const configurar = (ajustes: Record<string, unknown>) =>
    pedir(admin1, 'PUT', '/api/configurarPredio/configuracion', { ajustes });

  it('warns with 409 outside the hours set in Configurar, by day and by hour, and saves after confirmation', async () => {
    // Monday 2027-03-01 and Sunday 2027-03-07 are no holidays.
    const lunes = (h: string) => `2027-03-01T${h}:00-05:00`;
    const base = { titulo: 'Visita temprana', asesores: [idAdmin] };
    const temprano = { ...base, inicio: lunes('07:00'), fin: lunes('08:00') };
    let e = esperaError(
      await as(t.app, admin1).post('/api/citas', temprano),
      409,
      'fuera del horario de la oficina (de 08:00 a 18:00)',
    );
    expect(e.data).toEqual({
      conflictos: [],
      festivo: null,
      fueraDeHorario: 'La cita queda fuera del horario de la oficina (de 08:00 a 18:00).',
    });
    const domingo = { ...base, inicio: '2027-03-07T10:00:00-05:00', fin: '2027-03-07T11:00:00-05:00' };
    e = esperaError(await as(t.app, admin1).post('/api/citas', domingo), 409, 'La oficina no atiende los domingos.');
    // An all-day cita on an open day fits; a late one ending after closing does not.
    ok(
      await as(t.app, admin1).post('/api/citas', {
        ...base,
        inicio: lunes('00:00'),
        fin: '2027-03-02T00:00:00-05:00',
        todo_el_dia: true,
      }),
    );
    esperaError(
      await as(t.app, admin1).post('/api/citas', { ...base, inicio: lunes('17:30'), fin: lunes('18:30') }),
      409,
      'horario',
    );
    ok(await as(t.app, admin1).post('/api/citas', { ...temprano, confirmar: true }));

    // The company opens at 7 and on Sundays: the same citas save without asking.
    ok(await configurar({ horarioDesde: '07:00', horarioHasta: '19:00', horarioDias: [1, 2, 3, 4, 5, 6, 7] }));
    ok(await as(t.app, admin1).post('/api/citas', { ...temprano, titulo: 'Otra temprana', asesores: [idAsesor] }));
    ok(await as(t.app, admin1).post('/api/citas', domingo));
    ok(await configurar({}));
  });

  it('refuses office hours that close before they open, naming the field', async () => {
    esperaError(await configurar({ horarioDesde: '18:00', horarioHasta: '08:00' }), 400, 'ajustes.horarioHasta');
    esperaError(await configurar({ horarioDesde: '8 am' }), 400, 'ajustes.horarioDesde');
    esperaError(await configurar({ horarioDias: [0] }), 400, 'ajustes.horarioDias');
  });
});
