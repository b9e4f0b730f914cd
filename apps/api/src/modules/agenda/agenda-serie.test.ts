import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ical from 'node-ical';
import type { Cita, CitaCalendario, ModificacionAgenda } from '@predio/contract/agenda';
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

// Recurring citas: a series writes one cita per occurrence; «solo esta» and «toda la serie».

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let sin489: string;
let idAdmin: number;
let idAsesor: number;

const DIA = 86_400_000;
const HORA = 3_600_000;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const ok = <T = Cita>(r: Respondida): T => okDe<T>(r);

const esperaError = (r: LightMyRequestResponse, status: number, texto?: string | RegExp) => {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { message: string; data?: unknown };
  if (texto) expect(body.message).toMatch(texto);
  return body;
};

/** Monday `semanas` weeks after this week's, at hh:mm Bogotá (UTC−5). */
const lunes = (semanas: number, hh: number, mm = 0) => {
  const hoy = Math.floor((Date.now() - 5 * HORA) / DIA);
  const dow = ((hoy + 3) % 7) + 1;
  return new Date((hoy - (dow - 1) + 7 * semanas) * DIA + (hh * 60 + mm) * 60_000 + 5 * HORA);
};
const mas = (d: Date, ms: number) => new Date(d.getTime() + ms);
/** Bogotá «AAAA-MM-DD HH:mm» of an instant. */
const bogota = (d: Date | string) => new Date(new Date(d).getTime() - 5 * HORA).toISOString().slice(0, 16).replace('T', ' ');

/** The occurrences of a series as the database holds them. */
const deSerie = (idSerie: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ id: number; titulo: string; inicio: Date; estado: string; excepcion: boolean }>(
      tx,
      sql`select id, titulo, inicio, estado, excepcion from cita where id_serie = ${idSerie} order by inicio, id`,
    ),
  );

