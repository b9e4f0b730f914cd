import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClienteDetalle, ClienteResumen, VistaPreviaCascada } from '@predio/contract/clientes';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { hoyBogota } from './clientes.service.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let sinPermiso: string;
let idAsesor1: number;
let tercero: { a: number; b: number; c: number; ajeno: number };
let medio: number;
let municipio: { m1: number; barrioM1: number; m2: number };

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
  ]);
  idAsesor1 = tokenClaims(asesor1).idUsuario;
  await crearUsuario(t.db, 1, { usuario: 'solo59', nroId: '50001', permisos: '59' });
  sinPermiso = await login(t.app, { idEmpresa: 1, usuario: 'solo59', clave: 'demo1234' });
  const nuevo = (emp: number, nro: string, nombre: string, extra: Record<string, unknown> = {}) =>
    t.db.tenant(
      emp,
      async (tx) =>
        (
          await tx
            .insert(terceros)
            .values({ nro_id: nro, nombre, ...extra })
            .returning({ id: terceros.id })
        )[0]!.id,
    );
  tercero = {
    a: await nuevo(1, '60001', 'Lucía Fernández Ríos', { celular: '3001112233', email: 'lucia@example.com', propietario: false }),
    b: await nuevo(1, '60002', 'Mateo Gómez'),
    c: await nuevo(1, '60003', 'Sofía Pérez'),
    ajeno: await nuevo(2, '60009', 'De la otra empresa'),
  };
  [medio, municipio] = await t.db.tenant(1, async (tx) => {
    const [md] = await queryRows<{ id: number }>(tx, sql`select id from medios_publicitarios order by id limit 1`);
    const [b] = await queryRows<{ id: number; id_municipio: number }>(
      tx,
      sql`select id, id_municipio from barrios order by id limit 1`,
    );
    const [m2] = await queryRows<{ id: number }>(
      tx,
      sql`select id from municipios where id <> ${b!.id_municipio} order by id limit 1`,
    );
    return [md!.id, { m1: b!.id_municipio, barrioM1: b!.id, m2: m2!.id }] as const;
  });
});
afterAll(() => t.close());

