import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import * as auditoria from '@predio/contract/auditoria';
import * as clientes from '@predio/contract/clientes';
import * as correo from '@predio/contract/correo';
import * as documentos from '@predio/contract/documentos';
import * as empresa from '@predio/contract/empresa';
import * as inmuebles from '@predio/contract/inmuebles';
import * as inmueblesArchivos from '@predio/contract/inmuebles-archivos';
import * as inmueblesUtilidades from '@predio/contract/inmuebles-utilidades';
import * as list from '@predio/contract/list';
import * as notificaciones from '@predio/contract/notificaciones';
import * as solicitudes from '@predio/contract/solicitudes';
import * as terceros from '@predio/contract/terceros';
import * as usuarios from '@predio/contract/usuarios';
import * as maestros from '@predio/contract/maestros/schemas';
import { createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

// "Bad input gets a clear message naming the field, and never a 500": every API route, called by an
// admin (every idm) with path parameters, query strings and bodies no form would send. Whatever the
// route thinks of them, it answers 4xx, never the 50000 of an error nobody foresaw.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin1);
});
afterAll(() => t.close());

/** Every field name the contracts know (of the schemas whose export name passes `filtro`). */
function camposDeLosContratos(filtro: RegExp = /./): string[] {
  const campos = new Set<string>();
  const modulos = [
    auditoria,
    clientes,
    correo,
    documentos,
    empresa,
    inmuebles,
    inmueblesArchivos,
    inmueblesUtilidades,
    list,
    notificaciones,
    solicitudes,
    terceros,
    usuarios,
    maestros,
  ];
  const visitar = (v: unknown, profundidad: number) => {
    if (profundidad > 3 || v === null || typeof v !== 'object') return;
    const shape = (v as { shape?: unknown }).shape;
    if (shape !== null && typeof shape === 'object') for (const k of Object.keys(shape)) campos.add(k);
    const def = (v as { def?: Record<string, unknown> }).def;
    if (def) for (const k of ['in', 'out', 'innerType', 'schema']) visitar(def[k], profundidad + 1);
  };
  for (const m of modulos) for (const [nombre, v] of Object.entries(m)) if (filtro.test(nombre)) visitar(v, 0);
  return [...campos].sort();
}

// The session's own routes would end the session the rest of the test needs.
const FUERA = /\/(cerrarsesion|ws)$|\/usuarios\/login$|cambiar.?clave|\/health$/i;

const PARAMETROS_MALOS = ['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', '%20', 'null', '999999'];
const VALORES_MALOS: unknown[] = [
  null,
  'x',
  '',
  -1,
  0,
  1.5,
  1e20,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  true,
  [],
  {},
  [null],
  ['x'],
  [1e20],
  { a: { b: 1 } },
  '2026-13-45',
  '2026-02-30',
  '2026-02-30T25:61:00Z',
  'ñ'.repeat(6000),
  "'; drop table inmueble; --",
  '\u0000',
  '\ud800',
  'ana\u202Etxt.exe',
];
const QUERY_MALAS = [
  'x',
  '',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e20',
  '2026-02-30',
  '2026-13-45',
  'a,b,,c',
  '%00',
  '\u0000'.repeat(2),
  'ñ'.repeat(600),
];

type Fallo = { ruta: string; status: number; mensaje: string };

