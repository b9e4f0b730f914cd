import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import * as repo from './inmuebles.repo.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin3: string;
let admin1: string;
let m: { m1: number; m2: number; barrio: number; zona: number; sector: number };

const TIPOS = ['apartamento', 'casa', 'local'] as const;
const GESTIONES = ['arriendo', 'venta', 'arriendo_venta'] as const;
// No digits in the text, so a number in q can only be a consecutivo.
const direccion = (i: number) => `Manzana ${'ABCDEFGHIJ'[i % 10]}${'KLM'[Math.floor(i / 10)]} vía Nórdica`;

/**
 * 30 properties of company 3; property i gets consecutivo i + 1:
 * tipo i%3, gestión ⌊i/10⌋, municipio m1 when i is even, habitaciones i%5, baños i%3, parqueaderos i%2,
 * estrato 1+i%6, área 40+5i, canon 1,000,000+100,000i (arriendo), precio 200M+10M·i (venta),
 * 'piscína' in the description when i%7=0, zona when i%4=0, sector when i<15, barrio (of m1) when i is 0, 2 or 4,
 * asesor comercial admin3 when i<5; all disponible except i%10=9 (still captado).
 */
beforeAll(async () => {
  t = await createTestApp();
  [admin3, admin1] = await Promise.all([login(t.app, DEMO.admin3), login(t.app, DEMO.admin1)]);
  m = await t.db.tenant(3, async (tx) => {
    const [b] = await queryRows<{ id: number; id_municipio: number }>(
      tx,
      sql`select id, id_municipio from barrios order by id limit 1`,
    );
    const [m2] = await queryRows<{ id: number }>(
      tx,
      sql`select id from municipios where id <> ${b!.id_municipio} order by id limit 1`,
    );
    const [z] = await queryRows<{ id: number }>(tx, sql`select id from zonas order by id limit 1`);
    const [s] = await queryRows<{ id: number }>(tx, sql`select id from sectores order by id limit 1`);
    return { m1: b!.id_municipio, m2: m2!.id, barrio: b!.id, zona: z!.id, sector: s!.id };
  });
  const idAdmin3 = tokenClaims(admin3).idUsuario;
  for (let i = 0; i < 30; i++) {
    const gestion = GESTIONES[Math.floor(i / 10)]!;
    const r = await as(t.app, admin3).post('/api/inmuebles', {
      tipo: TIPOS[i % 3],
      gestion,
      direccion: direccion(i),
      id_municipio: i % 2 === 0 ? m.m1 : m.m2,
      id_barrio: i < 5 && i % 2 === 0 ? m.barrio : null,
      id_zona: i % 4 === 0 ? m.zona : null,
      id_sector: i < 15 ? m.sector : null,
      estrato: 1 + (i % 6),
      area_construida: 40 + 5 * i,
      habitaciones: i % 5,
      banos: i % 3,
      parqueaderos: i % 2,
      canon: gestion === 'venta' ? null : 1_000_000 + 100_000 * i,
      precio_venta: gestion === 'arriendo' ? null : 200_000_000 + 10_000_000 * i,
      descripcion: i % 7 === 0 ? 'Conjunto con piscína y zonas verdes' : 'Buena iluminación',
      id_asesor_comercial: i < 5 ? idAdmin3 : null,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.consecutivo).toBe(i + 1);
    if (i % 10 !== 9)
      expect((await as(t.app, admin3).post(`/api/inmuebles/${i + 1}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const buscar = async (qs: string, token = admin3) => {
  const r = await as(t.app, token).get(`/api/inmuebles?${qs}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { items: { consecutivo: number }[]; hayMas: boolean };
};
const conteo = async (qs: string, token = admin3) => {
  const r = await as(t.app, token).get(`/api/inmuebles/conteo?${qs}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { total: number; totalExacto?: false };
};
const total = async (qs: string) => {
  const { total: n } = await conteo(qs);
  // The page agrees with its count: every match fits in the first 200.
  const p = await buscar(`${qs}&pageSize=200`);
  expect(p.items, qs).toHaveLength(n);
  expect(p.hayMas, qs).toBe(false);
  return n;
};

describe('GET /inmuebles (inmuebles-disponibles)', () => {
  it('lists the disponibles, 20 a page, newest first, saying whether another page follows; counts them apart', async () => {
    const p1 = await buscar('');
    expect(p1.hayMas).toBe(true);
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0]).toMatchObject({ consecutivo: 29, estado: 'disponible', tipo: 'casa', area: 180 });
    expect(p1).not.toHaveProperty('total');
    expect(await buscar('page=2')).toMatchObject({ items: expect.any(Array), hayMas: false });
    expect((await buscar('page=2')).items).toHaveLength(7);
    // A page that ends exactly at the last match: nothing follows.
    expect((await buscar('page=3&pageSize=9')).hayMas).toBe(false);
    expect((await buscar('page=2&pageSize=9')).hayMas).toBe(true);
    expect(await buscar('page=9')).toEqual({ items: [], hayMas: false });
    expect(await conteo('')).toEqual({ total: 27 });
    // Paging and order do not change the count (and are not asked of it).
    expect(await conteo('page=2&sort=precio&order=asc')).toEqual({ total: 27 });
    expect(await total('estado=captado')).toBe(3);
  });

  it('filters by gestión (arriendo_venta counts for both), tipo and prices by gestión', async () => {
    expect(await total('gestion=arriendo')).toBe(18); // i 0–8 and 20–28
    expect(await total('gestion=venta&tipo=casa')).toBe(6); // 10,13,16,22,25,28
    expect(await total('gestion=arriendo&precioMin=2000000&precioMax=3500000')).toBe(6); // i 20–25
    expect(await total('gestion=venta&precioMax=350000000')).toBe(6); // i 10–15
    expect(await total('tipo=casa,local&gestion=arriendo_venta')).toBe(6); // 20,22,23,25,26,28
    const orden = await buscar('gestion=venta&sort=precio&order=asc');
    expect(orden.items.slice(0, 2).map((x) => x.consecutivo)).toEqual([11, 12]);
  });

  it('filters by rooms, baths, parking, estrato, area and place', async () => {
    expect(await total('habitaciones=3')).toBe(9);
    expect(await total('banos=2')).toBe(9);
    expect(await total('parqueaderos=1')).toBe(12);
    expect(await total('estrato=1&estrato=2')).toBe(9);
    expect(await total(`municipio=${m.m1}`)).toBe(15);
    expect(await total(`municipio=${m.m1}&areaMin=100`)).toBe(9); // even i ≥ 12
    expect(await total('areaMax=60')).toBe(5);
    expect(await total(`zona=${m.zona}`)).toBe(8);
    expect(await total(`zona=${m.zona}&sector=${m.sector}`)).toBe(4);
    expect(await total(`barrio=${m.barrio}`)).toBe(3);
    expect(await total(`asesor=${tokenClaims(admin3).idUsuario}`)).toBe(5);
  });

  it('searches text without accents and consecutivos', async () => {
    expect(await total('q=PISCINA')).toBe(5); // i 0,7,14,21,28
    expect(await total('q=nordica piscina')).toBe(5);
    expect((await buscar('q=6')).items.map((x) => x.consecutivo)).toEqual([6]);
    expect(await total('q=manzana%20ck')).toBe(1);
    // A plain substring: like's wildcards mean themselves.
    expect(await total('q=%25')).toBe(0);
    expect(await total('q=manzana_c')).toBe(0);
    expect(await total('q=NÓRDICA%20a')).toBe(27);
  });

  it('refuses bad filters naming them', async () => {
    for (const [qs, campo] of [
      ['gestion=alquiler', 'gestion'],
      ['tipo=castillo', 'tipo'],
      ['precioMin=abc', 'precioMin'],
      ['habitaciones=-1', 'habitaciones'],
      ['pageSize=500', 'pageSize'],
      ['sort=nombre', 'sort'],
    ]) {
      const r = await as(t.app, admin3).get(`/api/inmuebles?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().message, qs).toContain(campo);
    }
    for (const [qs, campo] of [
      ['gestion=alquiler', 'gestion'],
      ['estrato=9', 'estrato'],
      ['areaMax=mucha', 'areaMax'],
      [`q=${'x'.repeat(201)}`, 'búsqueda'],
    ]) {
      const r = await as(t.app, admin3).get(`/api/inmuebles/conteo?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().message, qs).toContain(campo);
    }
  });

  it('searches and counts only for who may search properties (491)', async () => {
    await crearUsuario(t.db, 3, { usuario: 'solo490', nroId: '1049049049', permisos: '490' });
    const solo490 = await login(t.app, { idEmpresa: 3, usuario: 'solo490', clave: 'demo1234' });
    for (const url of ['/api/inmuebles', '/api/inmuebles/conteo']) {
      const r = await as(t.app, solo490).get(url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().code, url).toBe(50403);
      expect((await as(t.app, null).get(url)).statusCode, url).toBe(401);
    }
  });

  it("shows nothing of another company's properties", async () => {
    expect(await buscar('', admin1)).toEqual({ items: [], hayMas: false });
    expect(await conteo('', admin1)).toEqual({ total: 0 });
    expect((await as(t.app, admin1).get('/api/inmuebles/1')).statusCode).toBe(404);
  });
});

describe('GET /inmuebles/conteo counts at most 1,000 matches', () => {
  let admin2: string;
  // 1,050 disponibles of company 2 (consecutivo g): casa when g ≤ 1000, local after; gestión g%3.
  beforeAll(async () => {
    admin2 = await login(t.app, DEMO.admin2);
    await t.db.tenant(2, async (tx) => {
      await tx.execute(sql`
        insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio, creado_por)
        select g, case when g <= 1000 then 'casa' else 'local' end,
               (array['arriendo', 'venta', 'arriendo_venta'])[1 + g % 3], 'disponible', 'Calle ' || g,
               (select id from municipios order by id limit 1), 'prueba'
        from generate_series(1, 1050) g`);
      await tx.execute(sql`insert into consecutivo (serie, ultimo) values ('inmueble', 1050)
        on conflict (id_empresa, serie, anio) do update set ultimo = 1050`);
    });
  });

  it('says "more than 1,000" past the cap and the exact number up to it', async () => {
    expect(await conteo('', admin2)).toEqual({ total: 1000, totalExacto: false });
    expect(await conteo('q=calle', admin2)).toEqual({ total: 1000, totalExacto: false });
    // Exactly the cap, just under it, and few: exact, without the flag.
    for (const [qs, n] of [
      ['tipo=casa', 1000],
      ['gestion=venta', 700], // venta and arriendo_venta
      ['tipo=local', 50],
      ['tipo=local&q=104', 10], // 'Calle 1040'–'Calle 1049'
    ] as const) {
      expect(await conteo(qs, admin2), qs).toEqual({ total: n });
    }
  });

  it('pages past the cap until the last match', async () => {
    const p1 = await buscar('', admin2);
    expect(p1.items.map((x) => x.consecutivo).slice(0, 3)).toEqual([1050, 1049, 1048]);
    const p51 = await buscar('page=51', admin2);
    expect(p51.items.map((x) => x.consecutivo)).toEqual(Array.from({ length: 20 }, (_, k) => 50 - k));
    expect(p51.hayMas).toBe(true);
    const ultima = await buscar('page=53', admin2);
    expect(ultima.items).toHaveLength(10);
    expect(ultima.hayMas).toBe(false);
    expect(await buscar('page=60', admin2)).toEqual({ items: [], hayMas: false });
    expect((await buscar('page=50&tipo=casa', admin2)).hayMas).toBe(false);
    expect(await buscar('page=2&pageSize=200&tipo=local', admin2)).toEqual({ items: [], hayMas: false });
  });

  it('counts only its own company', async () => {
    expect(await conteo('')).toEqual({ total: 27 });
  });
});

describe('the plans of the search', () => {
  it('plans once a search whose values do not change its plan, and the others for their values every time', async () => {
    const base = { sort: 'consecutivo', order: 'desc', limit: 21, offset: 0 } as const;
    const { paginas, planes } = await t.db.tenant(3, async (tx) => {
      const paginas: Record<string, number[][]> = { todos: [], estrato: [], texto: [], venta: [], municipio: [], precio: [] };
      const ver = (k: string, r: { filas: { consecutivo: number }[] }) => paginas[k]!.push(r.filas.map((f) => f.consecutivo));
      for (let k = 0; k < 8; k++) {
        ver(
          'estrato',
          await repo.listar(tx, { ...base, gestion: 'arriendo', tipo: ['apartamento'], estrato: [1 + (k % 2) * 3] }),
        );
        ver(
          'venta',
          await repo.listar(tx, { ...base, gestion: 'venta', precioMin: 0, precioMax: k % 2 ? 350_000_000 : 500_000_000 }),
        );
        ver('municipio', await repo.listar(tx, { ...base, municipio: [k % 2 ? m.m1 : m.m2] }));
        ver('todos', await repo.listar(tx, base));
        ver('texto', await repo.listar(tx, { ...base, q: k % 2 ? 'NORDICA' : 'piscina' }));
        ver('precio', await repo.listar(tx, { ...base, sort: 'precio', order: 'asc', tipo: ['casa'] }));
      }
      const planes = await queryRows<{ statement: string; custom_plans: string; generic_plans: string }>(
        tx,
        sql`select statement, custom_plans, generic_plans from pg_prepared_statements where statement like '%as orden%'`,
      );
      return { paginas, planes };
    });
    // The first (gestión, tipo and estrato, newest first) is planned for its values its first five
    // times, then once.
    const nombrada = planes.filter((p) => /where i\.estado = 'disponible' .* and i\.estrato = \(select \$/s.test(p.statement));
    expect(nombrada.map((p) => Number(p.generic_plans) >= 2)).toEqual([true]);
    const conTexto = planes.filter((p) =>
      /where i\.estado = 'disponible' and strpos\(i\.texto_busqueda, \(select lower\(predio_unaccent\(\$1::text\)\)\)\) > 0\s+order by i\.consecutivo desc\s+limit 22\s/.test(
        p.statement,
      ),
    );
    expect(conTexto.map((p) => Number(p.generic_plans) >= 2)).toEqual([true]);
    // The first page without filters has no parameter left (its limit is written in it): one plan.
    const todos = planes.filter((p) =>
      /where i\.estado = 'disponible'\s+order by i\.consecutivo desc\s+limit 22\s/.test(p.statement),
    );
    expect(todos.map((p) => [Number(p.custom_plans), Number(p.generic_plans) >= 7])).toEqual([[0, true]]);
    // A price range, a municipio, the order by price: never planned once for any value, named or not.
    for (const parte of ['i.precio_venta >=', 'i.id_municipio =', 'order by i.canon'])
      for (const p of planes.filter((x) => x.statement.includes(parte))) expect(Number(p.generic_plans), parte).toBe(0);
    // The same answers with either plan: disponibles (i%10 ≠ 9) apartamentos (i%3 = 0) for arriendo
    // (i < 10) or both (i ≥ 20), of estrato 1 or 4 (1 + i%6).
    const esperado = (estrato: number) =>
      Array.from({ length: 30 }, (_, i) => 29 - i)
        .filter((i) => i % 10 !== 9 && i % 3 === 0 && (i < 10 || i >= 20) && 1 + (i % 6) === estrato)
        .map((i) => i + 1);
    expect([esperado(1), esperado(4)]).toEqual([
      [25, 7, 1],
      [28, 22, 4],
    ]);
    paginas.estrato!.forEach((p, k) => expect(p, `vuelta ${k}`).toEqual(esperado(1 + (k % 2) * 3)));
    expect(new Set(paginas.venta!.map((p) => p.join())).size).toBe(2);
    expect(new Set(paginas.todos!.map((p) => p.join()))).toEqual(new Set([paginas.todos![0]!.join()]));
    expect(paginas.todos![0]).toHaveLength(21);
    // «vía Nórdica» is in every address; «piscína» in the description when i%7 = 0 (disponibles: 1, 8, 15, 22, 29).
    paginas.texto!.forEach((p, k) => expect(p, `vuelta ${k}`).toEqual(k % 2 ? paginas.todos![0] : [29, 22, 15, 8, 1]));
  });
});
