import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditoria } from '../../db/schema/plataforma.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { leerCsv } from '../../platform/tabular/csv.ts';
import { leerXlsx } from '../../platform/tabular/xlsx.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type Client, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let admin2: string;
let asesor: string;
let idAdmin: number;
let idAsesor: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, admin2, asesor] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2), login(t.app, DEMO.asesor1)]);
  idAdmin = tokenClaims(admin).idUsuario;
  idAsesor = tokenClaims(asesor).idUsuario;
  await t.db.tenant(1, (tx) =>
    tx.insert(terceros).values([
      { nro_id: '1020304050', nombre: 'Sara Gómez Recepción', empleado: true, propietario: false },
      { nro_id: '1020304051', nombre: 'Pedro Propietario', empleado: false },
    ]),
  );
});
afterAll(() => t.close());

const put = (token: string | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

const error = (r: { statusCode: number; json: () => { code: number; message: string } }, status: number, code: number) => {
  expect(r.statusCode).toBe(status);
  expect(r.json().code).toBe(code);
  return r.json().message;
};

let n = 0;
async function nuevo(extra: Record<string, unknown> = {}) {
  n++;
  const r = await as(t.app, admin).post('/api/usuarios', {
    usuario: `usuario${n}`,
    clave: 'Vivienda.Segura.2025',
    permisos: '59',
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { id: number; usuario: string };
}

const auditoriaDe = (id: number) =>
  t.db.tenant(1, (tx) =>
    tx
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'usuarios'), eq(auditoria.entidadId, String(id))))
      .orderBy(auditoria.id),
  );

describe('GET /usuarios', () => {
  it("lists the company's users with search, filter and sort; never the hash", async () => {
    const r = await as(t.app, admin).get('/api/usuarios?sort=usuario&order=asc');
    expect(r.statusCode).toBe(200);
    const { items, total } = r.json().data;
    expect(items.map((u: { usuario: string }) => u.usuario)).toEqual(expect.arrayContaining(['admin', 'asesor']));
    expect(total).toBe(items.length);
    expect(items[0]).toMatchObject({ usuario: 'admin', nombre: 'Carlos Andrés Restrepo Gómez', admemp: true, activo: true });
    expect(JSON.stringify(items)).not.toMatch(/argon2|clave/i);

    const q = (await as(t.app, admin).get('/api/usuarios?q=laura')).json().data;
    expect(q.items.map((u: { usuario: string }) => u.usuario)).toEqual(['asesor']);
    expect((await as(t.app, admin).get('/api/usuarios?activo=false')).json().data.total).toBe(0);
  });

  it("shows another company's users to nobody", async () => {
    const r = await as(t.app, admin2).get('/api/usuarios');
    expect(r.json().data.items.map((u: { nro_id: string }) => u.nro_id)).toEqual(['72145896']);
    error(await as(t.app, admin2).get(`/api/usuarios/${idAsesor}`), 404, 40400);
  });

  it('refuses without permission 37 and names a bad parameter', async () => {
    error(await as(t.app, asesor).get('/api/usuarios'), 403, 50403);
    expect(error(await as(t.app, admin).get('/api/usuarios?pageSize=0'), 400, 40000)).toContain('pageSize');
    expect(error(await as(t.app, admin).get('/api/usuarios?activo=quizas'), 400, 40000)).toContain('activo');
    expect(error(await as(t.app, admin).get('/api/usuarios/abc'), 400, 40000)).toContain('id');
    error(await as(t.app, null).get('/api/usuarios'), 401, 50008);
  });
});

