import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import {
  aplicarFormato,
  sumarDiasHabiles,
  type ConfiguracionGd,
  type ConfiguracionGdForm,
} from '@predio/contract/gestion-documental-configuracion';
import { queryRows } from '../../db/rows.ts';
import { anioBogota } from '../../platform/numeracion/numeracion.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let area: number;
let areaOtra: number;
let peticion: number;
const anio = anioBogota();
const URL = '/api/gestion-documental/configuracion';

const put = (token: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;

const form = (c: ConfiguracionGd): ConfiguracionGdForm => ({
  reinicio_anual: c.reinicio_anual,
  formato_entrada: c.formato_entrada,
  formato_salida: c.formato_salida,
  formato_interna: c.formato_interna,
  id_area_recepcion: c.id_area_recepcion,
  id_usuario_recepcion: c.id_usuario_recepcion,
  plazos: [],
});

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sinconf', nroId: '80301', permisos: '10579' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'sinconf', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  areaOtra = await id1(sql`select id from areas_empresa where codigo = '200'`, 2);
  peticion = await id1(sql`select id from tipos_documentales where nombre = 'Derecho de petición'`);
});
afterAll(async () => {
  await t?.close();
});

describe('formats and business days (contract)', () => {
  it('writes the radicado from its format; an empty part takes its separator', () => {
    const v = { anio: 2026, codigoArea: '100', numero: 7, tipo: 'entrada' as const };
    expect(aplicarFormato('{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}', v)).toBe('2026-100-000007-2');
    expect(aplicarFormato('{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}', { ...v, codigoArea: null })).toBe('2026-000007-2');
    expect(aplicarFormato('{LETRA}{AA}.{AREA}.{CONSECUTIVO}', { ...v, tipo: 'salida' })).toBe('S26.100.000007');
  });
  it('counts business days without weekends or Colombian holidays', () => {
    // Friday 2026-12-04 + 3: Mon 7, (Tue 8 Inmaculada Concepción), Wed 9, Thu 10.
    expect(sumarDiasHabiles('2026-12-04', 3)).toBe('2026-12-10');
    // Thursday 2026-03-26 + 5 crosses Semana Santa: Fri 27, Mon 30, Tue 31, Wed 1, (Thu 2 y Fri 3 santos), Mon 6.
    expect(sumarDiasHabiles('2026-03-26', 5)).toBe('2026-04-06');
  });
});

describe('configuracion (idm 10574)', () => {
  it('answers today’s defaults, saves formats, deadlines and reception, and files with them', async () => {
    const c = ok<ConfiguracionGd>(await as(t.app, admin1).get(URL));
    expect(c).toMatchObject({
      reinicio_anual: true,
      formato_entrada: '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}',
      id_area_recepcion: null,
    });
    expect(c.plazos.some((p) => p.nombre === 'Derecho de petición')).toBe(true);
    expect(c.usuarios.length).toBeGreaterThan(0);

    const nueva = ok<ConfiguracionGd>(
      await put(admin1, {
        ...form(c),
        formato_entrada: '{AAAA}{AREA}{CONSECUTIVO}{LETRA}',
        formato_salida: '{LETRA}-{AAAA}-{CONSECUTIVO}',
        id_area_recepcion: area,
        id_usuario_recepcion: c.usuarios[0]!.id,
        plazos: [{ id_tipo_documental: peticion, dias_respuesta: 15 }],
      }),
    );
    expect(nueva).toMatchObject({
      formato_entrada: '{AAAA}{AREA}{CONSECUTIVO}{LETRA}',
      id_area_recepcion: area,
      modificado_por: 'admin',
    });
    expect(nueva.plazos.find((p) => p.id_tipo_documental === peticion)?.dias_respuesta).toBe(15);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from auditoria where entidad = 'gd_configuracion'`),
    );
    expect(aud?.n).toBe(1);

    const radicar = (tipo: string) =>
      as(t.app, admin1).post('/api/gestion-documental/radicados', {
        tipo,
        fecha: '2026-11-20',
        asunto: `Prueba de formato ${tipo}`,
        id_area: area,
        id_tipo_documental: peticion,
      });
    const e = ok<Radicado>(await radicar('entrada'));
    expect(e.radicado).toBe(`${anio}200${String(e.numero).padStart(6, '0')}E`);
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect(e.vence).toBe(sumarDiasHabiles(hoy, 15));
    const s = ok<Radicado>(await radicar('salida'));
    // One sequence for every kind: the salida takes the next number, and has no response deadline.
    expect(s.numero).toBe(e.numero + 1);
    expect(s.radicado).toBe(`S-${anio}-${String(s.numero).padStart(6, '0')}`);
    expect(s.vence).toBeNull();
    // The number is found by its new text.
    expect(ok<Radicado>(await as(t.app, admin1).get(`/api/gestion-documental/buscar/${e.radicado}`)).id).toBe(e.id);

    // The yearly restart cannot change once the year has radicados (its numbers would repeat).
    error(
      await put(admin1, { ...form(nueva), reinicio_anual: false }),
      400,
      'reinicio_anual: El campo Reiniciar el consecutivo cada año solo puede cambiarse antes del primer radicado del año',
    );
  });

  it('refuses bad input naming the field', async () => {
    const c = form(ok<ConfiguracionGd>(await as(t.app, admin1).get(URL)));
    error(
      await put(admin1, { ...c, formato_salida: '{AAAA}-{AREA}' }),
      400,
      'El campo Formato de salida debe incluir {CONSECUTIVO}',
    );
    error(
      await put(admin1, { ...c, formato_entrada: '{AREA}-{CONSECUTIVO}' }),
      400,
      'El campo Formato de entrada debe incluir {AAAA} o {AA}',
    );
    error(await put(admin1, { ...c, formato_interna: '{AAAA}/{CONSECUTIVO}' }), 400, 'El campo Formato interna solo admite');
    error(
      await put(admin1, { ...c, id_area_recepcion: areaOtra }),
      400,
      'id_area_recepcion: El campo Área que recibe la correspondencia no existe',
    );
    error(
      await put(admin1, { ...c, id_usuario_recepcion: 999999 }),
      400,
      'El campo Usuario que recibe la correspondencia no existe',
    );
    error(
      await put(admin1, { ...c, plazos: [{ id_tipo_documental: peticion, dias_respuesta: 0 }] }),
      400,
      'Días hábiles de respuesta debe ser al menos 1',
    );
    error(await put(admin1, { ...c, plazos: [{ id_tipo_documental: 999999, dias_respuesta: 3 }] }), 400, 'plazos');
    error(await put(admin1, { ...c, reinicio_anual: 'si' }), 400, 'Reiniciar el consecutivo cada año');
  });

  it('answers 403 without idm 10574 and keeps each company apart', async () => {
    error(await as(t.app, sinIdm).get(URL), 403);
    error(await put(sinIdm, { reinicio_anual: true }), 403);
    // Company 2 still has the defaults: company 1's settings are not its own.
    const c2 = ok<ConfiguracionGd>(await as(t.app, admin2).get(URL));
    expect(c2).toMatchObject({ formato_entrada: '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}', id_area_recepcion: null });
    expect(c2.areas.some((a) => a.id === area)).toBe(false);
  });
});