const calendario = (token: string, desde: Date, hasta: Date) =>
  as(t.app, token).get(`/api/citas?${new URLSearchParams({ desde: desde.toISOString(), hasta: hasta.toISOString() })}`);

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  asesor1 = await login(t.app, DEMO.asesor1);
  admin2 = await login(t.app, DEMO.admin2);
  idAdmin = tokenClaims(admin1).idUsuario;
  idAsesor = tokenClaims(asesor1).idUsuario;
  await crearUsuario(t.db, 1, { usuario: 'sin489s', nroId: '80002', permisos: '490,491' });
  sin489 = await login(t.app, { idEmpresa: 1, usuario: 'sin489s', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('a weekly series', () => {
  let primera: Cita;
  let idSerie: number;
  let ids: number[];
  const inicio = lunes(2, 10);

  it('writes one cita per occurrence (Mondays and Wednesdays, 6 times), tells the asesor once', async () => {
    primera = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Comité comercial',
        inicio: inicio.toISOString(),
        fin: mas(inicio, HORA).toISOString(),
        asesores: [idAsesor],
        lugar: 'Oficina',
        repetir: { frecuencia: 'semanal', dias: [1, 3], veces: 6 },
        confirmar: true,
      }),
    );
    expect(primera.serie).toMatchObject({
      repeticion: { frecuencia: 'semanal', intervalo: 1, dias: [1, 3], hasta: null, veces: 6 },
      descripcion: 'Cada semana los lunes y miércoles, 6 veces',
      excepcion: false,
    });
    idSerie = primera.serie!.id;
    const filas = await deSerie(idSerie);
    ids = filas.map((f) => f.id);
    expect(filas.map((f) => bogota(f.inicio))).toEqual([0, 2, 7, 9, 14, 16].map((d) => bogota(mas(inicio, d * DIA))));
    expect(primera.id).toBe(ids[0]);

    // The calendar draws them in their weeks, marked as a series.
    const semanas = ok<CitaCalendario[]>(await calendario(admin1, mas(inicio, -HORA), mas(inicio, 21 * DIA)));
    const deLaSerie = semanas.filter((c) => c.id_serie === idSerie);
    expect(deLaSerie.map((c) => c.id)).toEqual(ids);
    expect(deLaSerie.every((c) => c.titulo === 'Comité comercial' && c.asesores[0] === idAsesor)).toBe(true);

    const avisos = ok<{ items: { tipo_Carta: number; titulo: string; cuerpo: string }[] }>(
      await as(t.app, asesor1).get('/api/notificaciones'),
    ).items.filter((n) => n.titulo === 'Nueva cita: Comité comercial');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.cuerpo).toContain('cada semana los lunes y miércoles, 6 veces (6 citas)');

    // Each occurrence has its creation in Modificaciones de agenda, with the rule.
    const mods = ok<{ items: ModificacionAgenda[] }>(await as(t.app, admin1).get(`/api/citas/modificaciones?id_cita=${ids[3]}`));
    expect(mods.items.find((m) => m.campo === 'repetir')).toMatchObject({
      accion: 'crear',
      despues: 'Cada semana los lunes y miércoles, 6 veces',
    });
  });

  it('exports each occurrence as an event of the .ics that another calendar reads', async () => {
    const r = await as(t.app, admin1).get(
      `/api/citas/exportar?${new URLSearchParams({
        desde: mas(inicio, -HORA).toISOString(),
        hasta: mas(inicio, 21 * DIA).toISOString(),
        formato: 'ics',
      })}`,
    );
    expect(r.statusCode).toBe(200);
    const eventos = Object.values(ical.sync.parseICS(r.body)).filter(
      (e): e is ical.VEvent => e.type === 'VEVENT' && e.summary === 'Comité comercial',
    );
    expect(eventos.map((e) => e.start.toISOString())).toEqual(
      (await deSerie(idSerie)).map((f) => new Date(f.inicio).toISOString()),
    );
  });

  it('changes one occurrence only («solo esta»): the others stay, it is marked', async () => {
    const c = ok(
      await pedir(admin1, 'PATCH', `/api/citas/${ids[1]}`, {
        titulo: 'Comité comercial (con gerencia)',
        inicio: mas(inicio, 2 * DIA + 2 * HORA).toISOString(),
        fin: mas(inicio, 2 * DIA + 3 * HORA).toISOString(),
        confirmar: true,
      }),
    );
    expect(c.serie).toMatchObject({ id: idSerie, excepcion: true });
    const filas = await deSerie(idSerie);
    expect(filas.map((f) => f.titulo)).toEqual([
      'Comité comercial',
      'Comité comercial (con gerencia)',
      ...Array<string>(4).fill('Comité comercial'),
    ]);
    expect(bogota(filas[1]!.inicio)).toBe(bogota(mas(inicio, 2 * DIA + 2 * HORA)));
    // One cancelled on its own: it stays cancelled whatever the series does next.
    ok(await pedir(admin1, 'PATCH', `/api/citas/${ids[2]}`, { estado: 'cancelada' }));
  });

  it('changes the whole series: the title everywhere open, the move of a drag shifts the rule', async () => {
    // Dragged from Monday 10:00 to Tuesday 11:00: the series falls on Tuesdays and Thursdays.
    const c = ok(
      await pedir(admin1, 'PATCH', `/api/citas/${ids[0]}`, {
        titulo: 'Comité de ventas',
        inicio: mas(inicio, DIA + HORA).toISOString(),
        fin: mas(inicio, DIA + 2 * HORA).toISOString(),
        alcance: 'serie',
        confirmar: true,
      }),
    );
    expect(c.serie?.repeticion.dias).toEqual([2, 4]);
    expect(c.serie?.descripcion).toBe('Cada semana los martes y jueves, 6 veces');
    const filas = await deSerie(idSerie);
    const mapa = new Map(filas.map((f) => [f.id, f]));
    const porId = (id: number | undefined) => mapa.get(id!);
    // The same rows (their history stays), each on its new day.
    expect(filas.map((f) => f.id).sort((a, b) => a - b)).toEqual(ids);
    for (const [k, d] of [
      [0, 0],
      [3, 9],
      [4, 14],
      [5, 16],
    ] as const) {
      expect(bogota(porId(ids[k])!.inicio)).toBe(bogota(mas(inicio, (d + 1) * DIA + HORA)));
      expect(porId(ids[k])!.titulo).toBe('Comité de ventas');
    }
    // The one changed alone and the cancelled one are left as they were.
    expect(porId(ids[1])).toMatchObject({ titulo: 'Comité comercial (con gerencia)', excepcion: true });
    expect(bogota(porId(ids[1])!.inicio)).toBe(bogota(mas(inicio, 2 * DIA + 2 * HORA)));
    expect(porId(ids[2])).toMatchObject({ titulo: 'Comité comercial', estado: 'cancelada' });

    const mods = ok<{ items: ModificacionAgenda[] }>(await as(t.app, admin1).get(`/api/citas/modificaciones?id_cita=${ids[0]}`));
    expect(mods.items.find((m) => m.campo === 'repetir' && m.accion === 'modificar')).toMatchObject({
      antes: 'Cada semana los lunes y miércoles, 6 veces',
      despues: 'Cada semana los martes y jueves, 6 veces',
    });
    expect(mods.items.find((m) => m.campo === 'titulo' && m.accion === 'modificar')).toMatchObject({
      antes: 'Comité comercial',
      despues: 'Comité de ventas',
    });
  });

  it('deletes one occurrence («solo esta»): a later change of the rule does not bring it back', async () => {
    ok(await pedir(admin1, 'DELETE', `/api/citas/${ids[3]}`));
    expect((await deSerie(idSerie)).map((f) => f.id)).not.toContain(ids[3]);
    // Eight times now: two more at the end, none where the deleted one was.
    const c = ok(
      await pedir(admin1, 'PATCH', `/api/citas/${ids[4]}`, {
        repetir: { frecuencia: 'semanal', dias: [2, 4], veces: 8 },
        alcance: 'serie',
        confirmar: true,
      }),
    );
    expect(c.serie?.descripcion).toBe('Cada semana los martes y jueves, 8 veces');
    const filas = await deSerie(idSerie);
    expect(filas).toHaveLength(7);
    const dias = filas.map((f) => bogota(f.inicio));
    expect(dias).not.toContain(bogota(mas(inicio, 10 * DIA + HORA)));
    expect(dias).toEqual(expect.arrayContaining([22, 24].map((d) => bogota(mas(inicio, d * DIA + HORA)))));
  });

  it('refuses a new rule for one occurrence only, naming «Repetir»', async () => {
    esperaError(
      await pedir(admin1, 'PATCH', `/api/citas/${ids[4]}`, { repetir: { frecuencia: 'diaria', veces: 3 } }),
      400,
      /Repetir: la repetición se cambia para toda la serie/,
    );
  });

  it('another company neither sees nor changes it; without 489 it is 403', async () => {
    esperaError(await as(t.app, admin2).get(`/api/citas/${ids[0]}`), 404);
    esperaError(await pedir(admin2, 'PATCH', `/api/citas/${ids[0]}`, { titulo: 'X', alcance: 'serie' }), 404);
    esperaError(await pedir(admin2, 'DELETE', `/api/citas/${ids[0]}?alcance=serie`), 404);
    expect(
      ok<CitaCalendario[]>(await calendario(admin2, mas(inicio, -HORA), mas(inicio, 30 * DIA))).filter(
        (c) => c.id_serie === idSerie,
      ),
    ).toEqual([]);
    esperaError(await pedir(sin489, 'DELETE', `/api/citas/${ids[0]}?alcance=serie`), 403);
    esperaError(
      await pedir(sin489, 'POST', '/api/citas', {
        titulo: 'Sin permiso',
        inicio: inicio.toISOString(),
        fin: mas(inicio, HORA).toISOString(),
        asesores: [idAsesor],
        repetir: { frecuencia: 'diaria', veces: 2 },
      }),
      403,
    );
    expect((await deSerie(idSerie)).length).toBe(7);
  });

  it('deletes the whole series: the open occurrences go, the cancelled one stays as history', async () => {
    ok(await pedir(admin1, 'DELETE', `/api/citas/${ids[0]}?alcance=serie`));
    const quedan = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; estado: string; id_serie: number | null }>(
        tx,
        sql`select id, estado, id_serie from cita where id = any(${sql.param(ids)}::int[]) order by id`,
      ),
    );
    expect(quedan).toEqual([{ id: ids[2], estado: 'cancelada', id_serie: idSerie }]);
  });
});

