import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
type Refs = { municipio: number; otroMunicipio: number; barrio: number; caracteristicas: number[] };
let r1: Refs;
let r2: Refs;

const refs = (idEmpresa: number): Promise<Refs> =>
  t.db.tenant(idEmpresa, async (tx) => {
    const [b] = await queryRows<{ id: number; id_municipio: number }>(
      tx,
      sql`select id, id_municipio from barrios order by id limit 1`,
    );
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios where id <> ${b!.id_municipio} limit 1`);
    const cs = await queryRows<{ id: number }>(tx, sql`select id from caracteristicas_inmueble order by id limit 3`);
    return { municipio: b!.id_municipio, otroMunicipio: m!.id, barrio: b!.id, caracteristicas: cs.map((c) => c.id) };
  });

beforeAll(async () => {
  t = await createTestApp();
  [admin1, admin2] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2)]);
  [r1, r2] = [await refs(1), await refs(2)];
});
afterAll(() => t.close());

const cuerpo = (extra: Record<string, unknown>) => ({
  tipo: 'casa',
  gestion: 'venta',
  direccion: 'Carrera 50 # 10-20',
  id_municipio: r1.municipio,
  precio_venta: 450_000_000,
  ...extra,
});

describe('características of a property', () => {
  it('the demo companies have a seeded catalogue', () => {
    expect(r1.caracteristicas).toHaveLength(3);
    expect(r2.caracteristicas).toHaveLength(3);
  });

  it('saves them (deduplicated, sorted), returns them and audits them', async () => {
    const [a, b] = r1.caracteristicas;
    const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ caracteristicas: [b, a, b] }));
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.caracteristicas).toEqual([a, b].sort((x, y) => x! - y!));
    const got = await as(t.app, admin1).get(`/api/inmuebles/${d.consecutivo}`);
    expect(got.json().data.caracteristicas).toEqual(d.caracteristicas);
  });

  it("refuses another company's característica naming the field", async () => {
    const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ caracteristicas: [r2.caracteristicas[0]] }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('caracteristicas: no existe en esta empresa');
  });

  it('filters the search by every requested característica (all of them)', async () => {
    const [a, b, c] = r1.caracteristicas as [number, number, number];
    const crear = async (cs: number[]) => {
      const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ caracteristicas: cs, direccion: 'Calle Filtro' }));
      const n = r.json().data.consecutivo as number;
      await as(t.app, admin1).post(`/api/inmuebles/${n}/estado`, { estado: 'disponible' });
      return n;
    };
    const ab = await crear([a, b]);
    const abc = await crear([a, b, c]);
    const soloC = await crear([c]);
    const buscar = async (q: string) =>
      ((await as(t.app, admin1).get(`/api/inmuebles?q=filtro&${q}`)).json().data.items as { consecutivo: number }[])
        .map((i) => i.consecutivo)
        .sort((x, y) => x - y);
    expect(await buscar(`caracteristicas=${a}`)).toEqual([ab, abc]);
    expect(await buscar(`caracteristicas=${a},${b}`)).toEqual([ab, abc]);
    expect(await buscar(`caracteristicas=${a}&caracteristicas=${c}`)).toEqual([abc]);
    expect(await buscar(`caracteristicas=${c}`)).toEqual([abc, soloC]);
    expect(await buscar('')).toEqual([ab, abc, soloC]);
    const otra = await as(t.app, admin2).get(`/api/inmuebles?q=filtro&caracteristicas=${r2.caracteristicas[0]}`);
    expect(otra.json().data).toEqual({ items: [], hayMas: false });
    const malo = await as(t.app, admin1).get('/api/inmuebles?caracteristicas=x');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toMatch(/^caracteristicas/);
  });

  it('a característica in use cannot be deleted from the catalogue', async () => {
    const r = await t.app.inject({
      method: 'DELETE',
      url: `/api/maestros/caracteristicas/${r1.caracteristicas[0]}`,
      headers: { authorization: `Bearer ${admin1}` },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^No se puede eliminar la característica «.+»: la usan inmuebles\./);
  });
});

describe('barrio and municipio', () => {
  it('refuses a barrio of another municipio, naming id_barrio', async () => {
    const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ id_municipio: r1.otroMunicipio, id_barrio: r1.barrio }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('id_barrio: no pertenece al municipio elegido');
  });

  it("refuses another company's barrio", async () => {
    const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ id_barrio: r2.barrio }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('id_barrio: no existe en esta empresa');
  });

  it('accepts a barrio of the municipio', async () => {
    const r = await as(t.app, admin1).post('/api/inmuebles', cuerpo({ id_barrio: r1.barrio }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.barrio).toBeTruthy();
  });
});

describe("the form's selects and the remembered view", () => {
  it('lists active asesores and propietarios of the company, searchable without accents', async () => {
    const a = await as(t.app, admin1).get('/api/inmuebles-opciones/asesores?q=ASESOR');
    expect(a.statusCode).toBe(200);
    expect(a.json().data.map((o: { detalle: string }) => o.detalle)).toEqual(['asesor']);
    const p = await as(t.app, admin1).get('/api/inmuebles-opciones/propietarios');
    expect(p.json().data.length).toBeGreaterThan(0);
    // Every word, in any order, without accents, in the name, document, phone or e-mail.
    const buscar = async (q: string) =>
      (await as(t.app, admin1).get(`/api/inmuebles-opciones/propietarios?${new URLSearchParams({ q })}`))
        .json()
        .data.map((o: { label: string }) => o.label);
    expect(await buscar('gomez CARLOS')).toEqual(['Carlos Andrés Restrepo Gómez']);
    expect(await buscar('71650321')).toEqual(['Carlos Andrés Restrepo Gómez']);
    expect(await buscar('gomez laura')).toEqual([]);
    expect(await buscar('100%_')).toEqual([]);
    const otro = await t.db.tenant(2, (tx) => queryRows<{ id: number }>(tx, sql`select id from terceros limit 1`));
    const ajeno = await as(t.app, admin1).get(`/api/inmuebles-opciones/propietarios?id=${otro[0]!.id}`);
    expect(ajeno.json().data).toEqual([]);
  });

  it('gives who only consults properties (491) owners by name, without their document numbers', async () => {
    await crearUsuario(t.db, 1, { usuario: 'solo491', nroId: '4910491', permisos: '491' });
    const solo491 = await login(t.app, { idEmpresa: 1, usuario: 'solo491', clave: 'demo1234' });
    const buscar = async (q: string) =>
      (await as(t.app, solo491).get(`/api/inmuebles-opciones/propietarios?${new URLSearchParams({ q })}`)).json().data;
    expect(await buscar('gomez CARLOS')).toEqual([{ id: expect.any(Number), label: 'Carlos Andrés Restrepo Gómez' }]);
    // A document number finds nobody: the list cannot be used to learn whose it is.
    expect(await buscar('71650321')).toEqual([]);
  });

  it('gives the whole active catalogue with groups', async () => {
    const r = await as(t.app, admin1).get('/api/inmuebles-opciones/caracteristicas');
    const cs = r.json().data as { label: string; grupo: string }[];
    expect(cs.length).toBe(30);
    expect(cs.find((c) => c.label === 'Piscina')?.grupo).toBe('zonas_comunes');
  });

  it('needs 490 or 491', async () => {
    await crearUsuario(t.db, 1, { usuario: 'soloterceros', nroId: '2020202020', permisos: '59' });
    const tk = await login(t.app, { idEmpresa: 1, usuario: 'soloterceros', clave: 'demo1234' });
    expect((await as(t.app, tk).get('/api/inmuebles-opciones/asesores')).statusCode).toBe(403);
    expect((await as(t.app, tk).get('/api/inmuebles-opciones/caracteristicas')).statusCode).toBe(403);
    const v = await t.app.inject({
      method: 'PUT',
      url: '/api/inmuebles-vista',
      headers: { authorization: `Bearer ${tk}` },
      payload: { tipo: 2 },
    });
    expect(v.statusCode).toBe(403);
  });

  it('remembers tipoVistaInmueblesBuscador for the user (GetUsuario returns it)', async () => {
    const put = (tipo: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/inmuebles-vista',
        headers: { authorization: `Bearer ${admin1}` },
        payload: { tipo },
      });
    expect((await put(4)).json().message).toMatch(/^tipo: /);
    expect((await put(2)).json().data).toEqual({ tipoVistaInmueblesBuscador: 2 });
    expect((await as(t.app, admin1).get('/api/Usuarios/GetUsuario')).json().data.tipoVistaInmueblesBuscador).toBe(2);
  });
});

describe('GET /inmuebles/exportar', () => {
  it('exports the current filter to Excel and CSV, with the asesor name', async () => {
    const x = await as(t.app, admin1).get('/api/inmuebles/exportar?q=filtro&formato=xlsx');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.headers['content-disposition']).toMatch(/inmuebles-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { leerXlsx } = await import('../../platform/tabular/xlsx.ts');
    const filas = await leerXlsx(x.rawPayload);
    expect(filas[0]).toContain('Consecutivo');
    expect(filas.length).toBe(1 + 3);
    const c = await as(t.app, admin1).get('/api/inmuebles/exportar?q=filtro&formato=csv');
    expect(c.body.split('\n').filter(Boolean)).toHaveLength(4);
    expect((await as(t.app, admin1).get('/api/inmuebles/exportar?formato=pdf')).json().message).toMatch(/^formato/);
  });
});
