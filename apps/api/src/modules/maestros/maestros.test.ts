import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import {
  ACTIVO_LABEL,
  camposOrdenables,
  etiquetasDe,
  refLabelKey,
  type FieldDef,
  type ResourceDef,
} from '@predio/contract/maestros/resource';
import { hijosDe, RECURSOS, recurso } from '@predio/contract/maestros/resources';
import { ddlMaestros } from '../../db/maestros-ddl.ts';
import { queryRows } from '../../db/rows.ts';
import { nombres, tablaDe } from '../../db/schema/maestros.ts';
import { auditoria } from '../../db/schema/plataforma.ts';
import { sembrarEmpresa } from '../../db/seed/demo.ts';
import { BARRIOS_SEMILLA, leerMunicipios, leerMunicipiosDane, LISTAS_SEMILLA, SERIES_SEMILLA } from '../../db/seed/maestros.ts';
import { nombrePropio } from '../../platform/formato.ts';
import { crearUsuario, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

type Fila = Record<string, unknown> & { id: number };
type Cuerpo = { code: number; message: string; data: unknown };

let t: TestApp;
let admin1: string;
let admin2: string;
let solo59: string;
let solo63: string;
beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'solo59', nroId: '1017005959', permisos: '59' });
  await crearUsuario(t.db, 1, { usuario: 'solo63', nroId: '1017006363', permisos: '63' });
  [admin1, admin2, solo59, solo63] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'solo59', clave: 'demo1234' }),
    login(t.app, { idEmpresa: 1, usuario: 'solo63', clave: 'demo1234' }),
  ]);
});
afterAll(() => t.close());

function llamar(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/maestros/${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => inject('GET', url),
    post: (url: string, body: unknown) => inject('POST', url, body),
    put: (url: string, body: unknown) => inject('PUT', url, body),
    del: (url: string) => inject('DELETE', url),
    importar: (url: string, nombre: string, data: Buffer) => {
      const m = multipart({ filename: nombre, contentType: 'text/csv', data });
      return t.app.inject({
        method: 'POST',
        url: `/api/maestros/${url}`,
        headers: { ...headers, ...m.headers },
        payload: m.payload,
      });
    },
  };
}

const ok = <T = Fila>(r: LightMyRequestResponse): T => {
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Cuerpo).data as T;
};
function falla(r: LightMyRequestResponse, status: number, code: number, ...contiene: string[]) {
  expect(r.statusCode, r.body).toBe(status);
  const b = r.json() as Cuerpo;
  expect(b.code).toBe(code);
  for (const c of contiene) expect(b.message).toContain(c);
  return b;
}
const lista = (r: LightMyRequestResponse) => ok<{ items: Fila[]; total: number }>(r);
const qs = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** Ids of one row of each resource that others reference, per company. */
const refs: Record<number, Record<string, number>> = { 1: {}, 2: {} };
beforeAll(async () => {
  for (const [empresa, token] of [
    [1, admin1],
    [2, admin2],
  ] as const) {
    refs[empresa]!.municipios = lista(await llamar(token).get('municipios?q=05001')).items[0]!.id;
    refs[empresa]!['series-documentales'] = lista(await llamar(token).get('series-documentales?q=contratos')).items[0]!.id;
  }
});

let contador = 0;
const REF_LABEL: Record<string, string> = { municipios: 'Medellín', 'series-documentales': 'Contratos' };

