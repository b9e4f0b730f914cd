import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditoria } from '../../db/schema/plataforma.ts';
import { usuarios } from '../../db/schema/usuarios.ts';
import { queryRows } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { as, crearUsuario, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { REFERENCIAS_SIN_FK, referenciasATerceros } from './terceros.repo.ts';

let t: TestApp;
let admin: string;
let asesor: string;
let sin59: string;
let admin2: string;
let barranquilla: number;
let medio: number;

type Resp = { statusCode: number; json(): { code: number; message: string; data?: unknown; campos?: { campo: string }[] } };
function esperaError(r: Resp, status: number, code: number, texto?: string) {
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  expect(r.json().code).toBe(code);
  if (texto) expect(r.json().message).toContain(texto);
}

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const del = (token: string, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

async function opcion(token: string, recurso: string, q: string): Promise<number> {
  const r = await as(t.app, token).get(`/api/maestros/${recurso}/opciones?q=${encodeURIComponent(q)}`);
  return (r.json().data as { id: number }[])[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'sin59', nroId: '1017000059', permisos: '489' });
  [admin, asesor, sin59, admin2] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, { idEmpresa: 1, usuario: 'sin59', clave: 'demo1234' }),
    login(t.app, DEMO.admin2),
  ]);
  barranquilla = await opcion(admin, 'municipios', 'barranquilla');
  medio = await opcion(admin, 'mediosautmanejodatos', 'formato');
});
afterAll(() => t.close());

