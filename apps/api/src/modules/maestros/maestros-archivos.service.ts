import type { MultipartFile } from '@fastify/multipart';
import { CODES } from '@predio/contract/codes';
import { ACTIVO_LABEL, enFormulario, refLabelKey, type FieldDef, type ResourceDef } from '@predio/contract/maestros/resource';
import {
  EXPORT_MAX_FILAS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELDAS,
  IMPORT_MAX_COLUMNAS,
  IMPORT_MAX_FILAS,
  zodCrear,
  type FormatoExportacion,
  type ImportReporte,
  type Item,
  type Valores,
} from '@predio/contract/maestros/schemas';
import type { Tx } from '../../db/client.ts';
import { registrarAuditorias, type EntradaAuditoria } from '../../platform/audit.ts';
import { AppError, invalido } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { desescaparFormula, type Celda, type Limites } from '../../platform/tabular/celdas.ts';
import { leerEnHilo } from '../../platform/tabular/lectura.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import * as repo from './maestros.repo.ts';
import { cambios, consulta, entrada, escribiendo, repetido, type Base, type Escritura } from './maestros.service.ts';
import { normalTexto as normal } from '../../platform/texto.ts';

/** Accent- and case-insensitive key, like the database's lower(predio_unaccent(...)). */

type Columna = { key: string; label: string; celda: (fila: Item) => Celda };

/** The columns of an exported file, which are also the ones an import reads back. */
function columnas(def: ResourceDef): Columna[] {
  const out: Columna[] = def.fields.map((f) => ({
    key: f.key,
    label: f.label,
    celda: (fila: Item) => {
      const v = f.type === 'reference' ? fila[refLabelKey(f.key)] : fila[f.key];
      if (v === null || v === undefined) return null;
      if (f.type === 'enum') return f.options.find((o) => o.value === v)?.label ?? String(v);
      if (f.type === 'date') return new Date(`${String(v)}T00:00:00Z`);
      return typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
    },
  }));
  if (def.activo) out.push({ key: 'activo', label: ACTIVO_LABEL, celda: (fila) => fila.activo === true });
  return out;
}