describe('POST /usuarios', () => {
  it('creates a user linked to an empleado; the audit says the password changed, never what it is', async () => {
    const r = await as(t.app, admin).post('/api/usuarios', {
      usuario: 'recepcion',
      clave: 'Recepcion.Medellin.77',
      nro_id: '1020304050',
      permisos: '59, 3,59',
    });
    expect(r.statusCode).toBe(200);
    const u = r.json().data;
    expect(u).toMatchObject({
      usuario: 'recepcion',
      nombre: 'Sara Gómez Recepción',
      nro_id: '1020304050',
      permisos: '3,59',
      activo: true,
    });
    expect(tokenClaims(await login(t.app, { idEmpresa: 1, usuario: 'RECEPCION', clave: 'Recepcion.Medellin.77' })).permisos).toBe(
      '3,59',
    );

    const [fila] = await auditoriaDe(u.id);
    expect(fila).toMatchObject({ accion: 'crear', usuario: 'admin', idUsuario: idAdmin });
    expect(fila!.cambios).toMatchObject({
      usuario: { antes: null, despues: 'recepcion' },
      clave: { antes: null, despues: 'cambiada' },
    });
    expect(JSON.stringify(fila!.cambios)).not.toMatch(/Recepcion\.Medellin|argon2/);
  });

  it('refuses a repeated user name, whatever its case', async () => {
    const r = await as(t.app, admin).post('/api/usuarios', { usuario: 'ASESOR', clave: 'Vivienda.Segura.2025' });
    expect(error(r, 409, 40900)).toContain('Ya existe un usuario «ASESOR»');
    expect(r.json().campos).toEqual([{ campo: 'usuario', mensaje: 'ya existe en la empresa' }]);
    // The same name in another company is another account.
    expect((await as(t.app, admin2).post('/api/usuarios', { usuario: 'asesor', clave: 'Vivienda.Segura.2025' })).statusCode).toBe(
      200,
    );
  });

  it('refuses short and common passwords with a Spanish message', async () => {
    for (const [clave, msg] of [
      ['corta1', 'clave: debe tener al menos 8 caracteres'],
      ['contraseña', 'clave: es demasiado común'],
      ['Colombia123', 'clave: es demasiado común'],
      ['12345678', 'clave: es demasiado común'],
      ['PASSWORD', 'clave: es demasiado común'],
    ] as const) {
      const r = await as(t.app, admin).post('/api/usuarios', { usuario: 'nuevo', clave });
      expect(error(r, 400, 40000)).toContain(msg);
    }
  });

  it('names each bad field: user name, tercero, agencia, permisos', async () => {
    const base = { usuario: 'otro', clave: 'Vivienda.Segura.2025' };
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, usuario: 'con espacio' }), 400, 40000)).toContain(
      'usuario',
    );
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, usuario: 'empatia' }), 400, 40000)).toContain(
      'usuario: está reservado',
    );
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, nro_id: '999' }), 400, 40000)).toContain(
      'nro_id: no hay ningún tercero con documento 999',
    );
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, nro_id: '1020304051' }), 400, 40000)).toContain(
      'no está marcado como empleado',
    );
    // The person of company 2's admin does not exist for company 1.
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, nro_id: '72145896' }), 400, 40000)).toContain('nro_id');
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, agencia: 77 }), 400, 40000)).toContain('agencia');
    expect(error(await as(t.app, admin).post('/api/usuarios', { ...base, permisos: '3,abc' }), 400, 40000)).toContain('permisos');
    error(await as(t.app, asesor).post('/api/usuarios', base), 403, 50403);
  });
});

