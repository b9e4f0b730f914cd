import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContratoRadicado, InmuebleRadicado, Radicado } from '@predio/contract/gestion-documental';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error } from '../../test/harness.ts';

// The inmueble and contrato a radicado is about: filed, corrected, shown, searched by, and the pickers'
// lookups under gestión documental's own idm (docs/gestion-documental.md, «Inmueble y contrato»).

let t: TestApp;
let admin1: string;
let admin2: string;
let soloCartas: string;
let ninguno: string;
let area: number;
let inmA: { id: number; consecutivo: number };
let inmB: { id: number; consecutivo: number };
let contratoA: number;
let contratoOtraEmpresa: number;
const RAD = '/api/gestion-documental/radicados';

const filas = <T>(empresa: number, q: ReturnType<typeof sql>) => t.db.tenant(empresa, (tx) => queryRows<T>(tx, q));
const radicar = (token: string, extra: Record<string, unknown>) =>
  as(t.app, token).post(RAD, {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto: 'Carta sobre un inmueble',
    id_area: area,
    ...extra,
  });
/** A contract row of the company on the inmueble (its own module's rules are not what is tested here). */
const contratoEn = async (empresa: number, idInmueble: number, consecutivo: number) =>
  (
    await filas<{ id: number }>(
      empresa,
      sql`insert into contrato (consecutivo, programa, clase, id_inmueble, id_plantilla, version_plantilla, fecha_inicio,
                                duracion_meses, dia_pago, creado_por)
          select ${consecutivo}, 'contratos', 'arrendamiento_vivienda', ${idInmueble}, p.id, 1, '2026-01-01', 12, 5, 'admin'
            from plantilla_contrato p order by p.id limit 1
          returning id`,
    )
  )[0]!.id;

/** An inmueble through its own API (its owner a new tercero), as users create them. */
const nuevoInmueble = async (empresa: number, direccion: string) => {
  const token = empresa === 1 ? admin1 : admin2;
  const [m] = await filas<{ id: number }>(empresa, sql`select id from municipios order by id limit 1`);
  const doc = `7${String(Date.now() % 100_000_000)}${Math.floor(Math.random() * 1000)}`;
  const [ter] = await filas<{ id: number }>(
    empresa,
    sql`insert into terceros (nro_id, nombre) values (${doc}, 'Propietario de prueba') returning id`,
  );
  const i = ok<{ consecutivo: number }>(
    await as(t.app, token).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion,
      id_municipio: m!.id,
      canon: 1_800_000,
      propietarios: [{ id_tercero: ter!.id, porcentaje: 100 }],
    }),
  );
  const [f] = await filas<{ id: number }>(empresa, sql`select id from inmueble where consecutivo = ${i.consecutivo}`);
  return { id: f!.id, consecutivo: i.consecutivo };
};

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdrcartas', nroId: '80801', permisos: '10580' });
  soloCartas = await login(t.app, { idEmpresa: 1, usuario: 'gdrcartas', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdrnada', nroId: '80802', permisos: '489' });
  ninguno = await login(t.app, { idEmpresa: 1, usuario: 'gdrnada', clave: 'demo1234' });
  area = (await filas<{ id: number }>(1, sql`select id from areas_empresa where codigo = '100'`))[0]!.id;
  inmA = await nuevoInmueble(1, 'Calle 10 # 43-20 Apto 501');
  inmB = await nuevoInmueble(1, 'Carrera 7 # 12-30 Local 2');
  contratoA = await contratoEn(1, inmA.id, 9701);
  contratoOtraEmpresa = await contratoEn(2, (await nuevoInmueble(2, 'Avenida 3 # 1-10')).id, 9702);
});
afterAll(async () => {
  await t?.close();
});

