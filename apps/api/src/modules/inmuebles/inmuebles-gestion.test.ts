import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let consulta1: string;
type Refs = { municipio: number; terceros: { id: number; nro_id: string }[]; causal: number };
let r1: Refs;
let r2: Refs;

const refs = async (idEmpresa: number): Promise<Refs> =>
  t.db.tenant(idEmpresa, async (tx) => ({
    municipio: (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id,
    terceros: await queryRows<{ id: number; nro_id: string }>(tx, sql`select id, nro_id from terceros order by id limit 2`),
    causal: (await queryRows<{ id: number }>(tx, sql`select id from causales_retiro order by id limit 1`))[0]!.id,
  }));

beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'consulta', nroId: '1010101010', permisos: '491' });
  [admin1, asesor1, admin2, consulta1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'consulta', clave: 'demo1234' }),
  ]);
  [r1, r2] = [await refs(1), await refs(2)];
});
afterAll(() => t.close());

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const base = () => ({
  tipo: 'apartamento',
  gestion: 'arriendo',
  direccion: 'Calle 10 # 43-20 Apto 501',
  id_municipio: r1.municipio,
  estrato: 4,
  area_construida: 72.5,
  habitaciones: 3,
  banos: 2,
  parqueaderos: 1,
  canon: 2_500_000,
  administracion: 350_000,
  descripcion: 'Apartamento con balcón y vista',
  propietarios: [
    { id_tercero: r1.terceros[0]!.id, porcentaje: 60 },
    { nro_id: r1.terceros[1]!.nro_id, porcentaje: 40 },
  ],
  publicar: { fincaraiz: true },
});

const crear = async (token = admin1, body: Record<string, unknown> = base()) => {
  const r = await as(t.app, token).post('/api/inmuebles', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; version: number } & Record<string, unknown>;
};
const auditorias = (consecutivo: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ accion: string; cambios: Record<string, { antes: unknown; despues: unknown }> }>(
      tx,
      sql`select accion, cambios from auditoria where entidad = 'inmuebles' and entidad_id = ${String(consecutivo)} order by id`,
    ),
  );