const crear = async (body: Record<string, unknown>, token = admin1) => {
  const r = await as(t.app, token).post('/api/clientes-atendidos', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ClienteDetalle;
};
const listar = async (qs: string, token = admin1) => {
  const r = await as(t.app, token).get(`/api/clientes-atendidos?${qs}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ListResult<ClienteResumen>;
};

describe('clientes atendidos: create, read, update', () => {
  it('creates a lead with the next consecutivo, today as fecha de ingreso, names of the masters, audited', async () => {
    const d = await crear({
      id_tercero: tercero.a,
      gestion: 'arriendo',
      id_asesor: idAsesor1,
      id_medio: medio,
      tipos: ['apartamento', 'apartamento', 'casa'],
      municipios: [municipio.m1],
      barrios: [municipio.barrioM1],
      precio_min: 1_000_000,
      precio_max: 2_000_000,
      habitaciones_min: 2,
      estratos: [4, 3, 4],
      observaciones: 'Tiene mascota',
    });
    expect(d).toMatchObject({
      consecutivo: 1,
      fecha_ingreso: hoyBogota(),
      estado: 'activo',
      tipos: ['apartamento', 'casa'],
      estratos: [3, 4],
      asesor: expect.any(String),
      medio: expect.any(String),
      tercero: { id: tercero.a, nombre: 'Lucía Fernández Ríos', celular: '3001112233' },
      version: 1,
    });
    expect(d.etiquetas.municipios).toHaveLength(1);
    expect(d.etiquetas.barrios[0]!.id).toBe(municipio.barrioM1);
    expect((await crear({ id_tercero: tercero.b, gestion: 'venta', fecha_ingreso: '2026-01-15' })).consecutivo).toBe(2);
    const [audit] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'clientes_atendidos' and entidad_id = '1'`,
      ),
    );
    expect(audit?.accion).toBe('crear');
    // The asesor hears of it (type 301), the link opens the lead (clienteAbrir).
    const [aviso] = await t.db.tenant(1, (tx) =>
      queryRows<{ enlace: string }>(
        tx,
        sql`select enlace from notificacion where id_usuario = ${idAsesor1} and tipo_carta = 301`,
      ),
    );
    expect(aviso?.enlace).toBe('/propiedades/clientes-atendidos?abrir=1');
  });

  it('rejects bad input naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ id_tercero: tercero.c }, 'gestion'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', precio_min: 5, precio_max: 1 }, 'precio_max'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', tipos: ['castillo'] }, 'tipos'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', estado: 'cerrado' }, 'estado'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', fecha_ingreso: '2026-13-45' }, 'fecha_ingreso'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', fecha_ingreso: '2999-01-01' }, 'fecha_ingreso'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', barrios: [999_999] }, 'barrios'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', municipios: [municipio.m2], barrios: [municipio.barrioM1] }, 'barrios'],
      [{ id_tercero: tercero.ajeno, gestion: 'arriendo' }, 'id_tercero'],
      [{ id_tercero: tercero.c, gestion: 'arriendo', id_asesor: 999_999 }, 'id_asesor'],
    ];
    for (const [body, campo] of casos) {
      const r = await as(t.app, admin1).post('/api/clientes-atendidos', body);
      expect(r.statusCode, `${campo}: ${r.body}`).toBe(400);
      expect(r.json().message).toContain(campo);
    }
  });

  it('403 without idm 463; another company sees none of these leads', async () => {
    expect((await as(t.app, sinPermiso).get('/api/clientes-atendidos')).statusCode).toBe(403);
    expect(
      (await as(t.app, sinPermiso).post('/api/clientes-atendidos', { id_tercero: tercero.c, gestion: 'venta' })).statusCode,
    ).toBe(403);
    expect((await as(t.app, sinPermiso).get('/api/clientes-atendidos/1')).statusCode).toBe(403);
    expect((await listar('', admin2)).total).toBe(0);
    expect((await as(t.app, admin2).get('/api/clientes-atendidos/1')).statusCode).toBe(404);
    expect((await as(t.app, admin2).post('/api/clientes-atendidos/1/notas', { texto: 'hola' })).statusCode).toBe(404);
    expect((await as(t.app, admin2).get('/api/clientes-atendidos/terceros?q=Lucía')).json().data).toEqual([]);
  });

  it('updates with the version read, and refuses a stale one', async () => {
    const d = (await as(t.app, admin1).get('/api/clientes-atendidos/2')).json().data as ClienteDetalle;
    const body = { id_tercero: d.id_tercero, gestion: 'venta', precio_min: 200_000_000, version: d.version };
    const r = await put(admin1, '/api/clientes-atendidos/2', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ precio_min: 200_000_000, version: 2, fecha_ingreso: '2026-01-15' });
    const viejo = await put(admin1, '/api/clientes-atendidos/2', body);
    expect(viejo.statusCode).toBe(409);
    expect((await put(admin1, '/api/clientes-atendidos/2', { ...body, version: 'x' })).json().message).toContain('version');
  });
});