/** A valid value for a field; n makes unique ones unique. */
function valor(f: FieldDef, n: number, empresa = 1): unknown {
  switch (f.type) {
    case 'text':
      if (f.key === 'codigo_dane') return `9${String(n).padStart(4, '0')}`;
      if (f.key === 'codigo') return `Z${n}`;
      if (f.key === 'nit') return `${800000000 + n}-1`;
      if (f.format === 'email') return `prueba${n}@example.com`;
      if (f.format === 'telefono') return `604 444 ${String(n).padStart(4, '0')}`;
      return `Ñandú Árbol ${n}`.slice(0, f.maxLength);
    case 'number': {
      if (f.decimals) return 12.5;
      const [lo, hi] = [f.min ?? 0, f.max ?? 1000];
      // Wide ranges skip the low values the seed uses (priorities 1 to 4).
      return hi - lo > 20 ? lo + 5 + (n % (hi - lo - 5)) : lo + (n % (hi - lo + 1));
    }
    case 'money':
      return 1000 * n;
    case 'date':
      return '2024-05-17';
    case 'enum':
      return f.options[0]!.value;
    case 'boolean':
      return true;
    case 'color':
      return '#12ab34';
    case 'reference':
      return refs[empresa]![f.ref];
  }
}
const payload = (def: ResourceDef, n = ++contador, empresa = 1) =>
  Object.fromEntries(def.fields.map((f) => [f.key, valor(f, n, empresa)]));

/** A field outside every uniqueness rule, and a new valid value for it. */
function campoLibre(def: ResourceDef, n: number): [string, unknown] {
  const f = def.fields.find((x) => x.type !== 'reference' && !def.unique.flat().includes(x.key))!;
  if (f.type === 'text') return [f.key, `Cambiado ${n}`.slice(0, f.maxLength)];
  if (f.type === 'color') return [f.key, '#abcdef'];
  if (f.type === 'boolean') return [f.key, false];
  // Rows are created with the first option (valor): the last one is a change.
  if (f.type === 'enum') return [f.key, f.options[f.options.length - 1]!.value];
  return [f.key, f.type === 'number' ? (f.min ?? 0) + 1 : valor(f, n)];
}

async function auditoriaDe(def: ResourceDef, id: number) {
  return t.db.tenant(1, (tx) =>
    tx
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, def.key), eq(auditoria.entidadId, String(id))))
      .orderBy(auditoria.id),
  );
}