describe('PUT /usuarios/:id', () => {
  it('edits permisos, special and per-user permissions; GetPermisosE and GetPermisosPorUsuario return them', async () => {
    const u = await nuevo();
    const r = await put(admin, `/api/usuarios/${u.id}`, {
      permisos: 'all',
      permisos_especiales: '10545,3',
      permisos_por_usuario: '490',
      nombre: 'Nombre nuevo',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      permisos: 'All',
      permisos_especiales: '3,10545',
      permisos_por_usuario: '490',
      nombre: 'Nombre nuevo',
    });
    expect((await as(t.app, admin).get(`/api/Usuarios/GetPermisosE/${u.id}`)).json().data).toEqual({
      permisos: '3,10545',
      ids: [3, 10545],
    });
    const suyo = await login(t.app, { idEmpresa: 1, usuario: u.usuario, clave: 'Vivienda.Segura.2025' });
    expect((await as(t.app, suyo).get('/api/usuarios/GetPermisosPorUsuario')).json().data).toEqual({
      permisos: '490',
      ids: [490],
    });

    const filas = await auditoriaDe(u.id);
    expect(filas.at(-1)).toMatchObject({
      accion: 'actualizar',
      cambios: {
        permisos: { antes: '59', despues: 'All' },
        permisos_especiales: { antes: '', despues: '3,10545' },
        nombre: { antes: u.usuario, despues: 'Nombre nuevo' },
      },
    });
  });

  it('a permission change applies on the next request, both ways', async () => {
    error(await as(t.app, asesor).get('/api/usuarios'), 403, 50403);
    expect((await put(admin, `/api/usuarios/${idAsesor}`, { permisos: '489,490,491,463,73,59,37' })).statusCode).toBe(200);
    expect((await as(t.app, asesor).get('/api/usuarios')).statusCode).toBe(200);
    // GetUsuario tells the browser the current permisos for its next page load.
    expect((await as(t.app, asesor).get('/api/Usuarios/GetUsuario')).json().data.permisos).toBe('37,59,73,463,489,490,491');

    // Holding 37 does not let a non-administrator hand out what they lack.
    const u = await nuevo();
    expect(error(await put(asesor, `/api/usuarios/${u.id}`, { permisos: 'All' }), 403, 50403)).toContain('no tiene: All');
    expect(error(await put(asesor, `/api/usuarios/${u.id}`, { permisos: '59,3' }), 403, 50403)).toContain('no tiene: 3');
    expect(error(await put(asesor, `/api/usuarios/${u.id}`, { admemp: true }), 403, 50403)).toContain('administrador');
    expect((await put(asesor, `/api/usuarios/${u.id}`, { permisos: '59,489' })).statusCode).toBe(200);

    expect((await put(admin, `/api/usuarios/${idAsesor}`, { permisos: '489,490,491,463,73,59' })).statusCode).toBe(200);
    error(await as(t.app, asesor).get('/api/usuarios'), 403, 50403);
  });

  it('refuses to remove one’s own users permission or admin mark (409, clear message)', async () => {
    const r = await put(admin, `/api/usuarios/${idAdmin}`, { permisos: '59,3' });
    expect(error(r, 409, 40900)).toBe(
      'No puede quitarse a sí mismo el permiso de Usuarios: otro usuario con ese permiso debe hacerlo.',
    );
    expect(error(await put(admin, `/api/usuarios/${idAdmin}`, { admemp: false }), 409, 40900)).toContain('administrador');
    expect((await put(admin, `/api/usuarios/${idAdmin}`, { permisos: 'All' })).statusCode).toBe(200);
  });

  it('names bad fields, refuses a taken name, and hides other companies', async () => {
    const u = await nuevo();
    expect(error(await put(admin, `/api/usuarios/${u.id}`, { usuario: 'Admin' }), 409, 40900)).toContain('Ya existe');
    expect(error(await put(admin, `/api/usuarios/${u.id}`, { clave: 'Vivienda.Segura.2026' }), 400, 40000)).toContain('clave');
    expect(error(await put(admin, `/api/usuarios/${u.id}`, { admemp: 'si' }), 400, 40000)).toContain('admemp');
    error(await put(admin2, `/api/usuarios/${u.id}`, { nombre: 'x' }), 404, 40400);
    error(await put(asesor, `/api/usuarios/${u.id}`, { nombre: 'x' }), 403, 50403);
  });
});