describe('create, read, update', () => {
  it('creates with the next consecutivo, owners by id or nro_id, and audits it', async () => {
    const d = await crear();
    expect(d).toMatchObject({ estado: 'captado', version: 1, canon: 2_500_000, area_construida: 72.5, creado_por: 'admin' });
    expect(d.propietarios).toEqual([
      expect.objectContaining({ id_tercero: r1.terceros[0]!.id, porcentaje: 60 }),
      expect.objectContaining({ id_tercero: r1.terceros[1]!.id, porcentaje: 40 }),
    ]);
    const g = await as(t.app, admin1).get(`/api/inmuebles/${d.consecutivo}`);
    expect(g.json().data).toMatchObject({ consecutivo: d.consecutivo, direccion: 'Calle 10 # 43-20 Apto 501', bloqueo: null });
    const [a] = await auditorias(d.consecutivo);
    expect(a?.accion).toBe('crear');
    expect(a?.cambios.canon).toEqual({ antes: null, despues: 2_500_000 });
  });

  it('marks its owners as propietarios in terceros, once, audited there with the property as origin', async () => {
    const [nuevo] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre, cliente, propietario) values ('80012345', 'Marta Quintero', true, false) returning id`,
      ),
    );
    const rol = async () =>
      (
        await t.db.tenant(1, (tx) =>
          queryRows<{ propietario: boolean; version: number }>(
            tx,
            sql`select propietario, version from terceros where id = ${nuevo!.id}`,
          ),
        )
      )[0]!;
    expect((await rol()).propietario).toBe(false);
    const d = await crear(admin1, { ...base(), propietarios: [{ id_tercero: nuevo!.id, porcentaje: 100 }] });
    const despues = await rol();
    expect(despues.propietario).toBe(true);
    const log = () =>
      t.db.tenant(1, (tx) =>
        queryRows<{ cambios: Record<string, unknown> }>(
          tx,
          sql`select cambios from auditoria where entidad = 'terceros' and entidad_id = ${String(nuevo!.id)} order by id`,
        ),
      );
    expect(await log()).toEqual([
      { cambios: { propietario: { antes: false, despues: true }, origen: `inmueble ${d.consecutivo}` } },
    ]);
    // Already one: a second property changes nothing on the tercero.
    await crear(admin1, { ...base(), propietarios: [{ id_tercero: nuevo!.id, porcentaje: 100 }] });
    expect((await rol()).version).toBe(despues.version);
    expect(await log()).toHaveLength(1);
  });

  it('updates with the version and the lock; a stale version gets 409 and changes nothing', async () => {
    const d = await crear();
    const url = `/api/inmuebles/${d.consecutivo}`;
    expect((await as(t.app, admin1).post(`${url}/bloqueo`)).statusCode).toBe(200);
    const u = await pedir(admin1, 'PUT', url, {
      ...base(),
      canon: 2_700_000,
      propietarios: base()
        .propietarios.slice(0, 1)
        .map((p) => ({ ...p, porcentaje: 100 })),
      version: 1,
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json().data).toMatchObject({ version: 2, canon: 2_700_000, modificado_por: 'admin' });
    expect(u.json().data.propietarios).toHaveLength(1);
    const a = (await auditorias(d.consecutivo)).at(-1)!;
    expect(a.accion).toBe('actualizar');
    expect(a.cambios.canon).toEqual({ antes: 2_500_000, despues: 2_700_000 });
    expect(Object.keys(a.cambios).sort()).toEqual(['canon', 'propietarios']);

    // The save released the lock; a second editor still holding version 1 is refused.
    expect((await as(t.app, asesor1).post(`${url}/bloqueo`)).statusCode).toBe(200);
    const viejo = await pedir(asesor1, 'PUT', url, { ...base(), canon: 1, version: 1 });
    expect(viejo.statusCode).toBe(409);
    expect(viejo.json().code).toBe(40900);
    expect(viejo.json().message).toMatch(/^El inmueble fue modificado por otro usuario \(admin\)/);
    expect((await as(t.app, admin1).get(url)).json().data.canon).toBe(2_700_000);
    // Leaving the form releases the lock.
    expect((await pedir(asesor1, 'DELETE', `${url}/bloqueo`)).json().data).toEqual({ liberado: true });
  });

  it('refuses bad input naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [
        {
          ...base(),
          propietarios: [
            { id_tercero: r1.terceros[0]!.id, porcentaje: 50 },
            { id_tercero: r1.terceros[1]!.id, porcentaje: 40 },
          ],
        },
        'propietarios',
      ],
      [{ ...base(), propietarios: [{ id_tercero: r2.terceros[0]!.id, porcentaje: 100 }] }, 'propietarios'],
      [{ ...base(), id_municipio: r2.municipio === r1.municipio ? 99999999 : r2.municipio }, 'id_municipio'],
      [{ ...base(), direccion: '  ' }, 'direccion'],
      [{ ...base(), estrato: 7 }, 'estrato'],
      [{ ...base(), canon: null }, 'canon'],
      [{ ...base(), tipo: 'castillo' }, 'tipo'],
    ];
    for (const [body, campo] of casos) {
      const r = await as(t.app, admin1).post('/api/inmuebles', body);
      expect(r.statusCode, campo).toBe(400);
      expect(r.json().message, campo).toContain(campo);
    }
  });

  it('gives 20 concurrent creates 20 distinct consecutive numbers', async () => {
    const rs = await Promise.all(Array.from({ length: 20 }, () => as(t.app, asesor1).post('/api/inmuebles', base())));
    const nums = rs.map((r) => r.json().data.consecutivo as number).sort((a, b) => a - b);
    expect(new Set(nums).size).toBe(20);
    expect(nums[19]! - nums[0]!).toBe(19);
  });
});

describe('estado', () => {
  it('requires a causal of this company to withdraw and keeps the history', async () => {
    const d = await crear();
    const url = `/api/inmuebles/${d.consecutivo}/estado`;
    expect((await as(t.app, admin1).post(url, { estado: 'disponible' })).statusCode).toBe(200);
    const sin = await as(t.app, admin1).post(url, { estado: 'retirado' });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('causal');
    expect((await as(t.app, admin1).post(url, { estado: 'retirado', causal: 99999999 })).statusCode).toBe(400);
    const ok = await as(t.app, admin1).post(url, { estado: 'retirado', causal: r1.causal, observacion: 'Lo vendió el dueño' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ estado: 'retirado', id_causal_retiro: r1.causal, version: 3 });
    const h = (await as(t.app, admin1).get(`/api/inmuebles/${d.consecutivo}/estados`)).json().data;
    expect(h.map((x: { desde: string | null; hasta: string }) => [x.desde, x.hasta])).toEqual([
      [null, 'captado'],
      ['captado', 'disponible'],
      ['disponible', 'retirado'],
    ]);
    expect(h[2]).toMatchObject({ id_causal: r1.causal, usuario: 'admin' });
    expect(typeof h[2].causal).toBe('string');
    expect((await as(t.app, admin1).post(url, { estado: 'xx' })).statusCode).toBe(400);
  });
});

describe('historial de precios', () => {
  it('lists when each price was set or changed, by whom, from what to what; other saves are left out', async () => {
    const d = await crear();
    const url = `/api/inmuebles/${d.consecutivo}`;
    const guardar = async (token: string, cambios: Record<string, unknown>, version: number) => {
      expect((await as(t.app, token).post(`${url}/bloqueo`)).statusCode).toBe(200);
      const r = await pedir(token, 'PUT', url, { ...base(), ...cambios, version });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.version as number;
    };
    let v = await guardar(admin1, { canon: 2_300_000 }, d.version);
    v = await guardar(asesor1, { canon: 2_300_000, descripcion: 'Recién pintado' }, v);
    await guardar(
      asesor1,
      { canon: 2_300_000, gestion: 'arriendo_venta', precio_venta: 420_000_000, administracion: 380_000 },
      v,
    );
    const r = await as(t.app, admin1).get(`${url}/precios`);
    expect(r.statusCode, r.body).toBe(200);
    const h = r.json().data as { usuario: string; fecha: string; cambios: unknown[] }[];
    expect(h.map((x) => [x.usuario, x.cambios])).toEqual([
      [
        'admin',
        [
          { campo: 'canon', antes: null, despues: 2_500_000 },
          { campo: 'administracion', antes: null, despues: 350_000 },
        ],
      ],
      ['admin', [{ campo: 'canon', antes: 2_500_000, despues: 2_300_000 }]],
      [
        'asesor',
        [
          { campo: 'precio_venta', antes: null, despues: 420_000_000 },
          { campo: 'administracion', antes: 350_000, despues: 380_000 },
        ],
      ],
    ]);
    expect(new Date(h[2]!.fecha).getTime()).toBeGreaterThanOrEqual(new Date(h[0]!.fecha).getTime());
    // Whoever may open the property (490 or 491) reads its history; this company's only.
    const consulta = await as(t.app, consulta1).get(`${url}/precios`);
    expect(consulta.json().data).toEqual(h);
    expect((await as(t.app, consulta1).get(`${url}/estados`)).statusCode).toBe(200);
    const sinInmuebles = await crearUsuario(t.db, 1, { usuario: 'solo59', nroId: '1059059059', permisos: '59' });
    expect(sinInmuebles).toBeGreaterThan(0);
    const solo59 = await login(t.app, { idEmpresa: 1, usuario: 'solo59', clave: 'demo1234' });
    expect((await as(t.app, solo59).get(`${url}/precios`)).statusCode).toBe(403);
    expect((await as(t.app, solo59).get(`${url}/estados`)).statusCode).toBe(403);
    expect((await as(t.app, admin2).get(`/api/inmuebles/987654/precios`)).statusCode).toBe(404);
  });
});

describe('edit locks', () => {
  it('lets one user edit, shows the holder to the other, and releases on expiry, logout and by an admin', async () => {
    const d = await crear();
    const url = `/api/inmuebles/${d.consecutivo}`;
    const tomado = await as(t.app, admin1).post(`${url}/bloqueo`);
    expect(tomado.statusCode).toBe(200);
    expect(tomado.json().data.usuario).toBe('admin');

    const otro = await as(t.app, asesor1).post(`${url}/bloqueo`);
    expect(otro.statusCode).toBe(409);
    expect(otro.json().data).toEqual({ usuario: 'admin', desde: tomado.json().data.desde, expira: expect.any(String) });
    expect(otro.json().message).toContain('admin');
    expect((await as(t.app, asesor1).get(url)).json().data.bloqueo.usuario).toBe('admin');
    const put = await pedir(asesor1, 'PUT', url, { ...base(), version: 1 });
    expect(put.statusCode).toBe(409);
    expect(put.json().data.usuario).toBe('admin');
    expect((await as(t.app, asesor1).post(`${url}/estado`, { estado: 'disponible' })).statusCode).toBe(409);

    // Renewing keeps "since when"; expiry hands it over.
    expect((await as(t.app, admin1).post(`${url}/bloqueo`)).json().data.desde).toBe(tomado.json().data.desde);
    await t.db.tenant(1, (tx) => tx.execute(sql`update edit_lock set expira_en = now() - interval '1 minute'`));
    expect((await as(t.app, asesor1).post(`${url}/bloqueo`)).statusCode).toBe(200);
    expect((await pedir(admin1, 'PUT', url, { ...base(), version: 1 })).statusCode).toBe(409);

    // Logout (quitarMarcaEditandoTodos) releases it.
    expect((await as(t.app, asesor1).get('/api/inmueble/quitarMarcaEditandoTodos')).json().data.liberados).toBe(1);
    expect((await as(t.app, admin1).post(`${url}/bloqueo`)).statusCode).toBe(200);
    expect((await pedir(admin1, 'DELETE', `${url}/bloqueo`)).json().data).toEqual({ liberado: true });

    // Only an admin breaks someone else's lock.
    expect((await as(t.app, asesor1).post(`${url}/bloqueo`)).statusCode).toBe(200);
    expect((await pedir(admin1, 'DELETE', `${url}/bloqueo`)).json().data).toEqual({ liberado: false });
    expect((await as(t.app, admin1).post(`${url}/bloqueo`)).statusCode).toBe(409);
    await as(t.app, asesor1).post(`${url}/bloqueo`);
    const noAdmin = await pedir(asesor1, 'DELETE', `${url}/bloqueo?forzar=1`);
    expect(noAdmin.statusCode).toBe(403);
    expect((await pedir(admin1, 'DELETE', `${url}/bloqueo?forzar=1`)).json().data).toEqual({ liberado: true });
    expect((await auditorias(d.consecutivo)).at(-1)?.accion).toBe('romper bloqueo');
    expect((await as(t.app, admin1).post(`${url}/bloqueo`)).statusCode).toBe(200);
  });

  it('refuses a save without the lock', async () => {
    const d = await crear();
    const r = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, { ...base(), version: 1 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('debe tenerlo abierto para edición');
  });
});

describe('permissions and companies', () => {
  it('a user with only 491 can search and open but not create, edit or lock', async () => {
    const d = await crear();
    expect((await as(t.app, consulta1).get('/api/inmuebles?estado=captado')).statusCode).toBe(200);
    expect((await as(t.app, consulta1).get(`/api/inmuebles/${d.consecutivo}`)).statusCode).toBe(200);
    const r = await as(t.app, consulta1).post('/api/inmuebles', base());
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe(50403);
    expect((await as(t.app, consulta1).post(`/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(403);
    expect((await as(t.app, null).get('/api/inmuebles')).statusCode).toBe(401);
  });

  it("another company's properties are invisible", async () => {
    const d = await crear();
    const r = await as(t.app, admin2).get(`/api/inmuebles/${d.consecutivo}`);
    expect(r.statusCode).toBe(404);
    expect((await as(t.app, admin2).post(`/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(404);
    expect((await as(t.app, admin2).get('/api/inmuebles?estado=captado')).json().data).toEqual({ items: [], hayMas: false });
    expect((await as(t.app, admin2).get('/api/inmuebles/conteo?estado=captado')).json().data).toEqual({ total: 0 });
    // Company 2 numbers its own properties from 1.
    const otro = await as(t.app, admin2).post('/api/inmuebles', { ...base(), id_municipio: r2.municipio, propietarios: [] });
    expect(otro.json().data.consecutivo).toBe(1);
  });
});
