import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { errorPg } from '../../platform/errors/db-errors.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import { avisarConsignaciones } from './inmuebles-consignacion.service.ts';

// The «Inmuebles» notices a property's own asesores get (types 201–205), through the endpoints a person
// uses, and the daily pass for consignments about to end (204), over real SMTP.
let t: TestApp;
const sink = new SmtpSink();
let admin3: string;
let captador: number;
let comercial: number;
let otro: number;
let inactivo: number;
let municipio: number;
let nombreMunicipio: string;
let causal: number;

type Fila = { id_usuario: number; tipo_carta: number; titulo: string; cuerpo: string; enlace: string };
const avisos = (idUsuario: number, empresa = 3) =>
  t.db.tenant(empresa, (tx) =>
    queryRows<Fila>(
      tx,
      sql`select id_usuario, tipo_carta, titulo, cuerpo, enlace from notificacion where id_usuario = ${idUsuario} order by id`,
    ),
  );
const tipos = async (idUsuario: number) => (await avisos(idUsuario)).map((a) => a.tipo_carta);

async function crear(cambios: Record<string, unknown> = {}, token = admin3): Promise<number> {
  const r = await as(t.app, token).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-12 Apto 301',
    id_municipio: municipio,
    canon: 2_000_000,
    id_asesor_captador: captador,
    id_asesor_comercial: comercial,
    ...cambios,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.consecutivo as number;
}