describe('disable and enable', () => {
  it('disabling ends the user’s sessions at once; enabling lets them log in again', async () => {
    const u = await nuevo();
    const cred = { idEmpresa: 1, usuario: u.usuario, clave: 'Vivienda.Segura.2025' };
    const suyo = await login(t.app, cred);
    expect((await as(t.app, suyo).get('/api/Empresa/GetEmpresa')).statusCode).toBe(200);

    const r = await as(t.app, admin).post(`/api/usuarios/${u.id}/desactivar`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.activo).toBe(false);
    expect(error(await as(t.app, suyo).get('/api/Empresa/GetEmpresa'), 401, 50012)).toContain('Su sesión fue cerrada');
    expect((await as(t.app, suyo).get('/api/Usuarios/GetUsuario')).json()).toMatchObject({ code: 20000, sesion: false });
    const l = await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: cred });
    expect(error(l, 401, 40100)).toBe('Empresa, usuario o contraseña incorrectos.');
    expect((await auditoriaDe(u.id)).at(-1)).toMatchObject({
      accion: 'desactivar',
      cambios: { activo: { antes: true, despues: false }, sesiones_cerradas: 1 },
    });

    expect((await as(t.app, admin).post(`/api/usuarios/${u.id}/activar`)).json().data.activo).toBe(true);
    expect(typeof (await login(t.app, cred))).toBe('string');
  });

  it('refuses to disable oneself, another company’s user, or without permission', async () => {
    expect(error(await as(t.app, admin).post(`/api/usuarios/${idAdmin}/desactivar`), 409, 40900)).toContain(
      'No puede desactivar su propio usuario',
    );
    error(await as(t.app, admin2).post(`/api/usuarios/${idAsesor}/desactivar`), 404, 40400);
    error(await as(t.app, asesor).post(`/api/usuarios/${idAdmin}/desactivar`), 403, 50403);
  });
});

describe('passwords', () => {
  it('an admin resets a password: the old one stops working, sessions end, the audit keeps no secret', async () => {
    const u = await nuevo();
    const vieja = { idEmpresa: 1, usuario: u.usuario, clave: 'Vivienda.Segura.2025' };
    const suyo = await login(t.app, vieja);
    const r = await as(t.app, admin).post(`/api/usuarios/${u.id}/restablecer-clave`, { clave: 'Nueva.Clave.Segura.9' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ sesionesCerradas: 1 });
    error(await as(t.app, suyo).get('/api/Empresa/GetEmpresa'), 401, 50012);
    error(await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: vieja }), 401, 40100);
    await login(t.app, { ...vieja, clave: 'Nueva.Clave.Segura.9' });
    const fila = (await auditoriaDe(u.id)).at(-1)!;
    expect(fila).toMatchObject({ accion: 'restablecer_clave', cambios: { clave: { antes: null, despues: 'cambiada' } } });
    expect(JSON.stringify(fila)).not.toMatch(/Nueva\.Clave|argon2/);

    expect(
      error(await as(t.app, admin).post(`/api/usuarios/${u.id}/restablecer-clave`, { clave: 'colombia' }), 400, 40000),
    ).toContain('clave: es demasiado común');
    error(await as(t.app, asesor).post(`/api/usuarios/${u.id}/restablecer-clave`, { clave: 'Nueva.Clave.Segura.9' }), 403, 50403);
  });

  it('any user changes their own password with the current one; their other sessions end', async () => {
    const u = await nuevo({ permisos: '489' });
    const cred = { idEmpresa: 1, usuario: u.usuario, clave: 'Vivienda.Segura.2025' };
    const [esta, otra] = [await login(t.app, cred), await login(t.app, cred)];
    const mal = await as(t.app, esta).post('/api/usuarios/cambiar-clave', { actual: 'equivocada', nueva: 'Casa.En.El.Campo.7' });
    expect(error(mal, 400, 40000)).toBe('actual: no es su contraseña actual');
    expect(
      error(await as(t.app, esta).post('/api/usuarios/cambiar-clave', { actual: cred.clave, nueva: 'qwerty123' }), 400, 40000),
    ).toContain('nueva: es demasiado común');
    expect(
      error(await as(t.app, esta).post('/api/usuarios/cambiar-clave', { actual: cred.clave, nueva: cred.clave }), 400, 40000),
    ).toContain('nueva');

    const ok = await as(t.app, esta).post('/api/usuarios/cambiar-clave', { actual: cred.clave, nueva: 'Casa.En.El.Campo.7' });
    expect(ok.statusCode).toBe(200);
    expect((await as(t.app, esta).get('/api/Empresa/GetEmpresa')).statusCode).toBe(200);
    error(await as(t.app, otra).get('/api/Empresa/GetEmpresa'), 401, 50012);
    await login(t.app, { ...cred, clave: 'Casa.En.El.Campo.7' });
    expect((await auditoriaDe(u.id)).at(-1)).toMatchObject({ accion: 'cambiar_clave', usuario: u.usuario });
    error(await as(t.app, null).post('/api/usuarios/cambiar-clave', { actual: 'x', nueva: 'Casa.En.El.Campo.8' }), 401, 50008);
  });
});