type Guardado = {
  tercero: Record<string, unknown> & { id: number; version: number; nro_id: string };
  advertencias: { campo: string; id: number }[];
};
async function crear(token: string, body: Record<string, unknown>): Promise<Guardado> {
  const r = await as(t.app, token).post('/api/terceros', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Guardado;
}

const persona = (nro: string, extra: Record<string, unknown> = {}) => ({
  nro_id: nro,
  nombre1: 'Ana',
  apellido1: 'Gómez',
  apellido2: 'Pérez',
  celular: '310 555 0001',
  email: `${nro}@correo.co`,
  ...extra,
});

describe('POST /terceros', () => {
  it('creates a person with the defaults, the composed name, the municipio and the audit entry', async () => {
    const { tercero, advertencias } = await crear(asesor, persona('1020304050', { id_municipio: barranquilla }));
    expect(tercero).toMatchObject({
      nro_id: '1020304050',
      nombre: 'Ana Gómez Pérez',
      tipo_dcto: 13,
      tipo_contribuyente: 2,
      correspondencia: 'Enviar',
      propietario: true,
      empleado: false,
      municipio: 'Barranquilla',
      codmunicipio: '08001',
      departamento: 'Atlántico',
      usuario_inicial: 'asesor',
      usuario_Modifico: 'asesor',
      version: 1,
      sinAutorizacionDatos: true,
      telefonoEnvio: '310 555 0001',
    });
    expect(tercero.fecha_Modificacion).toBeTruthy();
    expect(advertencias).toEqual([]);
    const filas = await t.db.tenant(1, (tx) =>
      tx
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'terceros'), eq(auditoria.entidadId, '1020304050'))),
    );
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ accion: 'crear', usuario: 'asesor' });
    expect((filas[0]!.cambios as Record<string, unknown>).nombre).toEqual({ antes: null, despues: 'Ana Gómez Pérez' });
  });

  it('creates a company from its NIT with DV and keeps the digits', async () => {
    const { tercero } = await crear(admin, {
      tipo_contribuyente: 1,
      tipo_dcto: 31,
      nro_id: '860002964-4',
      razon_social: 'Banco de Bogotá S.A.',
      email_Corporativo: 'pagos@bancodebogota.com.co',
      email: 'contacto@bancodebogota.com.co',
    });
    expect(tercero).toMatchObject({
      nro_id: '860002964',
      dv: 4,
      nombre: 'Banco de Bogotá S.A.',
      emailEnvio: 'pagos@bancodebogota.com.co',
    });
    const r = await as(t.app, admin).get('/api/terceros/nro/860002964-4');
    expect(r.json().data.id).toBe(tercero.id);
  });

  it('refuses a NIT with the wrong DV naming nro_id', async () => {
    const r = await as(t.app, admin).post('/api/terceros', {
      tipo_contribuyente: 1,
      tipo_dcto: 31,
      nro_id: '890903938-1',
      razon_social: 'X',
    });
    esperaError(r, 400, 40000, 'nro_id');
    expect(r.json().message).toContain('es 8, no 1');
  });

  it('names the field of a bad input', async () => {
    esperaError(await as(t.app, admin).post('/api/terceros', persona('555', { email: 'sin-arroba' })), 400, 40000, 'email');
    esperaError(await as(t.app, admin).post('/api/terceros', { nombre1: 'x', apellido1: 'y' }), 400, 40000, 'nro_id');
    esperaError(await as(t.app, admin).post('/api/terceros', persona('556', { nombre1: '' })), 400, 40000, 'Primer nombre');
    esperaError(await as(t.app, admin).post('/api/terceros', persona('557', { id_municipio: 999999 })), 400, 40000, 'Municipio');
    esperaError(
      await as(t.app, admin).post('/api/terceros', persona('558', { aut_Manejo_Datos_Personales: true })),
      400,
      40000,
      'id_medio_aut_datos',
    );
  });

  it('refuses a repeated nro_id with 409 naming it and who has it', async () => {
    const r = await as(t.app, admin).post('/api/terceros', persona('71650321'));
    esperaError(r, 409, 40900, '71650321');
    expect(r.json().message).toContain('Carlos Andrés Restrepo Gómez');
    expect(r.json().campos![0]!.campo).toBe('nro_id');
  });

  it('saves a repeated e-mail or mobile but warns with the other tercero', async () => {
    const { tercero, advertencias } = await crear(
      admin,
      persona('1020304051', { email: '1020304050@CORREO.co', celular: '3105550001' }),
    );
    expect(tercero.email).toBe('1020304050@correo.co');
    expect(advertencias.map((a) => a.campo).sort()).toEqual(['celular', 'email']);
    const r = await as(t.app, admin).get('/api/terceros/duplicados?email=1020304050%40correo.co&nro_id=1020304050');
    const data = r.json().data as { campo: string; nombre: string }[];
    expect(data.map((d) => d.campo).sort()).toEqual(['email', 'email', 'nro_id']);
    expect(data[0]!.nombre).toBe('Ana Gómez Pérez');
  });

  it('needs permission 59, and a token', async () => {
    esperaError(await as(t.app, sin59).post('/api/terceros', persona('900')), 403, 50403);
    esperaError(await as(t.app, sin59).get('/api/terceros'), 403, 50403);
    esperaError(await as(t.app, sin59).get('/api/terceros/duplicados?email=a@b.co'), 403, 50403);
    esperaError(await as(t.app, null).get('/api/terceros'), 401, 50008);
  });
});