describe.each(RECURSOS.map((d) => [d.key, d] as const))('maestro %s', (key, def) => {
  const api = () => llamar(admin1);
  let fila: Fila;
  let cuerpo: Record<string, unknown>;
  const label = def.fields.find((f) => f.key === def.labelField)!.label;

  it('creates a row from a valid body, stamps who created it and audits it', async () => {
    cuerpo = payload(def);
    fila = ok(await api().post(key, cuerpo));
    expect(fila).toMatchObject(cuerpo);
    expect(fila).toMatchObject({ creado_por: 'admin', modificado_por: null });
    if (def.activo) expect(fila.activo).toBe(true);
    for (const f of def.fields) if (f.type === 'reference') expect(typeof fila[refLabelKey(f.key)]).toBe('string');
    const [a] = await auditoriaDe(def, fila.id);
    expect(a).toMatchObject({ accion: 'crear', usuario: 'admin' });
    expect((a?.cambios as Record<string, { despues: unknown }>)[def.labelField]?.despues).toBe(cuerpo[def.labelField]);
  });

  it('finds it searching without accents or case, pages, sorts by every column and filters', async () => {
    const n = String(cuerpo[def.labelField]).split(' ').at(-1);
    const r = lista(await api().get(`${key}?${qs({ q: `NANDU arbol ${n}` })}`));
    expect(r.items.map((x) => x.id)).toContain(fila.id);
    for (const x of r.items) expect(JSON.stringify(x)).toMatch(/Ñandú Árbol/);
    const pagina = lista(await api().get(`${key}?pageSize=1&page=2`));
    expect(pagina.items.length).toBeLessThanOrEqual(1);
    expect(pagina.total).toBeGreaterThanOrEqual(1);
    for (const sort of camposOrdenables(def))
      for (const order of ['asc', 'desc']) lista(await api().get(`${key}?${qs({ sort, order, pageSize: 5 })}`));
    for (const f of def.fields.filter((x) => x.filter || x.key === def.parent)) {
      const porFiltro = lista(await api().get(`${key}?${qs({ [f.key]: cuerpo[f.key], pageSize: 200, q: n })}`));
      expect(porFiltro.items.map((x) => x.id)).toContain(fila.id);
    }
    if (def.activo) {
      const inactivos = lista(await api().get(`${key}?${qs({ activo: false, q: n })}`));
      expect(inactivos.items.map((x) => x.id)).not.toContain(fila.id);
    }
    falla(await api().get(`${key}?sort=clave`), 400, 40000, 'sort');
  });

  it('gets it by id, and answers 404 for an id that does not exist', async () => {
    expect(ok(await api().get(`${key}/${fila.id}`))).toEqual(fila);
    falla(await api().get(`${key}/99999999`), 404, 40400, 'no existe');
    falla(await api().get(`${key}/abc`), 400, 40000, 'id');
  });

  it('offers it in the options of a select, by label', async () => {
    const n = String(cuerpo[def.labelField]).split(' ').at(-1);
    const opciones = ok<{ id: number; label: string }[]>(await api().get(`${key}/opciones?${qs({ q: `arbol ${n}` })}`));
    expect(opciones).toContainEqual(expect.objectContaining({ id: fila.id, label: cuerpo[def.labelField] }));
    expect(opciones.length).toBeLessThanOrEqual(50);
  });

  it('updates a field, stamps who changed it, and audits before and after', async () => {
    const [campo, nuevo] = campoLibre(def, contador);
    const antes = fila[campo];
    const actualizada = ok(await api().put(`${key}/${fila.id}`, { [campo]: nuevo }));
    expect(actualizada).toEqual({ ...fila, [campo]: nuevo, modificado_por: 'admin', modificado_en: expect.any(String) });
    const ultima = (await auditoriaDe(def, fila.id)).at(-1);
    expect(ultima).toMatchObject({ accion: 'actualizar', cambios: { [campo]: { antes, despues: nuevo } } });
    fila = actualizada;
  });

  it('refuses a duplicate of a uniqueness rule with 409 naming its fields, whatever the case and accents', async () => {
    for (const regla of def.unique) {
      const copia = { ...payload(def) };
      for (const k of regla) {
        const v = fila[k];
        copia[k] = typeof v === 'string' && !/^[0-9]/.test(v) ? v.toUpperCase().replace('Ñ', 'N').replace('Á', 'A') : v;
      }
      falla(await api().post(key, copia), 409, 40900, etiquetasDe(def, regla));
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const requerido = def.fields.find((f) => f.required)!;
    const r = falla(await api().post(key, { ...payload(def), [requerido.key]: '' }), 400, 40000, requerido.label);
    expect(r.message).toContain('es obligatorio');
    const texto = def.fields.find((f) => f.type === 'text' && f.key === def.labelField)!;
    falla(await api().put(`${key}/${fila.id}`, { [texto.key]: 'x'.repeat(500) }), 400, 40000, label, 'máximo');
    falla(await api().put(`${key}/${fila.id}`, {}), 400, 40000, 'al menos un campo');
    const tipado = def.fields.find((f) => ['number', 'money', 'date', 'enum', 'color', 'reference', 'boolean'].includes(f.type));
    if (tipado) falla(await api().put(`${key}/${fila.id}`, { [tipado.key]: 'no-vale' }), 400, 40000, tipado.label);
  });

  it("keeps each company's rows to itself, and refuses a reference to another company's row", async () => {
    const otra = llamar(admin2);
    falla(await otra.get(`${key}/${fila.id}`), 404, 40400);
    falla(await otra.put(`${key}/${fila.id}`, Object.fromEntries([campoLibre(def, 1)])), 404, 40400);
    falla(await otra.del(`${key}/${fila.id}`), 404, 40400);
    const n = String(cuerpo[def.labelField]).split(' ').at(-1);
    expect(lista(await otra.get(`${key}?${qs({ q: `arbol ${n}` })}`)).items.map((x) => x.id)).not.toContain(fila.id);
    for (const f of def.fields.filter((x) => x.type === 'reference')) {
      const ajena = { ...payload(def, ++contador, 2), [f.key]: refs[1]![f.type === 'reference' ? f.ref : '']! };
      falla(await otra.post(key, ajena), 400, 40000, f.label);
    }
    expect(ok(await api().get(`${key}/${fila.id}`))).toEqual(fila);
  });

  it('requires the idm of its menu route (403 code 50403), but any user may read its options', async () => {
    const sin = llamar(solo59);
    for (const r of [
      await sin.get(key),
      await sin.get(`${key}/${fila.id}`),
      await sin.post(key, payload(def)),
      await sin.put(`${key}/${fila.id}`, Object.fromEntries([campoLibre(def, 1)])),
      await sin.del(`${key}/${fila.id}`),
      await sin.get(`${key}/exportar`),
      await sin.importar(`${key}/importar`, 'x.csv', Buffer.from('a;b\n1;2\n')),
    ])
      falla(r, 403, 50403);
    ok(await sin.get(`${key}/opciones`));
    const r = await llamar(solo63).get(key);
    expect(r.statusCode).toBe(def.idm === 63 ? 200 : 403);
    const rutas = t.app.apiRoutes.filter(
      (x) => x.method !== 'HEAD' && (x.url.startsWith(`/api/maestros/${key}/`) || x.url === `/api/maestros/${key}`),
    );
    expect(rutas).toHaveLength(8);
    for (const x of rutas) expect(x.permiso, x.url).toBe(x.url.endsWith('/opciones') ? 'sesion' : def.idm);
  });

  it('exports the current filter to CSV (BOM, ;) and Excel, escaping what a spreadsheet would run, and both re-import unchanged', async () => {
    const n = ++contador;
    const peligrosa = ok(await api().post(key, { ...payload(def, n), [def.labelField]: `=cmd ${n}` }));
    const filtro = qs({ q: `cmd ${n}` });
    const csv = await api().get(`${key}/exportar?${filtro}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${key}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const texto = csv.rawPayload.toString('utf8');
    expect(texto.startsWith('\uFEFF')).toBe(true);
    const lineas = texto.slice(1).trim().split('\r\n');
    expect(lineas[0]!.split(';')).toContain(label);
    expect(lineas).toHaveLength(2);
    expect(lineas[1]!.split(';')).toContain(`'=cmd ${n}`);

    const xlsx = await api().get(`${key}/exportar?${filtro}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    const encabezados = (hoja.getRow(1).values as unknown[]).slice(1);
    expect(encabezados).toContain(label);
    expect(hoja.rowCount).toBe(2);
    expect(hoja.getRow(2).getCell(encabezados.indexOf(label) + 1).value).toBe(`'=cmd ${n}`);

    // Both files import back as they are: labels of references and enums, Sí/No, decimal comma, dates, escapes.
    for (const [nombre, archivo] of [
      ['lista.csv', csv.rawPayload],
      ['lista.xlsx', xlsx.rawPayload],
    ] as const) {
      const r = ok(await api().importar(`${key}/importar?modo=validar`, nombre, archivo));
      expect(r, nombre).toEqual({ insertados: 0, actualizados: 0, sinCambios: 1, errores: [], aplicado: false });
    }
    ok(await api().del(`${key}/${peligrosa.id}`));
  });

  it('imports a CSV: validar writes nothing, todo refuses a file with errors, parcial inserts the good rows and upserts', async () => {
    const columnas = [
      ...def.fields,
      ...(def.activo ? [{ key: 'activo', label: ACTIVO_LABEL, type: 'boolean' } as FieldDef] : []),
    ];
    const celda = (f: FieldDef, v: unknown) =>
      f.type === 'reference'
        ? REF_LABEL[f.ref]!
        : f.type === 'enum'
          ? f.options.find((o) => o.value === v)!.label
          : f.type === 'boolean'
            ? v === false
              ? 'No'
              : 'Sí'
            : typeof v === 'number'
              ? String(v).replace('.', ',')
              : String(v);
    const buenas = [payload(def), payload(def)];
    const mala = { ...payload(def), [def.labelField]: '' };
    const csv = (filas: Record<string, unknown>[]) =>
      Buffer.from(
        [columnas.map((c) => c.label).join(';'), ...filas.map((p) => columnas.map((c) => celda(c, p[c.key])).join(';'))].join(
          '\r\n',
        ),
      );
    const buscar = async (p: Record<string, unknown>) =>
      lista(await api().get(`${key}?${qs({ q: `arbol ${String(p[def.labelField]).split(' ').at(-1)}` })}`)).items.filter(
        (x) => x[def.labelField] === p[def.labelField],
      );
    const archivo = csv([...buenas, mala]);

    const validar = ok(await api().importar(`${key}/importar?modo=validar`, 'datos.csv', archivo));
    expect(validar).toMatchObject({ insertados: 2, actualizados: 0, aplicado: false });
    expect(validar).toHaveProperty('errores', [{ fila: 4, campo: label, mensaje: `El campo ${label} es obligatorio` }]);
    expect(await buscar(buenas[0]!)).toEqual([]);
    expect(ok(await api().importar(`${key}/importar?modo=todo`, 'datos.csv', archivo))).toMatchObject({ aplicado: false });
    expect(await buscar(buenas[0]!)).toEqual([]);

    const parcial = ok(await api().importar(`${key}/importar`, 'datos.csv', archivo));
    expect(parcial).toMatchObject({ insertados: 2, actualizados: 0, aplicado: true });
    const [primera] = await buscar(buenas[0]!);
    expect(primera).toMatchObject(buenas[0]!);
    expect(primera?.creado_por).toBe('admin');

    const [campo, nuevo] = campoLibre(def, contador);
    const otra = ok(await api().importar(`${key}/importar`, 'datos.csv', csv([{ ...buenas[0]!, [campo]: nuevo }, buenas[1]!])));
    expect(otra).toMatchObject({ insertados: 0, actualizados: 1, sinCambios: 1, errores: [] });
    expect((await buscar(buenas[0]!))[0]?.[campo]).toBe(nuevo);
    expect((await auditoriaDe(def, primera!.id)).map((a) => a.accion)).toEqual(['importar-crear', 'importar-actualizar']);
  });

  it('deletes a row nothing uses and audits it; refuses with 409 naming the users while a child uses it', async () => {
    for (const { def: hijo, field } of hijosDe(key)) {
      const padre = ok(await api().post(key, payload(def)));
      const h = ok(await api().post(hijo.key, { ...payload(hijo), [field.key]: padre.id }));
      const r = falla(await api().del(`${key}/${padre.id}`), 409, 40900, `1 ${hijo.singular}`, String(padre[def.labelField]));
      if (def.activo) expect(r.message).toMatch(/Desactíve(lo|la) en su lugar/);
      ok(await api().del(`${hijo.key}/${h.id}`));
      ok(await api().del(`${key}/${padre.id}`));
    }
    expect(ok(await api().del(`${key}/${fila.id}`))).toEqual({ id: fila.id });
    falla(await api().get(`${key}/${fila.id}`), 404, 40400);
    expect((await auditoriaDe(def, fila.id)).at(-1)).toMatchObject({ accion: 'eliminar' });
  });
});

describe('deactivation', () => {
  it('hides a deactivated row from the options but keeps it in the list', async () => {
    const api = llamar(admin1);
    const zona = ok(await api.post('causales', { nombre: 'Causal en desuso' }));
    ok(await api.put(`causales/${zona.id}`, { activo: false }));
    const opciones = ok<{ id: number }[]>(await api.get('causales/opciones?q=desuso'));
    expect(opciones.map((o) => o.id)).not.toContain(zona.id);
    expect(lista(await api.get('causales?activo=false')).items.map((x) => x.id)).toContain(zona.id);
  });
});

describe('reference labels', () => {
  it('names an inactive row by id for a user without its permission, and lists carry the reference detail', async () => {
    const api = llamar(admin1);
    const muni = ok(await api.post('municipios', { codigo_dane: '88801', departamento: 'GUAVIARE', municipio: 'Pueblo Viejo' }));
    const barrio = ok(await api.post('barrios', { id_municipio: muni.id, nombre: 'La Esperanza' }));
    expect(barrio).toMatchObject({ id_municipio_label: 'Pueblo Viejo', id_municipio_detalle: 'GUAVIARE' });
    ok(await api.put(`municipios/${muni.id}`, { activo: false }));

    // solo63 reads barrios only: a shared link filtered by municipio still names it.
    const suya = llamar(solo63);
    falla(await suya.get(`municipios/${muni.id}`), 403, 50403);
    expect(ok(await suya.get(`municipios/opciones?id=${muni.id}`))).toEqual([
      { id: muni.id, label: 'Pueblo Viejo', detalle: 'GUAVIARE' },
    ]);
    expect(ok<Fila[]>(await suya.get('municipios/opciones?q=pueblo viejo')).map((o) => o.id)).not.toContain(muni.id);
    const filtrada = lista(await suya.get(`barrios?id_municipio=${muni.id}`));
    expect(filtrada.items).toEqual([
      expect.objectContaining({ id: barrio.id, id_municipio_label: 'Pueblo Viejo', id_municipio_detalle: 'GUAVIARE' }),
    ]);
    // A resource without detailField adds no detail key.
    const sector = lista(await api.get('sectores?pageSize=1')).items[0];
    if (sector) expect(Object.keys(sector).filter((k) => k.endsWith('_detalle'))).toEqual([]);

    expect(ok(await llamar(admin2).get(`municipios/opciones?id=${muni.id}`))).toEqual([]);
    expect(ok(await suya.get('municipios/opciones?id=2147483000'))).toEqual([]);
    falla(await suya.get('municipios/opciones?id=abc'), 400, 40000, 'id');
  });
});

describe('import of a bad file', () => {
  it('names the required columns the header lacks, and refuses what is neither CSV nor Excel', async () => {
    const api = llamar(admin1);
    falla(await api.importar('barrios/importar', 'b.csv', Buffer.from('Nombre;Estrato\nX;3\n')), 400, 40000, 'Municipio');
    falla(await api.importar('barrios/importar', 'b.xlsx', Buffer.from('PK no es un zip')), 415, 41500, 'Excel');
    falla(await api.importar('barrios/importar?modo=todo2', 'b.csv', Buffer.from('x')), 400, 40000, 'modo');
  });
});

describe('semilla por empresa', () => {
  it('gives every company all the DANE municipalities of the shared file, named as people write them, found without accents', async () => {
    const dane = leerMunicipios().length;
    expect(dane).toBeGreaterThan(1090);
    for (const token of [admin1, admin2, await login(t.app, DEMO.admin3)]) {
      const api = llamar(token);
      expect(lista(await api.get('municipios?pageSize=1')).total).toBeGreaterThanOrEqual(dane);
      const medellin = lista(await api.get('municipios?q=MEDELLIN')).items;
      expect(medellin).toEqual([
        expect.objectContaining({ codigo_dane: '05001', municipio: 'Medellín', departamento: 'Antioquia' }),
      ]);
      expect(lista(await api.get('municipios?q=bogota')).items[0]).toMatchObject({ municipio: 'Bogotá, D.C.' });
      expect(lista(await api.get('municipios?q=15248')).items[0]).toMatchObject({
        municipio: 'El Espino',
        departamento: 'Boyacá',
      });
    }
  });

  it('writes DANE names as people do: connectors in lower case, articles after «de», D.C. in capitals', () => {
    const casos: [string, string][] = [
      ['SAN JOSÉ DEL GUAVIARE', 'San José del Guaviare'],
      ['EL CARMEN DE VIBORAL', 'El Carmen de Viboral'],
      ['CAMPO DE LA CRUZ', 'Campo de la Cruz'],
      ['MARÍA LA BAJA', 'María La Baja'],
      ['BOGOTÁ, D.C.', 'Bogotá, D.C.'],
      ['MIRITI - PARANÁ', 'Miriti - Paraná'],
      ['VALLE DEL CAUCA', 'Valle del Cauca'],
      ['LA UNIÓN', 'La Unión'],
    ];
    for (const [dane, nombre] of casos) expect(nombrePropio(dane)).toBe(nombre);
  });

  it('migrations 0069 and 0072 rename what a company still has as the DANE file wrote it, and leave edited names alone', async () => {
    const archivo = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0069_nombres_municipios.sql', import.meta.url)),
      'utf8',
    );
    // Its list is exactly the seed's file, before and after: the two cannot drift apart.
    const filas = [
      ...archivo.matchAll(/^ {2}\('(\d{5})', '((?:[^']|'')*)', '((?:[^']|'')*)', '((?:[^']|'')*)', '((?:[^']|'')*)'\)[,;]$/gm),
    ];
    const sinComillas = (x: string) => x.replace(/''/g, "'");
    expect(filas.map((f) => [f[1], sinComillas(f[4]!), sinComillas(f[5]!)])).toEqual(
      leerMunicipios().map((m) => [m.codigo_dane, m.municipio, m.departamento]),
    );
    expect(filas.map((f) => [f[1], sinComillas(f[2]!), sinComillas(f[3]!)])).toEqual(
      leerMunicipiosDane().map((m) => [m.codigo_dane, m.codigo_dane === '15248' ? 'EL6aSPINO' : m.municipio, m.departamento]),
    );
    // Company 2 as it was before: two DANE names, one edited by hand, and a tercero's copy of one.
    await t.db.tenant(2, async (tx) => {
      await tx.execute(sql`update municipios set municipio = 'ENVIGADO', departamento = 'ANTIOQUIA' where codigo_dane = '05266'`);
      await tx.execute(sql`update municipios set municipio = 'EL6aSPINO', departamento = 'BOYACÁ' where codigo_dane = '15248'`);
      await tx.execute(
        sql`update municipios set municipio = 'Itagüí (Aburrá Sur)', departamento = 'ANTIOQUIA' where codigo_dane = '05360'`,
      );
      await tx.execute(
        sql`insert into terceros (nro_id, nombre, codmunicipio, municipio) values ('69001', 'Tercero de Envigado', '05266', 'ENVIGADO')`,
      );
    });
    await t.db.exec(archivo);
    // 0072 then names the departments of the rows 0069 left (an edited name kept its department).
    await t.db.exec(readFileSync(fileURLToPath(new URL('../../db/migrations/0072_departamentos.sql', import.meta.url)), 'utf8'));
    const filasEmpresa = await t.db.tenant(2, (tx) =>
      queryRows<{ codigo_dane: string; municipio: string; departamento: string }>(
        tx,
        sql`select codigo_dane, municipio, departamento from municipios where codigo_dane in ('05266', '15248', '05360') order by codigo_dane`,
      ),
    );
    expect(filasEmpresa).toEqual([
      { codigo_dane: '05266', municipio: 'Envigado', departamento: 'Antioquia' },
      { codigo_dane: '05360', municipio: 'Itagüí (Aburrá Sur)', departamento: 'Antioquia' },
      { codigo_dane: '15248', municipio: 'El Espino', departamento: 'Boyacá' },
    ]);
    const [tercero] = await t.db.tenant(2, (tx) =>
      queryRows<{ municipio: string }>(tx, sql`select municipio from terceros where nro_id = '69001'`),
    );
    expect(tercero?.municipio).toBe('Envigado');
  });

  it('seeds barrios of Medellín, Bogotá and Barranquilla, and the Colombian defaults of every list', async () => {
    const api = llamar(admin2);
    for (const [dane, barrios] of Object.entries(BARRIOS_SEMILLA)) {
      const id = lista(await api.get(`municipios?q=${dane}`)).items[0]!.id;
      const nombres = lista(await api.get(`barrios?${qs({ id_municipio: id, pageSize: 200 })}`)).items.map((b) => b.nombre);
      expect(nombres.sort()).toEqual([...barrios].sort());
    }
    for (const [key, filas] of Object.entries(LISTAS_SEMILLA)) {
      const items = lista(await api.get(`${key}?pageSize=200`)).items;
      for (const f of filas) expect(items, key).toContainEqual(expect.objectContaining({ ...f, creado_por: 'sistema' }));
    }
    const contratos = lista(await api.get('series-documentales?q=contratos')).items[0]!;
    const subseries = lista(await api.get(`subseries-documentales?${qs({ id_serie: contratos.id })}`)).items;
    expect(subseries.map((s) => s.nombre)).toEqual(SERIES_SEMILLA.find((s) => s.codigo === '02')!.subseries.map((s) => s.nombre));
    expect(subseries[0]).toMatchObject({ anios_gestion: 2, anios_central: 8, disposicion_final: 'D' });
  });

  it('is idempotent: seeding a company again adds nothing', async () => {
    const contar = () =>
      t.db.tenant(3, async (tx) => {
        const out: Record<string, number> = {};
        for (const d of RECURSOS) {
          const [r] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${tablaDe(d)}`);
          out[d.key] = r!.n;
        }
        return out;
      });
    const antes = await contar();
    await t.db.tenant(3, (tx) => sembrarEmpresa(tx));
    expect(await contar()).toEqual(antes);
    expect(antes.barrios).toBe(36);
  });
});

describe('defs, Drizzle tables and the migrated database agree', () => {
  const MIGRACIONES = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

  it('the latest generated migration is what the defs generate now (run `npm run db:maestros -- NNNN_maestros.sql`)', () => {
    const ultima = readdirSync(MIGRACIONES)
      .filter((f) => f.endsWith('_maestros.sql'))
      .sort()
      .at(-1)!;
    expect(readFileSync(`${MIGRACIONES}/${ultima}`, 'utf8')).toBe(ddlMaestros());
  });

  it('every table has exactly the Drizzle columns, with their types and nullability', async () => {
    for (const def of RECURSOS) {
      const cfg = getTableConfig(tablaDe(def));
      const enDb = await t.db.system((tx) =>
        queryRows<{ c: string; tipo: string; nulo: boolean }>(
          tx,
          sql`select a.attname as c, format_type(a.atttypid, a.atttypmod) as tipo, not a.attnotnull as nulo
              from pg_attribute a where a.attrelid = ${def.table}::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        ),
      );
      const esperado = cfg.columns.map((c) => ({
        c: c.name,
        tipo: c
          .getSQLType()
          .replace('serial', 'integer')
          .replaceAll(' ', '')
          .replace('timestampwithtimezone', 'timestamp with time zone'),
        nulo: !c.notNull,
      }));
      const normal = enDb.map((x) => ({
        ...x,
        tipo: x.tipo.replace('timestamp with time zone', 'TZ').replaceAll(' ', '').replace('TZ', 'timestamp with time zone'),
      }));
      expect(
        normal.sort((a, b) => a.c.localeCompare(b.c)),
        def.table,
      ).toEqual(esperado.sort((a, b) => a.c.localeCompare(b.c)));
    }
  });

  it('has the unique, reference and trigram indexes whose names the API maps back to fields', async () => {
    const [indices, llaves] = await t.db.system(async (tx) => [
      new Set(
        (await queryRows<{ n: string }>(tx, sql`select indexname as n from pg_indexes where schemaname = current_schema()`)).map(
          (x) => x.n,
        ),
      ),
      new Set(
        (await queryRows<{ n: string }>(tx, sql`select conname as n from pg_constraint where contype = 'f'`)).map((x) => x.n),
      ),
    ]);
    for (const def of RECURSOS) {
      for (const u of def.unique) expect(indices, def.key).toContain(nombres.unico(def, u));
      for (const f of def.fields) if (f.type === 'reference') expect(llaves, def.key).toContain(nombres.fk(def, f.key));
      if (def.trigram)
        for (const f of def.fields.filter((x) => x.search)) expect(indices).toContain(nombres.trigrama(def, f.key));
      for (const n of [...def.unique.map((u) => nombres.unico(def, u)), ...def.fields.map((f) => nombres.fk(def, f.key))])
        expect(n.length, n).toBeLessThanOrEqual(63);
    }
    expect(recurso('municipios').trigram).toBe(true);
  });
});