describe('GET /usuarios/empleados', () => {
  it('offers the company’s empleado terceros, searchable', async () => {
    const r = await as(t.app, admin).get('/api/usuarios/empleados?q=sara');
    expect(r.json().data).toEqual([{ nro_id: '1020304050', nombre: 'Sara Gómez Recepción' }]);
    expect((await as(t.app, admin2).get('/api/usuarios/empleados?q=sara')).json().data).toEqual([]);
    error(await as(t.app, asesor).get('/api/usuarios/empleados'), 403, 50403);
  });
});

describe('GET /usuarios/exportar', () => {
  it('exports the filtered, sorted list to CSV: no hash, formulas escaped, Sí/No', async () => {
    const u = await nuevo({ nombre: '=HYPERLINK("x") Exportable', nro_id: null });
    await as(t.app, admin).post(`/api/usuarios/${u.id}/desactivar`, {});
    const r = await as(t.app, admin).get('/api/usuarios/exportar?formato=csv&activo=false&q=exportable');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/usuarios-\d{4}-\d{2}-\d{2}\.csv/);
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const filas = leerCsv(r.rawPayload);
    expect(filas[0]).toEqual(['Usuario', 'Nombre', 'Documento', 'Agencia', 'Administrador', 'Activo', 'Permisos', 'Creado']);
    expect(filas.slice(1)).toEqual([
      [u.usuario, `'=HYPERLINK("x") Exportable`, '', '', 'No', 'No', '59', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
    ]);
    expect(r.body).not.toMatch(/argon2|Vivienda/);

    const todos = leerCsv((await as(t.app, admin).get('/api/usuarios/exportar?formato=csv&sort=usuario&order=desc')).rawPayload);
    const nombres = todos.slice(1).map((f) => f[0]!);
    expect(nombres).toEqual([...nombres].sort().reverse());
    expect(nombres).toEqual(expect.arrayContaining(['admin', 'asesor', u.usuario]));
    expect(todos.find((f) => f[0] === 'admin')).toEqual(expect.arrayContaining(['Carlos Andrés Restrepo Gómez', 'Sí']));
  });

  it('exports Excel with the same columns', async () => {
    const r = await as(t.app, admin).get('/api/usuarios/exportar?formato=xlsx&q=laura');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const filas = await leerXlsx(r.rawPayload);
    expect(filas[0]).toEqual(['Usuario', 'Nombre', 'Documento', 'Agencia', 'Administrador', 'Activo', 'Permisos', 'Creado']);
    expect(filas.slice(1).map((f) => f[0])).toEqual(['asesor']);
    expect(filas[1]![5]).toBe('Sí');
    expect(filas[1]![7]).toBeInstanceOf(Date);
    expect(JSON.stringify(filas)).not.toMatch(/argon2/);
  });

  it("refuses without permission 37 or a bad format, and never shows another company's users", async () => {
    error(await as(t.app, asesor).get('/api/usuarios/exportar?formato=csv'), 403, 50403);
    expect(error(await as(t.app, admin).get('/api/usuarios/exportar?formato=pdf'), 400, 40000)).toContain('formato');
    const otra = leerCsv((await as(t.app, admin2).get('/api/usuarios/exportar?formato=csv')).rawPayload);
    const lista = (await as(t.app, admin2).get('/api/usuarios?pageSize=200')).json().data.items as { usuario: string }[];
    expect(
      otra
        .slice(1)
        .map((f) => f[0])
        .sort(),
    ).toEqual(lista.map((u) => u.usuario).sort());
    expect(otra.flat().join('|')).not.toMatch(/Exportable|Carlos Andrés Restrepo/);
  });
});