/** One call with the admin's current session. */
const pedir = (method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

/** One call, and the failure it is when it answered 5xx. */
async function responder(method: string, url: string, payload?: unknown) {
  const r = await pedir(method as HTTPMethods, url, payload);
  // A call that happened to end the admin's session (a body that passed): log in again and go on.
  if (r.statusCode === 401) {
    admin = await login(t.app, DEMO.admin1);
  }
  const fallo: Fallo | null =
    r.statusCode < 500
      ? null
      : {
          ruta: `${method} ${url.slice(0, 160)} ${JSON.stringify(payload)?.slice(0, 120) ?? ''}`,
          status: r.statusCode,
          mensaje: r.body.slice(0, 200),
        };
  return { r, fallo };
}

const llamar = async (method: string, url: string, payload?: unknown) => (await responder(method, url, payload)).fallo;

/** The fields a 400's «campo: mensaje; campo: mensaje» names (the first part of each path). */
function nombrados400(cuerpo: string): Set<string> {
  let mensaje = '';
  try {
    mensaje = String((JSON.parse(cuerpo) as { message?: unknown }).message ?? '');
  } catch {
    return new Set();
  }
  return new Set(mensaje.split('; ').map((parte) => parte.split(':')[0]!.split('.')[0]!.trim()));
}

describe('no route answers 500 to bad input', () => {
  it('path parameters, query strings and bodies no form would send', { timeout: 600_000 }, async () => {
    const campos = camposDeLosContratos();
    expect(campos.length).toBeGreaterThan(100);
    // Query strings: the parameters of the query and path schemas, one by one as well.
    const parametros = camposDeLosContratos(/Query|Filtro|Param/);
    expect(parametros.length).toBeGreaterThan(20);
    let llamadas = 0;
    const rutas = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && !FUERA.test(r.url));
    expect(rutas.length).toBeGreaterThan(100);
    const fallos: Fallo[] = [];
    const anotar = (f: Fallo | null) => {
      llamadas++;
      if (f) fallos.push(f);
    };

    for (const r of rutas) {
      const conParametros = /:[A-Za-z_]+/.test(r.url);
      const con = (valor: string) => r.url.replace(/:[A-Za-z_]+\??/g, encodeURIComponent(valor).replace('%2520', '%20'));
      const base = con('999999');

      if (conParametros)
        for (const p of PARAMETROS_MALOS) anotar(await llamar(r.method, con(p), r.method === 'GET' ? undefined : {}));

      if (r.method === 'GET' || r.method === 'DELETE') {
        for (const q of QUERY_MALAS) {
          // Every parameter at once. A parameter the route reads first can hide the next one's failure:
          // for two values, the ones the 400 names are taken out and the rest sent again, until the
          // route has nothing more to refuse.
          const eliminar = q === 'x' || q === '2026-02-30';
          let restantes = parametros;
          for (;;) {
            const qs = restantes.map((c) => `${c}=${encodeURIComponent(q)}`).join('&');
            const { r: resp, fallo } = await responder(r.method, `${base}?${qs}`);
            anotar(fallo);
            if (!eliminar || resp.statusCode !== 400) break;
            const nombrados = nombrados400(resp.body);
            const quedan = restantes.filter((c) => !nombrados.has(c));
            if (quedan.length === restantes.length || quedan.length === 0) break;
            restantes = quedan;
          }
        }
        continue;
      }

      // On a record that does not exist, and (but for deletions) on the first one of each kind, which does.
      // A valid body there would really reset or deactivate the admin running the test (user 1).
      const sobreUno = conParametros && r.method !== 'DELETE' && !/\/usuarios\//i.test(r.url);
      const bases = sobreUno ? [base, con('1')] : [base];
      for (const b of bases) {
        for (const cuerpo of [{}, [], 'texto', 7, null]) anotar(await llamar(r.method, b, cuerpo));
        for (const v of VALORES_MALOS) anotar(await llamar(r.method, b, Object.fromEntries(campos.map((c) => [c, v]))));
      }
    }

    expect(llamadas).toBeGreaterThan(10_000);
    // One line per failure: the route and what it said.
    expect(fallos.map((f) => `${f.status} ${f.ruta} → ${f.mensaje}`)).toEqual([]);
  });
});

describe('numbers past what a column holds, and text no field can hold', () => {
  it('answers 400 naming the price or area filter, on the search, its count and its export', async () => {
    for (const ruta of ['/api/inmuebles', '/api/inmuebles/conteo', '/api/inmuebles/exportar']) {
      for (const [q, campo] of [
        ['precioMin=1.5', 'precioMin'],
        ['precioMax=99999999999999999999', 'precioMax'],
        ['areaMin=99999999999999999999', 'areaMin'],
      ] as const) {
        const r = await pedir('GET', `${ruta}?${q}`);
        expect(r.statusCode, `${ruta}?${q}`).toBe(400);
        expect(r.json().message).toContain(campo);
      }
    }
  });

  it('refuses an agency beyond the integers the database holds, naming the field', async () => {
    const r = await pedir('PUT', '/api/empresa', { nombre: 'Inmobiliaria Demo S.A.S.', defaultAgencia: 2147483648 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('defaultAgencia');
  });

  it('refuses half a UTF-16 pair and bidirectional overrides, naming the field', async () => {
    const surrogado = await pedir('POST', '/api/inmuebles', { direccion: 'Calle 1', propietarios: [{ nombre: 'a\ud800' }] });
    expect(surrogado.statusCode).toBe(400);
    expect(surrogado.json().message).toBe('propietarios.0.nombre: contiene un carácter no válido (Unicode mal formado)');
    const bidi = await pedir('POST', '/api/empresa/agencias', { nombre: 'Centro\u202Eexe.pdf' });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().message).toBe('nombre: contiene un carácter de control de dirección del texto no permitido');
  });
});

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  it('is refused naming where it came, in a query, a nested body field or a path', async () => {
    const q = await pedir('GET', '/api/solicitudes/terceros?q=ana%00');
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({ code: 40000, message: 'q: contiene un carácter no válido (NUL)' });
    const cuerpo = await pedir('POST', '/api/inmuebles', { direccion: 'Calle 1', propietarios: [{ nombre: 'a\u0000b' }] });
    expect(cuerpo.json().message).toBe('propietarios.0.nombre: contiene un carácter no válido (NUL)');
    const ruta = await pedir('GET', '/api/inmuebles/1%00');
    expect(ruta.statusCode).toBe(400);
    expect(ruta.json().message).toBe('consecutivo: contiene un carácter no válido (NUL)');
    // Without a session the answer stays 401: the token is looked at first.
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/solicitudes/terceros?q=%00' });
    expect(anonimo.statusCode).toBe(401);
  });
});
