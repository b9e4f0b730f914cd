import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClienteCoincidente, InmuebleCoincidente } from '@predio/contract/clientes';
import { queryRows } from '../../db/rows.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { inTenant } from '../../platform/tenant.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { notificarCoincidencias } from './clientes-coincidencias.service.ts';

let t: TestApp;
let admin3: string;
let m: { m1: number; m2: number; b1: number; z1: number; car: number[] };
let asesorA: number;
let asesorB: number;
const leads: Record<string, number> = {};
const props: Record<string, number> = {};

async function inmueble(body: Record<string, unknown>, disponible = true): Promise<number> {
  const r = await as(t.app, admin3).post('/api/inmuebles', {
    direccion: 'Calle de prueba',
    id_municipio: m.m1,
    habitaciones: 0,
    banos: 0,
    parqueaderos: 0,
    ...body,
  });
  expect(r.statusCode, r.body).toBe(200);
  const c = r.json().data.consecutivo as number;
  if (disponible)
    expect((await as(t.app, admin3).post(`/api/inmuebles/${c}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
  return c;
}

async function lead(body: Record<string, unknown>): Promise<number> {
  const r = await as(t.app, admin3).post('/api/clientes-atendidos', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.consecutivo as number;
}

/**
 * Company 3, all in municipio m1 unless said. Weights (contract PESOS_COINCIDENCIA): precio 30, ubicación 14,
 * área 10, habitaciones 10, baños 8, parqueaderos 6, estrato 10, características 12; half on a near miss.
 * The score is 100 × points / (weights of the criteria the lead filled in).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin3 = await login(t.app, DEMO.admin3);
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
    const car = await queryRows<{ id: number }>(tx, sql`select id from caracteristicas_inmueble order by id limit 4`);
    return { m1: b!.id_municipio, m2: m2!.id, b1: b!.id, z1: z!.id, car: car.map((c) => c.id) };
  });
  expect(m.car).toHaveLength(4);
  asesorA = await crearUsuario(t.db, 3, { usuario: 'asesora', nroId: '30001', permisos: '463' });
  asesorB = await crearUsuario(t.db, 3, { usuario: 'asesorb', nroId: '30002', permisos: '463' });
  const tercero = (nro: string, nombre: string) =>
    t.db.tenant(
      3,
      async (tx) =>
        (
          await tx
            .insert(terceros)
            .values({ nro_id: nro, nombre, celular: `300${nro}`, email: `${nro}@correo.co` })
            .returning({ id: terceros.id })
        )[0]!.id,
    );
  const [ta, tb, tc, td, te] = [
    await tercero('40001', 'Ana Arriendo'),
    await tercero('40002', 'Bruno Compra'),
    await tercero('40003', 'Carla Cualquiera'),
    await tercero('40004', 'Dario Cerrado'),
    await tercero('40005', 'Eva Casa'),
  ];

  props.P1 = await inmueble({
    tipo: 'apartamento',
    gestion: 'arriendo',
    id_barrio: m.b1,
    canon: 1_200_000,
    area_construida: 60,
    habitaciones: 3,
    banos: 2,
    parqueaderos: 1,
    estrato: 4,
    caracteristicas: m.car,
  });
  props.P2 = await inmueble({
    tipo: 'apartamento',
    gestion: 'arriendo_venta',
    id_zona: m.z1,
    canon: 1_600_000,
    precio_venta: 300_000_000,
    area_construida: 85,
    habitaciones: 2,
    banos: 2,
    parqueaderos: 0,
    estrato: 5,
    caracteristicas: m.car.slice(0, 3),
  });
  props.P3 = await inmueble({ tipo: 'apartamento', gestion: 'venta', id_barrio: m.b1, precio_venta: 260_000_000 });
  props.P4 = await inmueble({ tipo: 'casa', gestion: 'arriendo', id_barrio: m.b1, canon: 1_200_000 });
  props.P5 = await inmueble({ tipo: 'apartamento', gestion: 'arriendo', id_municipio: m.m2, canon: 1_200_000 });
  props.P6 = await inmueble(
    {
      tipo: 'apartamento',
      gestion: 'arriendo',
      id_barrio: m.b1,
      canon: 1_200_000,
      habitaciones: 3,
      banos: 2,
      parqueaderos: 1,
      estrato: 4,
    },
    false,
  );
  props.P7 = await inmueble({
    tipo: 'apartamento',
    gestion: 'arriendo',
    id_barrio: m.b1,
    canon: 2_000_000,
    area_construida: 40,
    habitaciones: 1,
    banos: 1,
    parqueaderos: 1,
  });

  leads.L1 = await lead({
    id_tercero: ta,
    gestion: 'arriendo',
    id_asesor: asesorA,
    tipos: ['apartamento'],
    municipios: [m.m1],
    barrios: [m.b1],
    precio_min: 1_000_000,
    precio_max: 1_500_000,
    area_min: 50,
    area_max: 80,
    habitaciones_min: 3,
    banos_min: 2,
    parqueaderos_min: 1,
    estratos: [4],
    caracteristicas: m.car,
  });
  leads.L2 = await lead({
    id_tercero: tb,
    gestion: 'venta',
    id_asesor: asesorB,
    precio_min: 250_000_000,
    precio_max: 280_000_000,
  });
  leads.L3 = await lead({ id_tercero: tc, gestion: 'arriendo_venta', id_asesor: asesorA });
  leads.L4 = await lead({ id_tercero: td, gestion: 'arriendo_venta', id_asesor: asesorB });
  expect((await as(t.app, admin3).post(`/api/clientes-atendidos/${leads.L4}/cerrar`, { resultado: 'desistio' })).statusCode).toBe(
    200,
  );
  leads.L5 = await lead({ id_tercero: te, gestion: 'arriendo', id_asesor: asesorB, tipos: ['casa'], municipios: [m.m2] });
});
afterAll(() => t.close());

const paraCliente = async (c: number) => {
  const r = await as(t.app, admin3).get(`/api/clientes-atendidos/${c}/coincidencias`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as InmuebleCoincidente[];
};
const paraInmueble = async (c: number, token = admin3) => {
  const r = await as(t.app, token).get(`/api/inmuebles/${c}/clientes-coincidentes`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ClienteCoincidente[];
};
const textos = (x: { motivos: { texto: string }[] }) => x.motivos.map((mo) => mo.texto);

describe('matching a lead with the available properties', () => {
  it('scores L1 against P1 and P2 exactly, and leaves out what fails a hard criterion or the minimum', async () => {
    const r = await paraCliente(leads.L1!);
    // P3 is venta (L1 seeks arriendo), P4 a casa, P5 in m2, P6 still captado: hard criteria.
    // L1 fills in every criterion, so the points are out of 100.
    // P7: precio 2,000,000 > 1,650,000 → 0; barrio b1 → 14; área 40 < 45 → 0; 1 hab. (2 short) → 0;
    //     1 baño (1 short) → 4; 1 parq. → 6; no estrato → 0; 0 of 4 features → 0. 24 < 50: left out.
    expect(r.map((x) => [x.consecutivo, x.puntaje])).toEqual([
      [props.P1, 100],
      // P2: canon 1,600,000 ≤ 1,500,000×1.1 → 15; zona z1 not asked, no barrio → 0; área 85 ≤ 88 → 5;
      //     2 hab. (1 short) → 5; 2 baños → 8; 0 parq. (1 short) → 3; estrato 5 next to 4 → 5;
      //     3 of 4 features → round(12×3/4) = 9. 15+0+5+5+8+3+5+9 = 50 = the minimum.
      [props.P2, 50],
    ]);
    expect(textos(r[0]!)).toEqual([
      'Precio dentro del rango',
      'En un barrio buscado',
      'Área dentro del rango',
      'Habitaciones suficientes (3)',
      'Baños suficientes (2)',
      'Parqueaderos suficientes (1)',
      'Estrato 4 buscado',
      'Tiene 4 de 4 características',
    ]);
    expect(r[1]!.motivos.map((x) => [x.criterio, x.puntos, x.texto])).toEqual([
      ['precio', 15, 'Precio hasta 10 % fuera del rango'],
      ['ubicacion', 0, 'Fuera de los barrios y zonas buscados'],
      ['area', 5, 'Área hasta 10 % fuera del rango'],
      ['habitaciones', 5, 'Falta 1 habitación'],
      ['banos', 8, 'Baños suficientes (2)'],
      ['parqueaderos', 3, 'Falta 1 parqueadero'],
      ['estrato', 5, 'Estrato 5, cercano al buscado'],
      ['caracteristicas', 9, 'Tiene 3 de 4 características'],
    ]);
    expect(r[0]).toMatchObject({ tipo: 'apartamento', gestion: 'arriendo', canon: 1_200_000 });
  });

  it('a lead without requirements takes every disponible property at 100; the score counts only the criteria filled in', async () => {
    // L3 seeks arriendo o venta with nothing else: P1..P5 and P7 (P6 is captado), newest first at equal score.
    const l3 = await paraCliente(leads.L3!);
    expect(l3.map((x) => x.consecutivo)).toEqual([props.P7, props.P5, props.P4, props.P3, props.P2, props.P1]);
    expect(new Set(l3.map((x) => x.puntaje))).toEqual(new Set([100]));
    expect(l3[0]!.motivos).toEqual([]);
    // L2 (venta, 250–280 M, nothing else): the sale price is compared. P3 at 260 M → 30/30 = 100;
    // P2 at 300 M ≤ 280 M × 1.1 = 308 M → 15/30 = 50. P1 (arriendo) does not qualify.
    const l2 = await paraCliente(leads.L2!);
    expect(l2.map((x) => [x.consecutivo, x.puntaje, textos(x)])).toEqual([
      [props.P3, 100, ['Precio dentro del rango']],
      [props.P2, 50, ['Precio hasta 10 % fuera del rango']],
    ]);
    // Only a price, and no sale price within 10 % of 100–110 M: the price is required, nothing fits.
    const [tf] = await t.db.tenant(3, (tx) => tx.insert(terceros).values({ nro_id: '40006', nombre: 'Fabio Fuera' }).returning());
    const l6 = await lead({ id_tercero: tf!.id, gestion: 'venta', precio_min: 100_000_000, precio_max: 110_000_000 });
    expect(await paraCliente(l6)).toEqual([]);
    await as(t.app, admin3).post(`/api/clientes-atendidos/${l6}/cerrar`, { resultado: 'otro' });
  });

  it('from the property side: open leads only, best first, with reasons', async () => {
    // P1 (arriendo): L1 100, L3 100 (newer first); L2 seeks venta, L4 is closed, L5 wants a casa in m2.
    const p1 = await paraInmueble(props.P1!);
    expect(p1.map((x) => [x.consecutivo, x.puntaje])).toEqual([
      [leads.L3, 100],
      [leads.L1, 100],
    ]);
    expect(p1[1]).toMatchObject({ nombre: 'Ana Arriendo', asesor: 'Usuario asesora', estado: 'activo', gestion: 'arriendo' });
    // P2 (arriendo y venta): L3 100, L2 50, L1 50 (the same numbers as from the lead's side; newer first on a tie).
    const p2 = await paraInmueble(props.P2!);
    expect(p2.map((x) => [x.consecutivo, x.puntaje])).toEqual([
      [leads.L3, 100],
      [leads.L2, 50],
      [leads.L1, 50],
    ]);
    expect(textos(p2[2]!)).toContain('Tiene 3 de 4 características');
    // A property that is not disponible fits nobody.
    expect(await paraInmueble(props.P6!)).toEqual([]);
  });

  it('clientes-coincidentes: 490 or 491 may see it; 463 alone may not; another company gets 404', async () => {
    await crearUsuario(t.db, 3, { usuario: 'solo491', nroId: '30003', permisos: '491' });
    await crearUsuario(t.db, 3, { usuario: 'solo463', nroId: '30004', permisos: '463' });
    const solo491 = await login(t.app, { idEmpresa: 3, usuario: 'solo491', clave: 'demo1234' });
    const solo463 = await login(t.app, { idEmpresa: 3, usuario: 'solo463', clave: 'demo1234' });
    const vistos = await paraInmueble(props.P1!, solo491);
    expect(vistos.length).toBe(2);
    // Without the leads permission (463) the names and scores show, the phones and e-mails do not.
    expect(vistos.map((c) => [c.celular, c.email])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect((await paraInmueble(props.P1!)).some((c) => c.celular !== '' || c.email !== '')).toBe(true);
    const r = await as(t.app, solo463).get(`/api/inmuebles/${props.P1}/clientes-coincidentes`);
    expect(r.statusCode).toBe(403);
    const admin2 = await login(t.app, DEMO.admin2);
    const otra = await as(t.app, admin2).get(`/api/inmuebles/${props.P1}/clientes-coincidentes`);
    expect(otra.statusCode).toBe(404);
    const mal = await as(t.app, admin3).get('/api/inmuebles/abc/clientes-coincidentes');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('consecutivo');
  });
});

describe('notificarCoincidencias', () => {
  const idDe = (consecutivo: number) =>
    t.db.tenant(
      3,
      async (tx) => (await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`))[0]!.id,
    );
  const avisar = (idInmueble: number, motivo: 'nuevo' | 'precio') =>
    inTenant(t.db, 3, (s) => notificarCoincidencias({ ...s, hub: t.deps.hub, mailer: t.deps.mailer, idInmueble, motivo }));
  const avisos = (idUsuario: number) =>
    t.db.tenant(3, (tx) =>
      queryRows<{ titulo: string; cuerpo: string; enlace: string }>(
        tx,
        sql`select titulo, cuerpo, enlace from notificacion where id_usuario = ${idUsuario} and tipo_carta = 302 order by id`,
      ),
    );

  it('tells each asesor once per property and reason, naming the leads', async () => {
    const p1 = await idDe(props.P1!);
    // P1 fits L1 and L3, both of asesor A: one notice for A, none for B.
    expect(await avisar(p1, 'nuevo')).toEqual({ avisados: [asesorA] });
    expect(await avisar(p1, 'nuevo')).toEqual({ avisados: [] });
    const a = await avisos(asesorA);
    expect(a).toHaveLength(1);
    expect(a[0]!.titulo).toBe(`El inmueble ${props.P1} coincide con 2 clientes suyos`);
    expect(a[0]!.cuerpo).toContain('Carla Cualquiera (100 %)');
    expect(a[0]!.cuerpo).toContain('Ana Arriendo (100 %)');
    expect(a[0]!.enlace).toBe(`/propiedades/inmueble/${props.P1}`);
    // A price change is another reason: notified once per price.
    expect(await avisar(p1, 'precio')).toEqual({ avisados: [asesorA] });
    expect(await avisar(p1, 'precio')).toEqual({ avisados: [] });
    expect(await avisos(asesorA)).toHaveLength(2);
    // P2 fits L1, L3 (A) and L2 (B).
    const p2 = await idDe(props.P2!);
    expect(await avisar(p2, 'nuevo')).toEqual({ avisados: [asesorA, asesorB].sort((x, y) => x - y) });
    const b = await avisos(asesorB);
    expect(b.map((x) => x.titulo)).toEqual([`El inmueble ${props.P2} coincide con 1 cliente suyo`]);
    // A captado property notifies nobody.
    expect(await avisar(await idDe(props.P6!), 'nuevo')).toEqual({ avisados: [] });
  });
});