describe('a user manager who is not a company administrator (issue 22, finding 2)', () => {
  // Company 3: its users change nothing the other tests count.
  const CLAVE = 'Vivienda.Segura.2025';
  let gestor: string;
  let admin3: string;
  let ids: { admin: number; adminEstrecho: number; amplio: number; subordinado: number };
  beforeAll(async () => {
    const crear = (usuario: string, nroId: string, permisos: string, admemp = false) =>
      crearUsuario(t.db, 3, { usuario, nroId, permisos, admemp, clave: CLAVE });
    ids = {
      admin: tokenClaims(await login(t.app, DEMO.admin3)).idUsuario,
      // An administrator whose menu permissions are fewer than the manager's: still out of reach.
      adminEstrecho: await crear('admin.dos', '3000001', '37', true),
      amplio: await crear('amplio', '3000002', '37,59,489'),
      subordinado: await crear('subordinado', '3000003', '59'),
    };
    await crear('gestor', '3000004', '37,59');
    gestor = await login(t.app, { idEmpresa: 3, usuario: 'gestor', clave: CLAVE });
    admin3 = await login(t.app, DEMO.admin3);
  });

  const refusal = async (r: Awaited<ReturnType<Client['post']>>, texto: string) => {
    expect(error(r, 403, 50403)).toContain(texto);
  };
  const ADMIN = 'Solo un administrador de la empresa puede';
  const AMPLIO = 'tiene permisos que usted no tiene';

  it('cannot reset the password of an administrator or of a user with broader permissions', async () => {
    for (const [id, texto] of [
      [ids.admin, ADMIN],
      [ids.adminEstrecho, ADMIN],
      [ids.amplio, AMPLIO],
    ] as const)
      await refusal(
        await as(t.app, gestor).post(`/api/usuarios/${id}/restablecer-clave`, { clave: 'Tomada.Por.El.Gestor.1' }),
        texto,
      );
    // Their passwords did not change.
    await login(t.app, DEMO.admin3);
    await login(t.app, { idEmpresa: 3, usuario: 'amplio', clave: CLAVE });
    error(
      await t.app.inject({
        method: 'POST',
        url: '/api/usuarios/login',
        payload: { ...DEMO.admin3, clave: 'Tomada.Por.El.Gestor.1' },
      }),
      401,
      40100,
    );
  });

  it('cannot disable or enable an administrator or a user with broader permissions', async () => {
    for (const [id, texto] of [
      [ids.admin, ADMIN],
      [ids.adminEstrecho, ADMIN],
      [ids.amplio, AMPLIO],
    ] as const) {
      await refusal(await as(t.app, gestor).post(`/api/usuarios/${id}/desactivar`), texto);
      await refusal(await as(t.app, gestor).post(`/api/usuarios/${id}/activar`), texto);
    }
    const lista = (await as(t.app, admin3).get('/api/usuarios?activo=false')).json().data.items as { usuario: string }[];
    expect(lista).toEqual([]);
  });

  it('cannot edit an administrator or a user with broader permissions, not even their name', async () => {
    for (const [id, texto] of [
      [ids.admin, ADMIN],
      [ids.adminEstrecho, ADMIN],
      [ids.amplio, AMPLIO],
    ] as const) {
      await refusal(await put(gestor, `/api/usuarios/${id}`, { nombre: 'Cambiado por el gestor' }), texto);
      await refusal(await put(gestor, `/api/usuarios/${id}`, { permisos: '59' }), texto);
    }
    const amplio = (await as(t.app, admin3).get(`/api/usuarios/${ids.amplio}`)).json().data;
    expect(amplio).toMatchObject({ nombre: 'Usuario amplio', permisos: '37,59,489' });
  });

  it('cannot create a user with permissions it does not hold, nor an administrator', async () => {
    const base = { usuario: 'nuevo.amplio', clave: CLAVE };
    await refusal(await as(t.app, gestor).post('/api/usuarios', { ...base, permisos: '37,59,489' }), 'no tiene: 489');
    await refusal(await as(t.app, gestor).post('/api/usuarios', { ...base, permisos: 'All' }), 'no tiene: All');
    await refusal(await as(t.app, gestor).post('/api/usuarios', { ...base, permisos: '59', admemp: true }), 'administrador');
    // Nor raise a user it manages above itself.
    await refusal(await put(gestor, `/api/usuarios/${ids.subordinado}`, { permisos: '59,489' }), 'no tiene: 489');
  });

  it('manages users whose permissions are within its own', async () => {
    const sub = { idEmpresa: 3, usuario: 'subordinado', clave: CLAVE };
    expect((await put(gestor, `/api/usuarios/${ids.subordinado}`, { nombre: 'Subordinado', permisos: '37,59' })).statusCode).toBe(
      200,
    );
    expect(
      (await as(t.app, gestor).post(`/api/usuarios/${ids.subordinado}/restablecer-clave`, { clave: 'Otra.Clave.Del.Sub.2' }))
        .statusCode,
    ).toBe(200);
    await login(t.app, { ...sub, clave: 'Otra.Clave.Del.Sub.2' });
    expect((await as(t.app, gestor).post(`/api/usuarios/${ids.subordinado}/desactivar`)).statusCode).toBe(200);
    expect((await as(t.app, gestor).post(`/api/usuarios/${ids.subordinado}/activar`)).statusCode).toBe(200);
    const creado = await as(t.app, gestor).post('/api/usuarios', { usuario: 'nuevo.sub', clave: CLAVE, permisos: '59' });
    expect(creado.statusCode, creado.body).toBe(200);
  });

  it('the list says, for each user, why the caller may not change them', async () => {
    const filas = async (token: string) =>
      new Map(
        (
          (await as(t.app, token).get('/api/usuarios?pageSize=100')).json().data.items as {
            usuario: string;
            restriccion: string | null;
          }[]
        ).map((u) => [u.usuario, u.restriccion]),
      );
    const delGestor = await filas(gestor);
    expect(delGestor.get('admin')).toContain(ADMIN);
    expect(delGestor.get('admin.dos')).toContain(ADMIN);
    expect(delGestor.get('amplio')).toContain(AMPLIO);
    expect(delGestor.get('amplio')).toContain('489');
    expect(delGestor.get('subordinado')).toBeNull();
    expect(delGestor.get('gestor')).toBeNull();
    expect([...(await filas(admin3)).values()].every((r) => r === null)).toBe(true);
  });

  it('an administrator and the support session still manage everyone', async () => {
    expect((await put(admin3, `/api/usuarios/${ids.amplio}`, { permisos: '37,59,489,490' })).statusCode).toBe(200);
    expect(
      (await as(t.app, admin3).post(`/api/usuarios/${ids.adminEstrecho}/restablecer-clave`, { clave: 'Clave.De.Admin.Dos.3' }))
        .statusCode,
    ).toBe(200);
    expect((await as(t.app, admin3).post(`/api/usuarios/${ids.amplio}/desactivar`)).statusCode).toBe(200);
    expect((await as(t.app, admin3).post(`/api/usuarios/${ids.amplio}/activar`)).statusCode).toBe(200);
    const soporte = await login(t.app, { ...DEMO.soporte1, idEmpresa: 3 });
    expect(
      (await as(t.app, soporte).post(`/api/usuarios/${ids.admin}/restablecer-clave`, { clave: 'Clave.Nueva.Admin.Tres.4' }))
        .statusCode,
    ).toBe(200);
    expect((await put(soporte, `/api/usuarios/${ids.admin}`, { nombre: 'Administrador' })).statusCode).toBe(200);
  });
});