describe('follow-up, closing, reopening, converting', () => {
  it('a note moves the lead to en seguimiento, with author and date', async () => {
    const r = await as(t.app, asesor1).post('/api/clientes-atendidos/1/notas', { texto: 'Llamó, quiere visitar el sábado' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as ClienteDetalle;
    expect(d.estado).toBe('en_seguimiento');
    expect(d.notas).toEqual([
      { id: expect.any(Number), texto: 'Llamó, quiere visitar el sábado', usuario: 'asesor', fecha: expect.any(String) },
    ]);
    expect(d.ultimo_seguimiento).not.toBeNull();
    const vacia = await as(t.app, asesor1).post('/api/clientes-atendidos/1/notas', { texto: '  ' });
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().message).toContain('texto');
  });

  it('closes with a result (fecha de cierre today by default), refuses edits while closed, and reopens', async () => {
    const sin = await as(t.app, admin1).post('/api/clientes-atendidos/1/cerrar', {});
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('resultado');
    const antes = await as(t.app, admin1).post('/api/clientes-atendidos/1/cerrar', {
      resultado: 'otro',
      fecha_cierre: '2020-01-01',
    });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().message).toContain('fecha_cierre');
    const r = await as(t.app, admin1).post('/api/clientes-atendidos/1/cerrar', {
      resultado: 'arrendo_con_nosotros',
      observacion: 'Arrendó el 12',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ estado: 'cerrado', resultado: 'arrendo_con_nosotros', fecha_cierre: hoyBogota() });
    const d = r.json().data as ClienteDetalle;
    expect(
      (await put(admin1, '/api/clientes-atendidos/1', { id_tercero: tercero.a, gestion: 'venta', version: d.version }))
        .statusCode,
    ).toBe(409);
    expect((await as(t.app, admin1).post('/api/clientes-atendidos/1/notas', { texto: 'x' })).statusCode).toBe(409);
    expect((await listar(`estado=cerrado&cierreDesde=${hoyBogota()}`)).items.map((x) => x.consecutivo)).toEqual([1]);
    const re = await as(t.app, admin1).post('/api/clientes-atendidos/1/reabrir');
    expect(re.json().data).toMatchObject({ estado: 'en_seguimiento', resultado: null, fecha_cierre: null });
    expect((await as(t.app, admin1).post('/api/clientes-atendidos/1/reabrir')).statusCode).toBe(409);
  });

  it('clienteConvertir marks the tercero as propietario or arrendatario, audited on the tercero', async () => {
    const r = await as(t.app, admin1).post('/api/clientes-atendidos/1/convertir', { rol: 'propietario' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.tercero).toMatchObject({ propietario: true, arrendatario: false });
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: Record<string, unknown> }>(
        tx,
        sql`select cambios from auditoria where entidad = 'terceros' and entidad_id = ${String(tercero.a)}`,
      ),
    );
    expect(audit[0]?.cambios).toMatchObject({ propietario: { antes: false, despues: true }, origen: 'cliente atendido 1' });
    // Converting again changes nothing and audits nothing more, on the tercero or on the lead.
    expect((await as(t.app, admin1).post('/api/clientes-atendidos/1/convertir', { rol: 'propietario' })).statusCode).toBe(200);
    const filas = await t.db.tenant(1, (tx) =>
      queryRows<{ entidad: string; n: number }>(
        tx,
        sql`select entidad, count(*)::int as n from auditoria
            where (entidad = 'terceros' and entidad_id = ${String(tercero.a)})
               or (entidad = 'clientes_atendidos' and entidad_id = '1' and accion = 'convertir')
            group by entidad order by entidad`,
      ),
    );
    expect(filas).toEqual([
      { entidad: 'clientes_atendidos', n: 1 },
      { entidad: 'terceros', n: 1 },
    ]);
    const mal = await as(t.app, admin1).post('/api/clientes-atendidos/1/convertir', { rol: 'fiador' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('rol');
  });
});

describe('list, search, export', () => {
  it('searches the tercero without accents, filters and sorts', async () => {
    expect((await listar('q=lucia')).items.map((x) => x.nombre)).toEqual(['Lucía Fernández Ríos']);
    expect((await listar('q=3001112233')).total).toBe(1);
    expect((await listar('consecutivo=2')).items.map((x) => x.consecutivo)).toEqual([2]);
    expect((await listar('q=60002')).items.map((x) => x.consecutivo)).toEqual([2]);
    expect((await listar('gestion=venta')).items.map((x) => x.consecutivo)).toEqual([2]);
    expect((await listar(`asesor=${idAsesor1}`)).items.map((x) => x.consecutivo)).toEqual([1]);
    expect((await listar(`medio=${medio}`)).total).toBe(1);
    expect((await listar('ingresoDesde=2026-01-01&ingresoHasta=2026-01-31')).items.map((x) => x.consecutivo)).toEqual([2]);
    expect((await listar('sort=fecha_ingreso&order=asc')).items.map((x) => x.consecutivo)).toEqual([2, 1]);
    expect((await listar('sort=nombre&order=asc&pageSize=1&page=2')).items.map((x) => x.nombre)).toEqual(['Mateo Gómez']);
    const mal = await as(t.app, admin1).get('/api/clientes-atendidos?estado=perdido');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('estado');
    expect((await as(t.app, admin1).get('/api/clientes-atendidos?ingresoDesde=ayer')).json().message).toContain('ingresoDesde');
    // A day the calendar lacks is the filter's mistake, not the database's.
    const dia = await as(t.app, admin1).get('/api/clientes-atendidos?cierreHasta=2026-02-30');
    expect(dia.statusCode).toBe(400);
    expect(dia.json().message).toContain('cierreHasta no es una fecha válida');
  });

  it('exports the filter as Excel or CSV', async () => {
    const x = await as(t.app, admin1).get('/api/clientes-atendidos/exportar?gestion=venta');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const c = await as(t.app, admin1).get('/api/clientes-atendidos/exportar?formato=csv&q=lucia');
    expect(c.body).toContain('Lucía Fernández Ríos');
    expect(c.body).not.toContain('Mateo');
    expect((await as(t.app, sinPermiso).get('/api/clientes-atendidos/exportar')).statusCode).toBe(403);
  });

  it('finds terceros to attach and lists the asesores', async () => {
    const r = await as(t.app, asesor1).get('/api/clientes-atendidos/terceros?q=mateo%20gomez');
    expect(r.json().data.map((x: { nombre: string }) => x.nombre)).toEqual(['Mateo Gómez']);
    expect((await as(t.app, asesor1).get('/api/clientes-atendidos/terceros?q=a')).statusCode).toBe(400);
    const a = await as(t.app, asesor1).get('/api/clientes-atendidos/asesores');
    expect(a.json().data.some((u: { id: number }) => u.id === idAsesor1)).toBe(true);
  });
});

describe('cerrar clientes en cascada (10603)', () => {
  const criterios = { ingreso_antes_de: '2026-02-01' };
  it('previews by criteria with a count, and closes exactly the confirmed count in one transaction', async () => {
    const v = await as(t.app, admin1).post('/api/clientes-atendidos/cascada/vista-previa', criterios);
    expect(v.statusCode, v.body).toBe(200);
    const vista = v.json().data as VistaPreviaCascada;
    expect(vista.total).toBe(1);
    expect(vista.items.map((x) => x.nombre)).toEqual(['Mateo Gómez']);
    const sinSeguimiento = await as(t.app, admin1).post('/api/clientes-atendidos/cascada/vista-previa', {
      sin_seguimiento_desde: '2999-01-01',
    });
    expect(sinSeguimiento.json().data.total).toBe(2);
    const cambio = await as(t.app, admin1).post('/api/clientes-atendidos/cascada/cerrar', {
      criterios,
      resultado: 'no_contactable',
      esperados: 2,
    });
    expect(cambio.statusCode).toBe(409);
    expect((await as(t.app, admin1).get('/api/clientes-atendidos/2')).json().data.estado).toBe('activo');
    const r = await as(t.app, admin1).post('/api/clientes-atendidos/cascada/cerrar', {
      criterios,
      resultado: 'no_contactable',
      observacion: 'Depuración de enero',
      esperados: 1,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ cerrados: 1, consecutivos: [2] });
    expect((await as(t.app, admin1).get('/api/clientes-atendidos/2')).json().data).toMatchObject({
      estado: 'cerrado',
      resultado: 'no_contactable',
      observacion_cierre: 'Depuración de enero',
    });
    const [audit] = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: { cerrados: number } }>(tx, sql`select cambios from auditoria where accion = 'cerrar en cascada'`),
    );
    expect(audit?.cambios.cerrados).toBe(1);
  });

  it('needs a criterion and the idm; another company closes none of these', async () => {
    const sin = await as(t.app, admin1).post('/api/clientes-atendidos/cascada/vista-previa', {});
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('criterios');
    expect((await as(t.app, asesor1).post('/api/clientes-atendidos/cascada/vista-previa', criterios)).statusCode).toBe(403);
    const otra = await as(t.app, admin2).post('/api/clientes-atendidos/cascada/vista-previa', {
      sin_seguimiento_desde: '2999-01-01',
    });
    expect(otra.json().data.total).toBe(0);
  });
});