describe('inmueble y contrato del radicado', () => {
  it('files, shows, corrects and searches a radicado by its inmueble and contrato', async () => {
    const r = ok<Radicado>(await radicar(admin1, { asunto: 'Reclamo por humedad', inmueble: inmB.consecutivo }));
    expect(r.inmueble).toMatchObject({ id: inmB.id, consecutivo: inmB.consecutivo });
    expect(r.contrato).toBeNull();
    // A contrato alone brings its inmueble.
    const c = ok<Radicado>(await radicar(admin1, { asunto: 'Solicitud de renovación', id_contrato: contratoA }));
    expect(c.contrato).toEqual({ id: contratoA, numero: 'CT-9701' });
    expect(c.inmueble?.consecutivo).toBe(inmA.consecutivo);

    const ids = async (q: string) => ok<ListResult<Radicado>>(await as(t.app, admin1).get(`${RAD}?${q}`)).items.map((x) => x.id);
    expect(await ids(`inmueble=${inmA.consecutivo}`)).toEqual([c.id]);
    expect(await ids(`inmueble=${inmB.consecutivo}`)).toEqual([r.id]);
    expect(await ids(`id_contrato=${contratoA}`)).toEqual([c.id]);
    const buscados = ok<ListResult<Radicado>>(
      await as(t.app, admin1).get(`/api/gestion-documental/buscar?id_contrato=${contratoA}`),
    );
    expect(buscados.items.map((x) => x.id)).toEqual([c.id]);
    error(await as(t.app, admin1).get(`${RAD}?inmueble=abc`), 400, 'inmueble');

    // Correcting: the contrato goes, the inmueble changes; audited.
    const put = await t.app.inject({
      method: 'PUT',
      url: `${RAD}/${c.id}`,
      headers: { authorization: `Bearer ${admin1}` },
      payload: { asunto: c.asunto, id_area: area, inmueble: inmB.consecutivo, id_contrato: null, observaciones: '' },
    });
    const e = ok<Radicado>(put);
    expect(e.inmueble?.consecutivo).toBe(inmB.consecutivo);
    expect(e.contrato).toBeNull();
    const [aud] = await filas<{ cambios: Record<string, unknown> }>(
      1,
      sql`select cambios from auditoria where entidad = 'radicados' and entidad_id = ${String(c.id)} and accion = 'modificar'`,
    );
    expect(Object.keys(aud!.cambios)).toEqual(expect.arrayContaining(['id_inmueble', 'id_contrato']));
  });

  it('refuses an unknown or foreign inmueble or contrato naming the field, and a contrato of another inmueble', async () => {
    error(await radicar(admin1, { inmueble: 99999999 }), 400, 'inmueble: El campo Inmueble no existe en esta empresa');
    error(await radicar(admin1, { id_contrato: 99999999 }), 400, 'id_contrato: El campo Contrato no existe');
    error(await radicar(admin1, { id_contrato: contratoOtraEmpresa }), 400, 'id_contrato');
    error(
      await radicar(admin1, { inmueble: inmB.consecutivo, id_contrato: contratoA }),
      400,
      'id_contrato: El campo Contrato es de otro inmueble',
    );
    error(await radicar(admin1, { inmueble: 'x' }), 400, 'Inmueble');
  });

  it('looks inmuebles and contratos up under gestión documental’s idm, for its company only', async () => {
    const inms = ok<InmuebleRadicado[]>(await as(t.app, admin1).get(`${RAD}/inmuebles?q=${inmA.consecutivo}`));
    expect(inms.map((i) => i.consecutivo)).toContain(inmA.consecutivo);
    expect(ok<InmuebleRadicado[]>(await as(t.app, admin1).get(`${RAD}/inmuebles`)).length).toBeLessThanOrEqual(20);
    const cs = ok<ContratoRadicado[]>(await as(t.app, admin1).get(`${RAD}/contratos?q=ct-9701`));
    expect(cs).toEqual([expect.objectContaining({ id: contratoA, numero: 'CT-9701', inmueble: inmA.consecutivo })]);
    // Letters (10580) and the search's filters use the same pickers; other screens do not.
    ok(await as(t.app, soloCartas).get(`${RAD}/contratos`));
    error(await as(t.app, ninguno).get(`${RAD}/contratos`), 403);
    error(await as(t.app, ninguno).get(`${RAD}/inmuebles`), 403);
    // Another company's contract is not offered.
    const de2 = ok<ContratoRadicado[]>(await as(t.app, admin2).get(`${RAD}/contratos?q=9701`));
    expect(de2.map((x) => x.id)).not.toContain(contratoA);
    expect(ok<ContratoRadicado[]>(await as(t.app, admin1).get(`${RAD}/contratos?q=9702`)).map((x) => x.id)).not.toContain(
      contratoOtraEmpresa,
    );
  });
});