async function editar(n: number, cambio: Record<string, unknown>, token = admin3) {
  expect((await as(t.app, token).post(`/api/inmuebles/${n}/bloqueo`)).statusCode).toBe(200);
  const { propietarios: _p, ...resto } = (await as(t.app, token).get(`/api/inmuebles/${n}`)).json().data;
  const r = await t.app.inject({
    method: 'PUT',
    url: `/api/inmuebles/${n}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...resto, propietarios: [], ...cambio },
  });
  expect(r.statusCode, r.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.agencia.co' });
  admin3 = await login(t.app, DEMO.admin3);
  captador = await crearUsuario(t.db, 3, { usuario: 'captadora', nroId: '40011', permisos: '490,491' });
  comercial = await crearUsuario(t.db, 3, { usuario: 'comercial', nroId: '40012', permisos: '490,491' });
  otro = await crearUsuario(t.db, 3, { usuario: 'otroasesor', nroId: '40013', permisos: '490,491' });
  inactivo = await crearUsuario(t.db, 3, { usuario: 'inactivo', nroId: '40014', permisos: '490,491' });
  await t.db.tenant(3, async (tx) => {
    await tx.execute(sql`update usuarios set activo = false where id = ${inactivo}`);
    await tx.execute(sql`update terceros set email = 'captadora@agencia.co' where nro_id = '40011'`);
  });
  const [m, c] = await t.db.tenant(3, async (tx) => [
    (await queryRows<{ id: number; municipio: string }>(tx, sql`select id, municipio from municipios order by id limit 1`))[0]!,
    (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into causales_retiro (nombre) values ('Lo vendió el propietario') returning id`,
      )
    )[0]!,
  ]);
  municipio = m.id;
  nombreMunicipio = m.municipio;
  causal = c.id;
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe("a property's asesores hear of what happens to it", () => {
  it('created: 201 to the captador and the comercial with the property and their role, linked; none to whoever created it', async () => {
    const n = await crear();
    const [a] = await avisos(captador);
    expect(a).toMatchObject({ tipo_carta: 201, titulo: `Inmueble ${n} captado`, enlace: `/propiedades/inmueble/${n}` });
    expect(a!.cuerpo).toBe(
      `admin registró el inmueble ${n}: Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301. Usted es su asesor captador.`,
    );
    expect((await avisos(comercial)).at(-1)!.cuerpo).toContain('Usted es su asesor comercial.');
    const admin = (
      await t.db.tenant(3, (tx) => queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'admin'`))
    )[0]!.id;
    expect(await tipos(admin)).toEqual([]);
  });

  it('one asesor in both roles gets one notice naming both; an inactive asesor gets none', async () => {
    const antes = (await avisos(otro)).length;
    const n = await crear({ id_asesor_captador: otro, id_asesor_comercial: otro });
    const nuevos = (await avisos(otro)).slice(antes);
    expect(nuevos.map((a) => a.titulo)).toEqual([`Inmueble ${n} captado`]);
    expect(nuevos[0]!.cuerpo).toContain('Usted es su asesor captador y comercial.');
    await crear({ id_asesor_captador: inactivo, id_asesor_comercial: null });
    expect(await avisos(inactivo)).toEqual([]);
  });

  it('price change: 203 with before and after; a new asesor: 205 instead; estado retirado: 202 with the causal', async () => {
    const n = await crear({ gestion: 'arriendo_venta', precio_venta: 400_000_000 });
    const [c0, m0, o0] = [(await avisos(captador)).length, (await avisos(comercial)).length, (await avisos(otro)).length];

    await editar(n, { descripcion: 'Sin cambio de precio' });
    expect((await avisos(captador)).length).toBe(c0);

    await editar(n, { canon: 1_900_000, precio_venta: 380_000_000 });
    const precio = (await avisos(captador)).slice(c0);
    expect(precio).toHaveLength(1);
    expect(precio[0]).toMatchObject({ tipo_carta: 203, titulo: `Cambio de precio del inmueble ${n}` });
    expect(precio[0]!.cuerpo).toBe(
      `admin cambió en el inmueble ${n} (Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301) el canon de $ 2.000.000 a $ 1.900.000 y el precio de venta de $ 400.000.000 a $ 380.000.000.`,
    );
    expect((await avisos(comercial)).slice(m0).map((a) => a.tipo_carta)).toEqual([203]);

    // The comercial changes hands along with the price: the new one is told of the assignment only.
    await editar(n, { id_asesor_comercial: otro, canon: 1_850_000 });
    const asignado = (await avisos(otro)).slice(o0);
    expect(asignado.map((a) => [a.tipo_carta, a.titulo])).toEqual([[205, 'Le asignaron un inmueble']]);
    expect(asignado[0]!.cuerpo).toBe(
      `admin lo asignó como asesor comercial del inmueble ${n}: Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301.`,
    );
    expect((await avisos(captador)).slice(c0).map((a) => a.tipo_carta)).toEqual([203, 203]);
    expect((await avisos(comercial)).slice(m0).map((a) => a.tipo_carta)).toEqual([203]);

    const estado = (body: object) => as(t.app, admin3).post(`/api/inmuebles/${n}/estado`, body);
    expect((await estado({ estado: 'disponible' })).statusCode).toBe(200);
    expect((await avisos(captador)).slice(c0).map((a) => a.tipo_carta)).toEqual([203, 203]);
    expect((await estado({ estado: 'retirado', causal })).statusCode).toBe(200);
    const [retiro] = (await avisos(captador)).slice(c0 + 2);
    expect(retiro).toMatchObject({ tipo_carta: 202, titulo: `Inmueble ${n} retirado` });
    expect(retiro!.cuerpo).toBe(
      `admin pasó el inmueble ${n} (Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301) de disponible a retirado. Causal: Lo vendió el propietario.`,
    );
    expect((await avisos(otro)).slice(o0).map((a) => a.tipo_carta)).toEqual([205, 202]);
  });

  it('the asesor who makes the change is not told of it', async () => {
    const yo = await login(t.app, { idEmpresa: 3, usuario: 'captadora', clave: 'demo1234' });
    const antes = (await avisos(captador)).length;
    const n = await crear({}, yo);
    await editar(n, { canon: 2_100_000 }, yo);
    expect((await avisos(captador)).length).toBe(antes);
    expect((await avisos(comercial)).slice(-2).map((a) => a.tipo_carta)).toEqual([201, 203]);
  });
});

describe('consignments about to end (204), the daily pass', () => {
  const HOY = '2026-11-22';
  const pasada = () => avisarConsignaciones({ db: t.db, hub: t.deps.hub, mailer: t.deps.mailer, hoy: HOY });
  let en10: number;
  let en3: number;

  it('tells each asesor once, in one notice for all their properties, by e-mail as 204 comes by default', async () => {
    const solo = await crearUsuario(t.db, 3, { usuario: 'consigna', nroId: '40015', permisos: '490' });
    const base = { id_asesor_captador: solo, id_asesor_comercial: null };
    en10 = await crear({ ...base, vigencia_consignacion: '2026-12-02' });
    en3 = await crear({ ...base, vigencia_consignacion: '2026-11-25', direccion: 'Carrera 7 # 1-1' });
    await crear({ ...base, vigencia_consignacion: '2026-12-23' }); // 31 days: not yet
    const vencio = await crear({ ...base, vigencia_consignacion: '2026-11-21', direccion: 'Calle 5 # 5-5' }); // ended yesterday
    const arrendado = await crear({ ...base, vigencia_consignacion: '2026-11-30' });
    await as(t.app, admin3).post(`/api/inmuebles/${arrendado}/estado`, { estado: 'arrendado' });
    // Another company's property in the window reaches its own asesor only.
    const ajeno = await crearUsuario(t.db, 2, { usuario: 'ajeno', nroId: '40016', permisos: '490' });
    const admin2 = await login(t.app, DEMO.admin2);
    const m2 = (
      await t.db.tenant(2, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))
    )[0]!;
    const r = await as(t.app, admin2).post('/api/inmuebles', {
      tipo: 'casa',
      gestion: 'venta',
      direccion: 'Calle 1 # 1-1',
      id_municipio: m2.id,
      precio_venta: 300_000_000,
      id_asesor_captador: ajeno,
      vigencia_consignacion: '2026-12-01',
    });
    expect(r.statusCode, r.body).toBe(200);
    const previos = (await avisos(solo)).length;

    const enviados = sink.recibidos.length;
    const r1 = await pasada();
    expect(r1.empresas).toBeGreaterThanOrEqual(2);
    const nuevos = (await avisos(solo)).slice(previos);
    expect(nuevos).toHaveLength(2);
    expect(nuevos[0]).toMatchObject({
      tipo_carta: 204,
      titulo: 'Vence la consignación de 2 inmuebles suyos',
      enlace: `/propiedades/inmuebles-disponibles?estado=captado,disponible,reservado&consignacion=por_vencer&asesor=${solo}`,
    });
    expect(nuevos[0]!.cuerpo).toBe(
      `En los próximos 30 días vence la consignación de: inmueble ${en3} (Apartamento en ${nombreMunicipio} · Carrera 7 # 1-1): vence el 25/11/2026, en 3 días; inmueble ${en10} (Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301): vence el 02/12/2026, en 10 días. Renuévelas con los propietarios y registre la nueva vigencia, o retire los inmuebles.`,
    );
    // The one that ended yesterday, still on the market, in a notice of its own.
    expect(nuevos[1]).toMatchObject({
      tipo_carta: 204,
      titulo: `Venció la consignación del inmueble ${vencio}`,
      enlace: `/propiedades/inmueble/${vencio}`,
    });
    expect(nuevos[1]!.cuerpo).toBe(
      `La consignación del inmueble ${vencio} (Apartamento en ${nombreMunicipio} · Calle 5 # 5-5) venció el 21/11/2026, ayer, y el inmueble sigue en oferta. Renuévela con el propietario y registre la nueva vigencia, o retire el inmueble.`,
    );
    const ajenos = await t.db.tenant(2, (tx) =>
      queryRows<Fila>(tx, sql`select id_usuario, tipo_carta, titulo, cuerpo, enlace from notificacion where tipo_carta = 204`),
    );
    expect(ajenos.map((a) => [a.id_usuario, a.titulo])).toEqual([
      [ajeno, expect.stringMatching(/^Vence la consignación del inmueble \d+$/)],
    ]);
    // Company 2 never sees company 3's notices, nor the other way round.
    expect((await avisos(solo, 2)).length).toBe(0);

    // 204 goes by e-mail by default; this asesor has an address once their tercero has one.
    expect(sink.recibidos.length).toBe(enviados);
    expect(r1.avisos).toBeGreaterThanOrEqual(2);
  });

  it('a second pass tells nobody again; a renewed date or a new asesor is told', async () => {
    const solo = (
      await t.db.tenant(3, (tx) => queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'consigna'`))
    )[0]!.id;
    const antes = (await avisos(solo)).length;
    expect((await pasada()).avisos).toBe(0);
    expect((await avisos(solo)).length).toBe(antes);

    // Renewed, but still within the window: told again, for the new date alone.
    await editar(en3, { vigencia_consignacion: '2026-11-30' });
    const enviados = sink.recibidos.length;
    await editar(en10, { id_asesor_comercial: captador });
    expect((await pasada()).avisos).toBe(2);
    const [renovado] = (await avisos(solo)).slice(antes);
    expect(renovado).toMatchObject({
      titulo: `Vence la consignación del inmueble ${en3}`,
      enlace: `/propiedades/inmueble/${en3}`,
    });
    expect(renovado!.cuerpo).toBe(
      `La consignación del inmueble ${en3} (Apartamento en ${nombreMunicipio} · Carrera 7 # 1-1) vence el 30/11/2026, en 8 días. Renuévela con el propietario y registre la nueva vigencia, o retire el inmueble.`,
    );
    // The captadora has an e-mail, and 204 is e-mailed by default, with the link.
    const [m] = (await sink.esperar(enviados + 1)).slice(enviados);
    expect(m?.to).toEqual(['captadora@agencia.co']);
    const texto = textoDelMensaje(m!.data);
    expect(texto).toContain(`La consignación del inmueble ${en10} (`);
    expect(texto).toContain('vence el 02/12/2026, en 10 días.');
    expect(texto).toContain(`Ábralo en Predio: https://predio.agencia.co/propiedades/inmueble/${en10}`);
  });

  it('an ended consignment is told within the week after, in one notice for all of them; older ones are not', async () => {
    const quien = await crearUsuario(t.db, 3, { usuario: 'vencidas', nroId: '40017', permisos: '490' });
    const base = { id_asesor_captador: quien, id_asesor_comercial: null };
    const hace7 = await crear({ ...base, vigencia_consignacion: '2026-11-15' });
    const hace2 = await crear({ ...base, vigencia_consignacion: '2026-11-20', direccion: 'Carrera 9 # 9-9' });
    await crear({ ...base, vigencia_consignacion: '2026-11-14' }); // 8 days ago: the search lists it, no notice
    const retirado = await crear({ ...base, vigencia_consignacion: '2026-11-19' });
    expect((await as(t.app, admin3).post(`/api/inmuebles/${retirado}/estado`, { estado: 'retirado', causal })).statusCode).toBe(
      200,
    );
    await pasada();
    const nuevos = await avisos(quien);
    expect(nuevos.filter((a) => a.tipo_carta === 204)).toEqual([
      {
        id_usuario: quien,
        tipo_carta: 204,
        titulo: 'Venció la consignación de 2 inmuebles suyos',
        cuerpo: `Siguen en oferta con la consignación vencida: inmueble ${hace7} (Apartamento en ${nombreMunicipio} · Calle 10 # 43-12 Apto 301): venció el 15/11/2026; inmueble ${hace2} (Apartamento en ${nombreMunicipio} · Carrera 9 # 9-9): venció el 20/11/2026. Renuévelas con los propietarios y registre la nueva vigencia, o retire los inmuebles.`,
        enlace: `/propiedades/inmuebles-disponibles?estado=captado,disponible,reservado&consignacion=vencida&asesor=${quien}`,
      },
    ]);
    // Told once; renewed into the next 30 days, it is told as ending.
    expect((await pasada()).avisos).toBe(0);
    await editar(hace2, { vigencia_consignacion: '2026-12-10' });
    await pasada();
    const [renovado] = (await avisos(quien)).filter((a) => a.tipo_carta === 204).slice(1);
    expect(renovado?.titulo).toBe(`Vence la consignación del inmueble ${hace2}`);
  });

  it('on the day itself it says «vence hoy»', async () => {
    const solo = (
      await t.db.tenant(3, (tx) => queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'consigna'`))
    )[0]!.id;
    const n = await crear({ id_asesor_captador: solo, id_asesor_comercial: null, vigencia_consignacion: HOY });
    const antes = (await avisos(solo)).length;
    await pasada();
    const [a] = (await avisos(solo)).slice(antes);
    expect(a!.cuerpo).toContain(`del inmueble ${n} (`);
    expect(a!.cuerpo).toContain('vence hoy, 22/11/2026.');
  });
});

describe('the search finds consignments that ended or are about to', () => {
  it('consignacion=vencida and por_vencer, counted from today in Bogotá; anything else is named', async () => {
    const hoy = new Date(Date.now() - 5 * 3600_000);
    const dia = (d: number) => new Date(hoy.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    const vencido = await crear({ vigencia_consignacion: dia(-1), direccion: 'Diagonal 99 # 1-1' });
    const porVencer = await crear({ vigencia_consignacion: dia(5), direccion: 'Diagonal 99 # 1-2' });
    await crear({ vigencia_consignacion: dia(45), direccion: 'Diagonal 99 # 1-3' });
    const buscar = async (c: string) =>
      (
        (await as(t.app, admin3).get(`/api/inmuebles?estado=captado&q=Diagonal 99&consignacion=${c}`)).json().data.items as {
          consecutivo: number;
        }[]
      ).map((i) => i.consecutivo);
    expect(await buscar('vencida')).toEqual([vencido]);
    // Each row carries the date, for the list's «Consignación vencida» tag; the export has its column.
    const fila = (await as(t.app, admin3).get(`/api/inmuebles?estado=captado&consignacion=vencida`)).json().data.items[0];
    expect(fila).toMatchObject({ consecutivo: vencido, vigencia_consignacion: dia(-1) });
    const csv = (await as(t.app, admin3).get('/api/inmuebles/exportar?estado=captado&consignacion=vencida&formato=csv')).body;
    expect(csv.split('\n')[0]).toContain('Vigencia de la consignación');
    expect(csv.split('\n')[1]).toContain(dia(-1));
    expect(await buscar('por_vencer')).toEqual([porVencer]);
    const mal = await as(t.app, admin3).get('/api/inmuebles?consignacion=pronto');
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain('consignacion debe ser uno de: vencida, por_vencer');
  });
});

describe('what the notices record', () => {
  it('holds only the two kinds of notice the daily pass writes', async () => {
    const c = await crear({ direccion: 'Transversal 5 # 5-5' });
    const registrar = (aviso: string) =>
      t.db.tenant(3, (tx) =>
        tx.execute(
          sql`insert into inmueble_consignacion_aviso (id_inmueble, vigencia, id_usuario, aviso)
              select id, current_date, ${captador}, ${aviso} from inmueble where consecutivo = ${c}`,
        ),
      );
    await registrar('vencida');
    const e: unknown = await registrar('pronto').then(
      () => null,
      (x: unknown) => x,
    );
    expect(errorPg(e)?.constraint).toBe('inmueble_consignacion_aviso_aviso_ck');
  });
});
