import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, DEMO, login, type TestApp } from './harness.ts';

// "Bad input gets a clear message naming the field, and never a 500": every API route, called by an
// admin (every idm) with path parameters, query strings and bodies no form would send. Whatever the
// route thinks of them, it answers 4xx, never the 50000 of an error nobody foresaw. The routes are
// split by module (the first segment of their path), one test each, and the modules into several test
// files (`fuzz-*.test.ts`) that Vitest runs side by side.

let t: TestApp;
let admin: string;

const CONTRATO = new URL('../../../../packages/contract/src/', import.meta.url);

/**
 * Every field name the contracts know (of the schemas whose export name passes `filtro`). The contract's
 * files are found by scanning its folder, so a new module's fields are in the sweep without a line here.
 */
export async function camposDeLosContratos(filtro: RegExp = /./): Promise<string[]> {
  const campos = new Set<string>();
  const archivos = readdirSync(CONTRATO, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  const modulos: Record<string, unknown>[] = [];
  for (const f of archivos) modulos.push((await import(/* @vite-ignore */ new URL(f, CONTRATO).href)) as Record<string, unknown>);
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

/** The module a route belongs to: the first segment of its path after /api. */
const moduloDe = (url: string) => url.split('/')[2] ?? '';

/** About how many calls a route gets below: what the split balances. */
const peso = (r: { method: string; url: string }) =>
  (/:[A-Za-z_]+/.test(r.url) ? PARAMETROS_MALOS.length : 0) +
  (r.method === 'GET' || r.method === 'DELETE' ? QUERY_MALAS.length + 2 : 2 * (5 + VALORES_MALOS.length));

/** Calls one route with every bad input; each 5xx goes to `anotar`. */
async function probarRuta(
  r: { method: string; url: string },
  campos: string[],
  parametros: string[],
  anotar: (f: Fallo | null) => void,
) {
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
    return;
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

/**
 * Defines part `parte` (1…`partes`) of the sweep: the app is started at once (the tests are one per
 * module, so the routes must be known when the file is collected), the modules are dealt to the parts
 * heaviest first, each to the lightest part so far, and this part's modules get a test each with a time
 * budget for their number of calls.
 */
export async function barrerEntradasMalas(parte: number, partes: number): Promise<void> {
  // Module state shared by the helpers above; files run one after another in a worker.
  const app = await createTestApp();
  t = app;
  admin = await login(t.app, DEMO.admin1);
  afterAll(() => app.close());
  const campos = await camposDeLosContratos();
  // Query strings: the parameters of the query and path schemas, one by one as well.
  const parametros = await camposDeLosContratos(/Query|Filtro|Param/);
  const rutas = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && !FUERA.test(r.url));
  const modulos = new Map<string, typeof rutas>();
  for (const r of rutas) modulos.set(moduloDe(r.url), [...(modulos.get(moduloDe(r.url)) ?? []), r]);
  const pesoDe = (rs: typeof rutas) => rs.reduce((n, r) => n + peso(r), 0);
  const cargas = Array.from({ length: partes }, () => ({ peso: 0, modulos: [] as string[] }));
  for (const [m, rs] of [...modulos].sort((a, b) => pesoDe(b[1]) - pesoDe(a[1]) || a[0].localeCompare(b[0]))) {
    const menor = cargas.reduce((a, b) => (b.peso < a.peso ? b : a));
    menor.peso += pesoDe(rs);
    menor.modulos.push(m);
  }

  describe(`no route answers 500 to bad input (part ${parte} of ${partes})`, () => {
    it('knows the contracts’ fields and the app’s routes', () => {
      expect(campos.length).toBeGreaterThan(100);
      expect(parametros.length).toBeGreaterThan(20);
      expect(rutas.length).toBeGreaterThan(100);
      expect(cargas.flatMap((c) => c.modulos).sort()).toEqual([...modulos.keys()].sort());
    });
    for (const m of cargas[parte - 1]!.modulos) {
      const rs = modulos.get(m)!;
      // About 20 ms a call on a loaded machine, and a minute more.
      it(`/api/${m}: ${rs.length} routes`, { timeout: 60_000 + pesoDe(rs) * 20 }, async () => {
        const fallos: Fallo[] = [];
        let llamadas = 0;
        const anotar = (f: Fallo | null) => {
          llamadas++;
          if (f) fallos.push(f);
        };
        for (const r of rs) await probarRuta(r, campos, parametros, anotar);
        expect(llamadas).toBeGreaterThan(0);
        // One line per failure: the route and what it said.
        expect(fallos.map((f) => `${f.status} ${f.ruta} → ${f.mensaje}`)).toEqual([]);
      });
    }
  });
}