describe('monthly and daily series, and a single cita that starts repeating', () => {
  it('falls on the start day of each month, skipping months without a 31st', async () => {
    // The next 31st of a month at least two weeks ahead.
    let d = mas(lunes(2, 9), 0);
    while (bogota(d).slice(8, 10) !== '31') d = mas(d, DIA);
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Cobro de arriendos',
        inicio: d.toISOString(),
        fin: mas(d, HORA).toISOString(),
        asesores: [idAdmin],
        repetir: { frecuencia: 'mensual', veces: 4 },
        confirmar: true,
      }),
    );
    const dias = (await deSerie(c.serie!.id)).map((f) => bogota(f.inicio));
    expect(dias).toHaveLength(4);
    expect(dias.every((x) => x.endsWith('-31 09:00'))).toBe(true);
    // Consecutive 31sts are one or two months apart, never in a 30-day month or February.
    for (const x of dias) expect(['02', '04', '06', '09', '11']).not.toContain(x.slice(5, 7));
    expect(c.serie?.descripcion).toBe('Cada mes el día 31, 4 veces');
  });

  it('turns a single cita into a series (its row is the first occurrence), then back to one cita', async () => {
    const d = lunes(3, 15);
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Revisión de cartera',
        inicio: d.toISOString(),
        fin: mas(d, HORA).toISOString(),
        asesores: [idAdmin],
        confirmar: true,
      }),
    );
    expect(c.serie).toBeNull();
    const s = ok(
      await pedir(admin1, 'PATCH', `/api/citas/${c.id}`, {
        repetir: { frecuencia: 'diaria', hasta: bogota(mas(d, 4 * DIA)).slice(0, 10) },
        confirmar: true,
      }),
    );
    expect(s.id).toBe(c.id);
    expect(s.serie?.descripcion).toMatch(/^Cada día, hasta el /);
    const filas = await deSerie(s.serie!.id);
    expect(filas.map((f) => bogota(f.inicio))).toEqual([0, 1, 2, 3, 4].map((k) => bogota(mas(d, k * DIA))));
    expect(filas[0]!.id).toBe(c.id);
    // «No se repite» for the whole series: this cita stays on its own, the other occurrences go.
    const sola = ok(await pedir(admin1, 'PATCH', `/api/citas/${c.id}`, { repetir: null, alcance: 'serie' }));
    expect(sola.serie).toBeNull();
    expect(await deSerie(s.serie!.id)).toEqual([]);
    ok(await as(t.app, admin1).get(`/api/citas/${c.id}`));
  });
});