export async function exportar(
  o: Base & { query: { formato: FormatoExportacion; q?: string | undefined; sort?: string | undefined } & Valores },
): Promise<Archivo> {
  const { formato, ...resto } = o.query;
  const { items, total } = await repo.listar(o.tx, o.def, consulta(o.def, resto, EXPORT_MAX_FILAS, 0));
  if (total > EXPORT_MAX_FILAS)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${EXPORT_MAX_FILAS.toLocaleString('es-CO')} filas y el filtro tiene ${total.toLocaleString('es-CO')}: filtre la lista.`,
    );
  const cols = columnas(o.def);
  const hoja = { encabezados: cols.map((c) => c.label), filas: items.map((f) => cols.map((c) => c.celda(f))) };
  return exportarHoja({ hoja, base: `${o.def.key}`, titulo: o.def.plural, formato });
}

type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };

/** What an import reads at most; ExcelJS gets to build a workbook only once the unzipped file passes. */
const LIMITES: Limites = {
  filas: IMPORT_MAX_FILAS,
  columnas: IMPORT_MAX_COLUMNAS,
  celdas: IMPORT_MAX_CELDAS,
  descomprimido: 32 * 1024 * 1024,
};
const LECTURA_MAX_SEGUNDOS = 15;
const MB = 1024 * 1024;

/** Reads the uploaded CSV or Excel before the transaction opens (see defineRoute's prepare), off the event loop. */
export async function leerArchivo(
  partes: (opts: { limits: { fileSize: number } }) => AsyncIterableIterator<Parte>,
): Promise<Celda[][]> {
  let archivo: { nombre: string; buf: Buffer } | null = null;
  try {
    for await (const part of partes({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      const buf = await part.toBuffer();
      if (part.fieldname === 'file') archivo = { nombre: part.filename, buf };
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(CODES.ARCHIVO_GRANDE, `file: el archivo supera el tamaño máximo de ${IMPORT_MAX_BYTES / MB} MB.`);
    throw e;
  }
  if (!archivo || archivo.buf.length === 0) throw invalido('file', 'adjunte un archivo CSV o Excel (.xlsx) en el campo file');
  // An .xlsx is a zip: it starts with PK.
  const formato = archivo.buf.subarray(0, 2).toString('latin1') === 'PK' ? 'xlsx' : 'csv';
  const r = await leerEnHilo(archivo.buf, formato, LIMITES, LECTURA_MAX_SEGUNDOS * 1000);
  if ('filas' in r) return r.filas;
  if ('limite' in r) throw invalido('file', `el archivo ${r.limite}`);
  if ('tiempo' in r)
    throw invalido(
      'file',
      `el archivo tardó más de ${LECTURA_MAX_SEGUNDOS} segundos en leerse; divídalo en archivos más pequeños`,
    );
  if ('memoria' in r)
    throw invalido('file', 'el archivo necesita demasiada memoria para leerse; divídalo en archivos más pequeños');
  if ('ocupado' in r)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      'file: el servidor está leyendo otros archivos; intente de nuevo en un momento.',
    );
  throw new AppError(CODES.ARCHIVO_INVALIDO, 'El archivo no es un CSV ni un Excel (.xlsx) válido.');
}

type Fila = { fila: number; valores: Valores };

const FILAS_POR_TURNO = 250;

/** Turns a cell into what the form would send: references by label or code, enums by label, Colombian numbers and dates. */
function convertir(f: FieldDef | null, v: Celda, refs: Map<string, Map<string, number[]>>): { valor?: unknown; error?: string } {
  if (typeof v === 'string') v = desescaparFormula(v.trim());
  if (v === null || v === '') return f?.type === 'boolean' || !f ? {} : { valor: null };
  if (!f) return { valor: v };
  switch (f.type) {
    case 'reference': {
      const ids = refs.get(f.key)?.get(normal(String(v))) ?? [];
      if (ids.length === 1) return { valor: ids[0] };
      return {
        error:
          ids.length === 0
            ? `El campo ${f.label} no corresponde a ningún registro: «${String(v)}»`
            : `El campo ${f.label} coincide con varios registros: «${String(v)}»; use su código`,
      };
    }
    case 'enum':
      return { valor: f.options.find((o) => normal(o.label) === normal(String(v)) || o.value === String(v))?.value ?? v };
    case 'number':
      return { valor: typeof v === 'string' && !v.includes('.') ? v.replace(',', '.') : v };
    case 'money':
      return { valor: typeof v === 'string' ? v.replace(/[$\s.]/g, '').replace(',', '.') : v };
    case 'date': {
      if (v instanceof Date) return { valor: v.toISOString().slice(0, 10) };
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(String(v));
      return { valor: m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v };
    }
    case 'text':
      return { valor: v instanceof Date ? v.toISOString().slice(0, 10) : String(v) };
    default:
      return { valor: v };
  }
}

const claveDe = (regla: readonly string[], v: Valores) =>
  regla.some((k) => v[k] === null || v[k] === undefined) ? null : regla.map((k) => normal(String(v[k]))).join('\u0000');

/** Column index → field key, matching headers by label or key without case or accents. */
function mapearColumnas(def: ResourceDef, encabezado: Celda[]): Map<number, string> {
  const porNombre = new Map<string, string>();
  for (const c of columnas(def)) {
    porNombre.set(normal(c.label), c.key);
    porNombre.set(normal(c.key), c.key);
  }
  const mapa = new Map<number, string>();
  encabezado.forEach((h, i) => {
    const key = porNombre.get(normal(String(h ?? '')));
    if (key && ![...mapa.values()].includes(key)) mapa.set(i, key);
  });
  return mapa;
}

/** For each reference column: normalised label or code of the referenced rows → their ids. */
async function indicesReferencias(tx: Tx, def: ResourceDef, leidas: string[]): Promise<Map<string, Map<string, number[]>>> {
  const refs = new Map<string, Map<string, number[]>>();
  for (const f of def.fields) {
    if (f.type !== 'reference' || !leidas.includes(f.key)) continue;
    const indice = new Map<string, number[]>();
    for (const r of await repo.claves(tx, f.ref))
      for (const v of new Set(r.valores.map(normal))) indice.set(v, [...(indice.get(v) ?? []), r.id]);
    refs.set(f.key, indice);
  }
  return refs;
}

/**
 * Upserts the rows by the resource's uniqueness rules. parcial writes the good rows and reports the bad;
 * todo writes only when no row has errors; validar writes nothing.
 */
export async function importar(
  o: Escritura & { filas: Celda[][]; modo: 'parcial' | 'todo' | 'validar' },
): Promise<ImportReporte> {
  const { def } = o;
  const [encabezado = [], ...datos] = o.filas;
  const mapa = mapearColumnas(def, encabezado);
  const leidas = [...mapa.values()];
  const faltan = def.fields.filter((f) => f.required && enFormulario(f) && !leidas.includes(f.key));
  if (faltan.length > 0)
    throw invalido('file', `faltan las columnas obligatorias ${faltan.map((f) => f.label).join(', ')} en la primera fila`);
  if (datos.length > IMPORT_MAX_FILAS) throw invalido('file', `admite máximo ${IMPORT_MAX_FILAS} filas por archivo`);

  const refs = await indicesReferencias(o.tx, def, leidas);
  const existentes = await repo.todas(o.tx, def);
  const porId = new Map(existentes.map((e) => [e.id, e]));
  const indices = def.unique.map((regla) => new Map(existentes.map((e) => [claveDe(regla, e), e.id])));
  const vistas = def.unique.map(() => new Map<string, number>());

  const schema = zodCrear(def);
  const etiqueta = (key: string) => def.fields.find((f) => f.key === key)?.label ?? (key === 'activo' ? ACTIVO_LABEL : key);
  const errores: ImportReporte['errores'] = [];
  const nuevas: Fila[] = [];
  const cambiadas: (Fila & { id: number })[] = [];
  let sinCambios = 0;

  for (const [i, celdas] of datos.entries()) {
    // 10,000 rows hold the thread some 200 ms: other requests are answered between every few hundred.
    if (i % FILAS_POR_TURNO === FILAS_POR_TURNO - 1) await new Promise((r) => setImmediate(r));
    const fila = i + 2;
    if (celdas.every((c) => c === null || String(c).trim() === '')) continue;
    const crudo: Valores = {};
    const malos = new Set<string>();
    for (const [idx, key] of mapa) {
      const r = convertir(def.fields.find((f) => f.key === key) ?? null, celdas[idx] ?? null, refs);
      if (r.error) {
        errores.push({ fila, campo: etiqueta(key), mensaje: r.error });
        malos.add(key);
      } else if ('valor' in r) crudo[key] = r.valor;
    }
    const p = schema.safeParse(crudo);
    if (!p.success) {
      for (const iss of p.error.issues) {
        const key = String(iss.path[0] ?? '');
        if (!malos.has(key)) errores.push({ fila, campo: etiqueta(key), mensaje: iss.message });
      }
    }
    if (!p.success || malos.size > 0) continue;
    const valores = p.data as Valores;
    const claves = def.unique.map((regla) => claveDe(regla, valores));
    const repetida = claves.findIndex((k, j) => k !== null && vistas[j]!.has(k));
    if (repetida >= 0) {
      const regla = def.unique[repetida]!;
      const otra = vistas[repetida]!.get(claves[repetida]!);
      errores.push({
        fila,
        campo: regla.map(etiqueta).join(', '),
        mensaje: `${repetido(def, regla).message.replace(/\.$/, '')} en la fila ${otra}`,
      });
      continue;
    }
    claves.forEach((k, j) => k !== null && vistas[j]!.set(k, fila));
    const ids = new Set(claves.flatMap((k, j) => (k === null ? [] : [indices[j]!.get(k)].filter((x) => x !== undefined))));
    if (ids.size > 1) {
      errores.push({
        fila,
        campo: def.unique.flat().map(etiqueta).join(', '),
        mensaje: 'coincide con varios registros existentes distintos',
      });
      continue;
    }
    const [id] = ids;
    if (id === undefined) {
      nuevas.push({ fila, valores });
      continue;
    }
    const antes = porId.get(id)!;
    const completos = Object.fromEntries(leidas.map((k) => [k, valores[k] === undefined ? antes[k] : valores[k]]));
    if (Object.keys(cambios(def, antes, { ...antes, ...completos })).length === 0) sinCambios++;
    else cambiadas.push({ fila, id, valores: completos });
  }

  const aplicar = o.modo === 'parcial' || (o.modo === 'todo' && errores.length === 0);
  if (aplicar) {
    await escribiendo(def, async () => {
      const insertadas = await repo.insertarVarios(
        o.tx,
        def,
        nuevas.map((n) => ({ ...n.valores, creado_por: o.user.usuario })),
      );
      await repo.actualizarVarios(o.tx, def, cambiadas, leidas, o.user.usuario);
      const auditoria: EntradaAuditoria[] = [
        ...insertadas.map((f) => entrada(o, 'importar-crear', f.id, cambios(def, null, f))),
        ...cambiadas.map((c) =>
          entrada(o, 'importar-actualizar', c.id, cambios(def, porId.get(c.id)!, { ...porId.get(c.id)!, ...c.valores })),
        ),
      ];
      await registrarAuditorias(o.tx, auditoria);
    });
  }
  errores.sort((a, b) => a.fila - b.fila);
  return { insertados: nuevas.length, actualizados: cambiadas.length, sinCambios, errores, aplicado: aplicar };
}