describe('every endpoint: permission, another company, a bad consecutivo', () => {
  const LEAD: [string, string, unknown?][] = [
    ['GET', '/api/clientes-atendidos/1'],
    ['PUT', '/api/clientes-atendidos/1', { id_tercero: 1, gestion: 'venta', version: 1 }],
    ['POST', '/api/clientes-atendidos/1/notas', { texto: 'x' }],
    ['POST', '/api/clientes-atendidos/1/cerrar', { resultado: 'otro' }],
    ['POST', '/api/clientes-atendidos/1/reabrir'],
    ['POST', '/api/clientes-atendidos/1/convertir', { rol: 'arrendatario' }],
    ['GET', '/api/clientes-atendidos/1/coincidencias'],
  ];
  const pedir = (token: string, [method, url, payload]: [string, string, unknown?]) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}` },
    });

  it('403 without idm 463 on each of them, and on the lists, export, terceros and asesores', async () => {
    const todas: [string, string, unknown?][] = [
      ...LEAD,
      ['GET', '/api/clientes-atendidos'],
      ['GET', '/api/clientes-atendidos/exportar'],
      ['GET', '/api/clientes-atendidos/terceros?q=ana'],
      ['GET', '/api/clientes-atendidos/asesores'],
      ['POST', '/api/clientes-atendidos', { id_tercero: 1, gestion: 'venta' }],
      ['POST', '/api/clientes-atendidos/cascada/vista-previa', { ingreso_antes_de: '2026-01-01' }],
      [
        'POST',
        '/api/clientes-atendidos/cascada/cerrar',
        { criterios: { ingreso_antes_de: '2026-01-01' }, resultado: 'otro', esperados: 1 },
      ],
    ];
    for (const r of todas) expect((await pedir(sinPermiso, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
  });

  it("another company's lead is not found, whatever the action", async () => {
    for (const r of LEAD) {
      const res = await pedir(admin2, r);
      expect(res.statusCode, `${r[0]} ${r[1]}: ${res.body}`).toBe(404);
      expect(res.json().message).toContain('El cliente atendido 1 no existe');
    }
  });

  it('a consecutivo that is not a number is a 400 naming it', async () => {
    for (const [method, url, payload] of LEAD) {
      const res = await pedir(admin1, [method, url.replace('/1', '/abc'), payload]);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toContain('consecutivo');
    }
  });
});

describe('the asesor of a new lead when the form names none', () => {
  it('is the asesor creating it, else the company default asesor, else nobody; null keeps it without', async () => {
    const asesorDe = (d: ClienteDetalle) => d.id_asesor;
    expect(asesorDe(await crear({ id_tercero: tercero.b, gestion: 'venta' }, asesor1))).toBe(idAsesor1);
    expect(asesorDe(await crear({ id_tercero: tercero.b, gestion: 'venta', id_asesor: null }, asesor1))).toBeNull();
    // The administrator is no asesor: the company's default one, once Compañía names it.
    const empresa = (await as(t.app, admin1).get('/api/Empresa/GetEmpresa')).json().data;
    const conDefecto = async (defaultAsesor: string | null) => {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/empresa',
        headers: { authorization: `Bearer ${admin1}` },
        payload: {
          nombre: empresa.nombre,
          defaultAgencia: empresa.defaultAgencia,
          defaultAsesor,
          defaultAuxiliar: empresa.defaultAuxiliar,
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await conDefecto(null);
    expect(asesorDe(await crear({ id_tercero: tercero.b, gestion: 'venta' }))).toBeNull();
    await conDefecto('asesor');
    expect(asesorDe(await crear({ id_tercero: tercero.b, gestion: 'venta' }))).toBe(idAsesor1);
    // The form shows who that is before saving.
    const opciones = (await as(t.app, admin1).get('/api/clientes-atendidos/asesores')).json().data;
    expect(opciones.filter((a: { porDefecto?: boolean }) => a.porDefecto).map((a: { id: number }) => a.id)).toEqual([idAsesor1]);
    await conDefecto(empresa.defaultAsesor);
  });
});