describe('GET /terceros', () => {
  it('finds Gómez by "gomez" and by a phone fragment, in the company only', async () => {
    await crear(
      admin,
      persona('1030405060', { nombre1: 'Óscar', apellido1: 'Gómez', celular: '300 987 6543', email: 'oscar@x.co' }),
    );
    const r = await as(t.app, admin).get('/api/terceros?q=oscar%20gomez');
    expect(r.json().data.items.map((i: { nro_id: string }) => i.nro_id)).toEqual(['1030405060']);
    const tel = await as(t.app, admin).get('/api/terceros?q=987%206543');
    expect(tel.json().data.items.map((i: { nro_id: string }) => i.nro_id)).toEqual(['1030405060']);
    const otra = await as(t.app, admin2).get('/api/terceros?q=gomez');
    expect(otra.json().data).toEqual({ items: [], total: 0 });
  });

  it('filters by role and activo, sorts and pages', async () => {
    const r = await as(t.app, admin).get('/api/terceros?rol=empleado&sort=nro_id&order=desc');
    const items = r.json().data.items as { nro_id: string; empleado: boolean }[];
    expect(items.map((i) => i.nro_id)).toEqual(['71650321', '43876512']);
    const p = await as(t.app, admin).get('/api/terceros?pageSize=2&page=2&sort=nro_id');
    expect(p.json().data.items).toHaveLength(2);
    expect(p.json().data.total).toBeGreaterThan(4);
    const activos = await as(t.app, admin).get('/api/terceros?activo=false');
    expect(activos.json().data.total).toBe(0);
  });

  it('counts the matches up to 1,000 and then says «más de», exact again on a short page or a narrow search', async () => {
    // Company 3 gets 1,050 terceros named «Persona N», and one «Zuleta», beside the few it has.
    const admin3 = await login(t.app, DEMO.admin3);
    const n = await t.db.tenant(3, async (tx) => {
      await tx.execute(sql`insert into terceros (nro_id, nombre1, apellido1, nombre, celular)
        select (80000000 + g)::text, 'Persona', 'Prueba', 'Persona ' || lpad(g::text, 4, '0'), '300' || lpad(g::text, 7, '0')
        from generate_series(1, 1050) g
        union all select '89999999', 'Ana', 'Zuleta', 'Ana Zuleta', '3109999999'`);
      return (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from terceros`))[0]!.n;
    });
    expect(n).toBeGreaterThan(1050);
    const lista = async (q: string) => {
      const r = await as(t.app, admin3).get(`/api/terceros?${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { items: { nombre: string }[]; total: number; totalExacto?: boolean };
    };
    const primera = await lista('page=1&pageSize=20');
    expect(primera).toMatchObject({ total: 1000, totalExacto: false });
    expect(primera.items).toHaveLength(20);
    // Paging past the cap counts to the end of the asked page.
    expect(await lista('page=52&pageSize=20')).toMatchObject({ total: 1040, totalExacto: false });
    // The last page tells the exact number.
    const paginas = Math.ceil(n / 20);
    const ultima = await lista(`page=${paginas}&pageSize=20`);
    expect(ultima.items).toHaveLength(n - (paginas - 1) * 20);
    expect(ultima.total).toBe(n);
    expect(ultima.totalExacto).toBeUndefined();
    // Past the end: counted, exact.
    expect(await lista(`page=${paginas + 5}&pageSize=20`)).toEqual({ items: [], total: n });
    expect(await lista('q=persona&pageSize=20')).toMatchObject({ total: 1000, totalExacto: false });
    expect(await lista('q=zuleta')).toEqual(expect.objectContaining({ total: 1 }));
    expect((await lista('q=nadie-se-llama-asi')).total).toBe(0);
  });

  it('names a bad filter', async () => {
    esperaError(await as(t.app, admin).get('/api/terceros?rol=jefe'), 400, 40000, 'rol');
    esperaError(await as(t.app, admin).get('/api/terceros?sort=clave'), 400, 40000, 'sort');
  });

  it('exports the current filter to CSV and Excel', async () => {
    const csv = await as(t.app, admin).get('/api/terceros/exportar?q=gomez&formato=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const texto = csv.body.replace(/^\uFEFF/, '');
    expect(texto.split('\r\n')[0]).toContain('Número de identificación');
    expect(texto).toContain('Óscar Gómez');
    expect(texto).not.toContain('Banco de Bogotá');
    const xlsx = await as(t.app, admin).get('/api/terceros/exportar?formato=xlsx&rol=empleado');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets[0]!.rowCount).toBe(3);
  });
});

describe('GET /terceros/:id', () => {
  it("answers the company's tercero and hides another company's", async () => {
    const { tercero } = await crear(admin, persona('1040506070'));
    expect((await as(t.app, admin).get(`/api/terceros/${tercero.id}`)).json().data.nro_id).toBe('1040506070');
    esperaError(await as(t.app, admin2).get(`/api/terceros/${tercero.id}`), 404, 40400);
    esperaError(await as(t.app, admin2).get('/api/terceros/nro/1040506070'), 404, 40400);
    esperaError(await as(t.app, admin).get('/api/terceros/abc'), 400, 40000, 'id');
    esperaError(await as(t.app, sin59).get(`/api/terceros/${tercero.id}`), 403, 50403);
  });
});

describe('PUT /terceros/:id', () => {
  it('updates, bumps the version, audits the changed fields and refuses a stale version', async () => {
    const { tercero } = await crear(admin, persona('1050607080'));
    const r = await put(asesor, `/api/terceros/${tercero.id}`, {
      ...persona('1050607080'),
      nombre2: 'Lucía',
      celular: '3001234567',
      version: 1,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.tercero).toMatchObject({ nombre: 'Ana Lucía Gómez Pérez', version: 2, usuario_Modifico: 'asesor' });
    const [fila] = await t.db.tenant(1, (tx) =>
      tx
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidadId, '1050607080'), eq(auditoria.accion, 'actualizar'))),
    );
    expect(fila!.cambios).toEqual({
      nombre2: { antes: '', despues: 'Lucía' },
      nombre: { antes: 'Ana Gómez Pérez', despues: 'Ana Lucía Gómez Pérez' },
      celular: { antes: '310 555 0001', despues: '3001234567' },
    });
    const viejo = await put(admin, `/api/terceros/${tercero.id}`, { ...persona('1050607080'), version: 1 });
    esperaError(viejo, 409, 40900, 'modificado por otro usuario');
    esperaError(await put(admin, `/api/terceros/${tercero.id}`, persona('1050607080')), 400, 40000, 'version');
    esperaError(await put(admin2, `/api/terceros/${tercero.id}`, { ...persona('1050607080'), version: 2 }), 404, 40400);
    esperaError(await put(admin, `/api/terceros/${tercero.id}`, { ...persona('71650321'), version: 2 }), 409, 40900, '71650321');
  });

  it('records consent with its medio and date (Ley 1581)', async () => {
    const { tercero } = await crear(admin, persona('1060708090'));
    const r = await put(admin, `/api/terceros/${tercero.id}`, {
      ...persona('1060708090'),
      aut_Manejo_Datos_Personales: true,
      id_medio_aut_datos: medio,
      fecha_aut_datos: '2025-03-01',
      version: 1,
    });
    expect(r.json().data.tercero).toMatchObject({
      sinAutorizacionDatos: false,
      medio_aut_datos: 'Formato físico firmado',
      fecha_aut_datos: '2025-03-01',
    });
    const lista = await as(t.app, admin).get('/api/terceros?q=1060708090');
    expect(lista.json().data.items[0].sinAutorizacionDatos).toBe(false);
  });
});

describe('activar, desactivar y eliminar', () => {
  it('deactivates and activates with audit', async () => {
    const { tercero } = await crear(admin, persona('1070809000'));
    const r = await put(admin, `/api/terceros/${tercero.id}/activo`, { activo: false });
    expect(r.json().data.activo).toBe(false);
    expect((await as(t.app, admin).get('/api/terceros?activo=false')).json().data.items[0].nro_id).toBe('1070809000');
    expect((await put(admin, `/api/terceros/${tercero.id}/activo`, { activo: true })).json().data.activo).toBe(true);
    esperaError(await put(admin, `/api/terceros/${tercero.id}/activo`, { activo: 'x' }), 400, 40000, 'activo');
    const acciones = await t.db.tenant(1, (tx) =>
      tx.select({ a: auditoria.accion }).from(auditoria).where(eq(auditoria.entidadId, '1070809000')),
    );
    expect(acciones.map((a) => a.a)).toEqual(['crear', 'desactivar', 'activar']);
  });

  it('deletes an unused tercero and refuses one a user points at, naming it', async () => {
    const { tercero } = await crear(admin, persona('1080900000'));
    esperaError(await del(admin2, `/api/terceros/${tercero.id}`), 404, 40400);
    expect((await del(admin, `/api/terceros/${tercero.id}`)).json().data).toEqual({ id: tercero.id });
    esperaError(await as(t.app, admin).get(`/api/terceros/${tercero.id}`), 404, 40400);
    const usado = (await as(t.app, admin).get('/api/terceros/nro/43876512')).json().data.id as number;
    const r = await del(admin, `/api/terceros/${usado}`);
    esperaError(r, 409, 40900, '1 usuario');
    expect(r.json().message).toContain('Laura Marcela Ospina Rojas');
  });
});

describe('POST /terceros/fusionar', () => {
  it('moves property ownership, summing the shares where both owned the same property', async () => {
    const { tercero: uno } = await crear(admin, persona('71000001', { email: 'uno@correo.co', celular: '' }));
    const { tercero: dos } = await crear(admin, persona('71000002', { email: 'dos@correo.co', celular: '' }));
    const inmueble = (propietarios: { id_tercero: number; porcentaje: number }[]) => ({
      tipo: 'casa',
      gestion: 'venta',
      direccion: 'Carrera 50 # 80-10',
      id_municipio: barranquilla,
      estrato: 4,
      precio_venta: 450_000_000,
      propietarios,
    });
    const compartido = await as(t.app, admin).post(
      '/api/inmuebles',
      inmueble([
        { id_tercero: uno.id, porcentaje: 40 },
        { id_tercero: dos.id, porcentaje: 60 },
      ]),
    );
    expect(compartido.statusCode, compartido.body).toBe(200);
    const propio = await as(t.app, admin).post('/api/inmuebles', inmueble([{ id_tercero: dos.id, porcentaje: 100 }]));
    expect(propio.statusCode, propio.body).toBe(200);

    const r = await as(t.app, admin).post('/api/terceros/fusionar', { conservar: uno.id, eliminar: dos.id });
    expect(r.statusCode, r.body).toBe(200);
    const duenos = async (consecutivo: number) =>
      (
        (await as(t.app, admin).get(`/api/inmuebles/${consecutivo}`)).json().data.propietarios as {
          id_tercero: number;
          porcentaje: number;
        }[]
      ).map((p) => ({ id_tercero: p.id_tercero, porcentaje: Number(p.porcentaje) }));
    expect(await duenos(compartido.json().data.consecutivo)).toEqual([{ id_tercero: uno.id, porcentaje: 100 }]);
    expect(await duenos(propio.json().data.consecutivo)).toEqual([{ id_tercero: uno.id, porcentaje: 100 }]);
  });

  it('keeps one participant in a cita both terceros took part in', async () => {
    const { tercero: uno } = await crear(admin, persona('51515151', { nombre1: 'Rosa' }));
    const { tercero: dos } = await crear(admin, persona('52525252', { nombre1: 'Rosa', email: '' }));
    const [categoria] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from categorias_agenda where nombre = 'Visita'`),
    );
    const manana = new Date(Date.now() - 5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const cita = await as(t.app, admin).post('/api/citas', {
      titulo: 'Visita con las dos Rosas',
      id_categoria: categoria!.id,
      inicio: `${manana}T10:00:00-05:00`,
      fin: `${manana}T11:00:00-05:00`,
      asesores: [tokenClaims(admin).idUsuario],
      participantes: [uno.id, dos.id],
      confirmar: true,
    });
    expect(cita.statusCode, cita.body).toBe(200);
    const r = await as(t.app, admin).post('/api/terceros/fusionar', { conservar: uno.id, eliminar: dos.id });
    expect(r.statusCode, r.body).toBe(200);
    const despues = await as(t.app, admin).get(`/api/citas/${cita.json().data.id as number}`);
    expect((despues.json().data.participantes as { id: number }[]).map((p) => p.id)).toEqual([uno.id]);
  });

  it('finds every foreign key to terceros (a new one must be handled here or by the generic move)', async () => {
    const refs = await t.db.tenant(1, (tx) => referenciasATerceros(tx));
    // Each FK is moved generically; this list documents what exists today.
    expect(refs).toEqual([
      { tabla: 'carta', columna: 'id_tercero', referida: 'id' },
      { tabla: 'cita_participante', columna: 'id_tercero', referida: 'id' },
      { tabla: 'cliente_atendido', columna: 'id_tercero', referida: 'id' },
      { tabla: 'cliente_portal', columna: 'id_tercero', referida: 'id' },
      { tabla: 'contrato_parte', columna: 'id_tercero', referida: 'id' },
      { tabla: 'correo_mensaje', columna: 'id_tercero', referida: 'id' },
      { tabla: 'cotizacion_mantenimiento', columna: 'id_proveedor', referida: 'id' },
      { tabla: 'documento_cliente', columna: 'id_tercero', referida: 'id' },
      { tabla: 'expediente', columna: 'id_tercero', referida: 'id' },
      { tabla: 'inmueble_arrendatario', columna: 'id_tercero', referida: 'id' },
      { tabla: 'inmueble_propietario', columna: 'id_tercero', referida: 'id' },
      { tabla: 'inventario_parte', columna: 'id_tercero', referida: 'id' },
      { tabla: 'radicado', columna: 'id_tercero', referida: 'id' },
      { tabla: 'solicitud', columna: 'id_tercero', referida: 'id' },
      { tabla: 'solicitud_mantenimiento', columna: 'id_proveedor', referida: 'id' },
      { tabla: 'tarea', columna: 'id_tercero', referida: 'id' },
      { tabla: 'usuarios', columna: 'nro_id', referida: 'nro_id' },
    ]);
    expect(REFERENCIAS_SIN_FK.map((r) => r.columna)).toEqual(['default_asesor', 'default_auxiliar']);
  });

  it('moves the user to the kept tercero, completes its empty fields and deletes the other, with audit', async () => {
    const { tercero: repetido } = await crear(admin, {
      ...persona('99887766', { nombre1: 'Laura', apellido1: 'Ospina', celular: '', email: '' }),
      telefono_of: '604 111 2233',
      arrendatario: true,
      aut_Manejo_Datos_Personales: true,
      id_medio_aut_datos: medio,
      fecha_aut_datos: '2024-01-15',
      id_municipio: barranquilla,
    });
    await crearUsuario(t.db, 1, { usuario: 'fusion', nroId: '99887700', permisos: '59' });
    // The user of the repeated person.
    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ nroId: '99887766' }).where(eq(usuarios.usuario, 'fusion')));
    const conservar = (await as(t.app, admin).get('/api/terceros/nro/43876512')).json().data as { id: number };

    esperaError(
      await as(t.app, admin).post('/api/terceros/fusionar', { conservar: conservar.id, eliminar: conservar.id }),
      400,
      40000,
      'eliminar',
    );
    esperaError(
      await as(t.app, admin2).post('/api/terceros/fusionar', { conservar: conservar.id, eliminar: repetido.id }),
      404,
      40400,
    );
    esperaError(
      await as(t.app, sin59).post('/api/terceros/fusionar', { conservar: conservar.id, eliminar: repetido.id }),
      403,
      50403,
    );

    const r = await as(t.app, admin).post('/api/terceros/fusionar', { conservar: conservar.id, eliminar: repetido.id });
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data as { tercero: Record<string, unknown>; movidos: unknown[] };
    expect(data.movidos).toEqual([{ tabla: 'usuarios', columna: 'nro_id', filas: 1 }]);
    expect(data.tercero).toMatchObject({
      nro_id: '43876512',
      nombre: 'Laura Marcela Ospina Rojas',
      celular: '3157894561',
      telefono_of: '604 111 2233',
      arrendatario: true,
      empleado: true,
      sinAutorizacionDatos: false,
      fecha_aut_datos: '2024-01-15',
      municipio: 'Barranquilla',
      nro_id_old: '99887766',
    });
    expect(data.tercero.observaciones).toContain('Fusionado con Laura Ospina Pérez (99887766)');
    const [u] = await t.db.tenant(1, (tx) =>
      tx.select({ nroId: usuarios.nroId }).from(usuarios).where(eq(usuarios.usuario, 'fusion')),
    );
    expect(u!.nroId).toBe('43876512');
    esperaError(await as(t.app, admin).get(`/api/terceros/${repetido.id}`), 404, 40400);
    const acciones = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; entidad_id: string }>(
        tx,
        sql`select accion, entidad_id from auditoria where accion in ('fusionar', 'eliminar') and entidad_id in ('43876512', '99887766') order by id`,
      ),
    );
    expect(acciones).toEqual([
      { accion: 'fusionar', entidad_id: '43876512' },
      { accion: 'eliminar', entidad_id: '99887766' },
    ]);
  });
});
