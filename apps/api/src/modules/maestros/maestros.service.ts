import { CODES } from '@predio/contract/codes';
import type { ListResult } from '@predio/contract/list';
import { ACTIVO_LABEL, articulo, etiquetasDe, type FieldDef, type ResourceDef } from '@predio/contract/maestros/resource';
import { RECURSOS } from '@predio/contract/maestros/resources';
import { OPCIONES_MAX, type Item, type Opcion, type Valores } from '@predio/contract/maestros/schemas';
import type { Tx } from '../../db/client.ts';
import { nombres } from '../../db/schema/maestros.ts';
import { registrarAuditoria, type Cambios, type EntradaAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import * as repo from './maestros.repo.ts';

export type Base = { tx: Tx; def: ResourceDef };
export type Escritura = Base & { user: Principal; ip: string };
type Filtros = { q?: string | undefined; sort?: string | undefined; order?: 'asc' | 'desc' | undefined } & Valores;

const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const elSingular = (def: ResourceDef) => `${articulo(def)} ${def.singular}`;
const unSingular = (def: ResourceDef) => `${def.genero === 'f' ? 'una' : 'un'} ${def.singular}`;

/** Keys that carry a row's data (audit diffs, import comparisons). */
export const clavesDatos = (def: ResourceDef) => [...def.fields.map((f) => f.key), ...(def.activo ? ['activo'] : [])];

export function cambios(def: ResourceDef, antes: Valores | null, despues: Valores | null): Cambios {
  const out: Cambios = {};
  for (const k of clavesDatos(def)) {
    const a = antes?.[k] ?? null;
    const d = despues?.[k] ?? null;
    if (a !== d) out[k] = { antes: a, despues: d };
  }
  return out;
}

export const entrada = (o: Escritura, accion: string, id: number, c: Cambios): EntradaAuditoria => ({
  idUsuario: o.user.idUsuario || null,
  usuario: o.user.usuario,
  accion,
  entidad: o.def.key,
  entidadId: String(id),
  cambios: c,
  ip: o.ip,
});

/** The list query's sort and filters as the repo takes them; without sort, the resource's default. */
export function consulta(def: ResourceDef, q: Filtros, limit: number, offset: number): repo.Consulta {
  const { q: texto, sort, order, ...filtros } = q;
  return {
    q: texto,
    filtros,
    sort: sort ?? def.defaultSort.field,
    order: order ?? (sort ? 'asc' : def.defaultSort.order),
    limit,
    offset,
  };
}

export function repetido(def: ResourceDef, regla: readonly string[]): AppError {
  const mensaje = `Ya existe ${unSingular(def)} con el mismo ${etiquetasDe(def, regla)}.`;
  return new AppError(
    CODES.CONFLICTO,
    mensaje,
    regla.map((campo) => ({ campo, mensaje })),
  );
}

const referenciaInvalida = (f: FieldDef) =>
  new AppError(CODES.VALIDACION, `El campo ${f.label} no corresponde a ningún registro disponible.`, [
    { campo: f.key, mensaje: 'no corresponde a ningún registro disponible' },
  ]);

/** Maps the database's uniqueness and reference violations to messages that name the fields. */
export async function escribiendo<T>(def: ResourceDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const pg = errorPg(e);
    if (pg?.code === PG.UNICO) {
      const regla = def.unique.find((u) => nombres.unico(def, u) === pg.constraint);
      throw regla ? repetido(def, regla) : new AppError(CODES.CONFLICTO, `Ya existe ${unSingular(def)} igual.`);
    }
    const f = pg?.code === PG.LLAVE_FORANEA ? def.fields.find((x) => nombres.fk(def, x.key) === pg.constraint) : undefined;
    if (f) throw referenciaInvalida(f);
    throw e;
  }
}

/** Tables outside the masters that point at them, by what a person calls their rows. */
const USUARIOS_EXTERNOS: Record<string, string> = {
  inmueble: 'inmuebles',
  inmueble_caracteristica: 'inmuebles',
  inmueble_estado_historial: 'historiales de estado de inmuebles',
  documento_cliente: 'documentos compartidos con clientes',
};