describe('bad input, conflicts and reminders', () => {
  const base = () => {
    const d = lunes(4, 10);
    return {
      titulo: 'Serie mala',
      inicio: d.toISOString(),
      fin: mas(d, HORA).toISOString(),
      asesores: [idAsesor],
      confirmar: true,
    };
  };

  it('refuses a rule without end, past two years, ending before it starts, too many times or a week without days', async () => {
    const casos: [unknown, RegExp][] = [
      [{ frecuencia: 'diaria' }, /repetir: Repetir: diga cuándo termina/],
      [{ frecuencia: 'diaria', hasta: '2099-01-01' }, /Repetir: una serie dura como máximo 2 años/],
      [{ frecuencia: 'diaria', hasta: '2020-01-01' }, /Repetir: la fecha en que termina debe ser igual o posterior al inicio/],
      [{ frecuencia: 'diaria', veces: 5000 }, /Repetir: se repite como máximo 732 veces/],
      [{ frecuencia: 'mensual', veces: 30 }, /Repetir: 30 veces pasan de 2 años/],
      [{ frecuencia: 'semanal', dias: [], veces: 4 }, /Repetir: elija al menos un día de la semana/],
      [{ frecuencia: 'semanal', dias: [8], veces: 4 }, /Repetir: los días van de lunes \(1\) a domingo \(7\)/],
      [{ frecuencia: 'cada rato', veces: 4 }, /Repetir: la frecuencia debe ser/],
      [{ frecuencia: 'diaria', hasta: '2027-02-30' }, /Repetir: la fecha en que termina debe ser una fecha válida/],
    ];
    for (const [repetir, mensaje] of casos)
      esperaError(await pedir(admin1, 'POST', '/api/citas', { ...base(), repetir }), 400, mensaje);
    esperaError(await pedir(admin1, 'DELETE', '/api/citas/1?alcance=todas'), 400, /alcance/);
  });

  it('warns with 409 when an occurrence overlaps another cita of the asesor, naming it; saves after confirming', async () => {
    const d = lunes(5, 14);
    ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Firma de contrato',
        inicio: mas(d, 14 * DIA).toISOString(),
        fin: mas(d, 14 * DIA + HORA).toISOString(),
        asesores: [idAsesor],
        confirmar: true,
      }),
    );
    const serie = {
      titulo: 'Seguimiento semanal',
      inicio: d.toISOString(),
      fin: mas(d, HORA).toISOString(),
      asesores: [idAsesor],
      repetir: { frecuencia: 'semanal', dias: [1], veces: 4 },
    };
    const e = esperaError(await pedir(admin1, 'POST', '/api/citas', serie), 409, /ya tiene la cita «Firma de contrato»/);
    expect((e.data as { conflictos: { titulo: string }[] }).conflictos.map((c) => c.titulo)).toEqual(['Firma de contrato']);
    const c = ok(await pedir(admin1, 'POST', '/api/citas', { ...serie, confirmar: true }));
    expect(await deSerie(c.serie!.id)).toHaveLength(4);
  });

  it('reminds a week of occurrences at a time: a job at the next turn writes the following ones', async () => {
    const inicio = new Date(Date.now() + 3 * HORA);
    inicio.setUTCSeconds(0, 0);
    const c = ok(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Ronda diaria',
        inicio: inicio.toISOString(),
        fin: mas(inicio, 30 * 60_000).toISOString(),
        asesores: [idAsesor],
        repetir: { frecuencia: 'diaria', veces: 12 },
        confirmar: true,
      }),
    );
    const idSerie = c.serie!.id;
    const filas = await deSerie(idSerie);
    const trabajos = () =>
      t.db.system((tx) =>
        queryRows<{ tipo: string; datos: { idCita?: number }; ejecutar_en: Date; estado: string }>(
          tx,
          sql`select tipo, datos, ejecutar_en, estado from trabajo
              where (tipo = 'agenda.recordatorio' and (datos->>'idCita')::int = any(${sql.param(filas.map((f) => f.id))}::int[]))
                 or (tipo = 'agenda.recordatorios-serie' and (datos->>'idSerie')::int = ${idSerie})
              order by ejecutar_en`,
        ),
      );
    const antes = await trabajos();
    const recordatorios = antes.filter((j) => j.tipo === 'agenda.recordatorio');
    // Occurrences 1 to 8 start within eight days: one reminder each, an hour before (the default).
    expect(recordatorios.map((j) => j.datos.idCita)).toEqual(filas.slice(0, 8).map((f) => f.id));
    expect(new Date(recordatorios[0]!.ejecutar_en).getTime()).toBe(inicio.getTime() - HORA);
    const [serie] = antes.filter((j) => j.tipo === 'agenda.recordatorios-serie');
    expect(new Date(serie!.ejecutar_en).getTime()).toBe(new Date(filas[8]!.inicio).getTime() - 8 * DIA);

    // The test clock: the series' job comes due; it writes the 9th reminder and its next turn.
    await t.db.system((tx) =>
      tx.execute(sql`update trabajo set ejecutar_en = now() - interval '1 second'
                     where tipo = 'agenda.recordatorios-serie' and (datos->>'idSerie')::int = ${idSerie}`),
    );
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();
    const despues = await trabajos();
    expect(despues.filter((j) => j.tipo === 'agenda.recordatorio').map((j) => j.datos.idCita)).toEqual(
      filas.slice(0, 9).map((f) => f.id),
    );
    expect(despues.filter((j) => j.tipo === 'agenda.recordatorios-serie').map((j) => j.estado)).toEqual([
      'terminado',
      'pendiente',
    ]);
  });
});