function enUso(def: ResourceDef, fila: Item, quienes: string[]): AppError {
  const lo = def.genero === 'f' ? 'la' : 'lo';
  const salida = def.activo
    ? ` Desactíve${lo} en su lugar (${ACTIVO_LABEL}: No): deja de ofrecerse y se conserva el historial.`
    : ' Quite primero esas referencias.';
  return new AppError(
    CODES.CONFLICTO,
    `No se puede eliminar ${elSingular(def)} «${String(fila[def.labelField])}»: ${lo} usan ${quienes.join(', ')}.${salida}`,
  );
}

async function existente(o: Base & { id: number }): Promise<Item> {
  const fila = await repo.porId(o.tx, o.def, o.id);
  if (!fila) throw noEncontrado(mayuscula(elSingular(o.def)));
  return fila;
}

export async function listar(o: Base & { query: Filtros & { page: number; pageSize: number } }): Promise<ListResult<Item>> {
  const { page, pageSize, ...resto } = o.query;
  return repo.listar(o.tx, o.def, consulta(o.def, resto, pageSize, (page - 1) * pageSize));
}

export const obtener = (o: Base & { id: number }) => existente(o);

export async function crear(o: Escritura & { body: Valores }): Promise<Item> {
  const id = await escribiendo(o.def, () => repo.insertar(o.tx, o.def, { ...o.body, creado_por: o.user.usuario }));
  const fila = await existente({ ...o, id });
  await registrarAuditoria(o.tx, entrada(o, 'crear', id, cambios(o.def, null, fila)));
  return fila;
}

export async function actualizar(o: Escritura & { id: number; body: Valores }): Promise<Item> {
  const antes = await existente(o);
  const valores = Object.fromEntries(Object.entries(o.body).filter(([, v]) => v !== undefined));
  const c = cambios(o.def, antes, { ...antes, ...valores });
  if (Object.keys(c).length === 0) return antes;
  await escribiendo(o.def, () =>
    repo.actualizar(o.tx, o.def, o.id, { ...valores, modificado_por: o.user.usuario, modificado_en: new Date() }),
  );
  const despues = await existente(o);
  await registrarAuditoria(o.tx, entrada(o, 'actualizar', o.id, c));
  return despues;
}

export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const antes = await existente(o);
  const usos = (await repo.usos(o.tx, o.def, o.id)).filter((u) => u.n > 0);
  if (usos.length > 0)
    throw enUso(
      o.def,
      antes,
      usos.map((u) => `${u.n} ${u.n === 1 ? u.def.singular : u.def.plural}`),
    );
  try {
    await repo.eliminar(o.tx, o.def, o.id);
  } catch (e) {
    // Tables outside the masters (inmuebles, agenda, ...) reference them through foreign keys.
    const pg = errorPg(e);
    if (pg?.code !== PG.LLAVE_FORANEA) throw e;
    const quien =
      RECURSOS.find((d) => d.table === pg.table)?.plural ??
      USUARIOS_EXTERNOS[pg.table ?? ''] ??
      `registros de ${(pg.table ?? 'otra tabla').replaceAll('_', ' ')}`;
    throw enUso(o.def, antes, [quien]);
  }
  await registrarAuditoria(o.tx, entrada(o, 'eliminar', o.id, cambios(o.def, antes, null)));
  return { id: o.id };
}

/** Active rows matching q and the filters; with id, that one row even if inactive (an empty list if none). */
export async function opciones(o: Base & { query: Filtros & { id?: number | undefined } }): Promise<Opcion[]> {
  const { q, id, ...filtros } = o.query;
  const filas = await repo.opciones(o.tx, o.def, { q, id, filtros, limit: OPCIONES_MAX });
  return filas.map((f) => ({ id: f.id, label: f.label, ...(f.detalle ? { detalle: f.detalle } : {}) }));
}
