import { z } from 'zod';
import { enteroQuery as entero } from './campos.ts';
import './validation.ts';

// One list contract for every list endpoint (CONVENTIONS "Shape"): page, pageSize, sort, order, q
// and flat filters in the query string, so a list URL can be shared and reloaded.

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;
export const LIST_PARAMS = ['page', 'pageSize', 'sort', 'order', 'q'] as const;

export const ZListQuery = z.object({
  page: entero('page', 1, 1_000_000).default(1),
  pageSize: entero('pageSize', 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Without sort and order, the resource's default sort applies. */
  order: z.enum(['asc', 'desc'], { error: "order debe ser 'asc' o 'desc'" }).optional(),
  q: z
    .string()
    .trim()
    .max(200, { error: 'la búsqueda admite máximo 200 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export type ListQuery = z.output<typeof ZListQuery> & { sort?: string | undefined };

export const zSort = (campos: readonly string[]) =>
  campos.length > 0
    ? z.enum(campos as [string, ...string[]], { error: `sort debe ser uno de: ${campos.join(', ')}` }).optional()
    : z.undefined();

/** The list query of one resource: its sortable fields and its filters (each optional). */
export function zListQuery(o: { sort: readonly string[]; filters: Record<string, z.ZodType> }) {
  // The shape is built at run time: state the fixed keys' types for the callers.
  return ZListQuery.extend({ sort: zSort(o.sort), ...o.filters }) as unknown as z.ZodType<ListQuery & Record<string, unknown>>;
}

export type ListResult<T> = { items: T[]; total: number };

/**
 * Searches over many rows (properties, terceros) count their matches only up to here, or to the end of
 * the asked page when it lies further; past that the screen says «Más de 1.000 …».
 */
export const TOPE_CONTEO = 1000;
/** Where a capped count stops for a page at `offset` of `limit` rows. */
export const topeDeConteo = (offset: number, limit: number) => Math.max(TOPE_CONTEO, offset + limit);

/** A page whose count may have stopped: `totalExacto: false` (present only then) means more than `total`. */
export type ListaAcotada<T> = ListResult<T> & { totalExacto?: false };
export const listaAcotada = <T>(items: T[], total: number, totalExacto: boolean): ListaAcotada<T> =>
  totalExacto ? { items, total } : { items, total, totalExacto: false };

/**
 * A page read without counting its matches (the property search): `hayMas` says whether another page
 * follows. Its capped count is asked apart, once per filter (GET …/conteo): paging, sorting or switching
 * the view does not count again, and the page the user waits for costs half as much.
 */
export type PaginaSinConteo<T> = { items: T[]; hayMas: boolean };
/** A count on its own, stopped at TOPE_CONTEO: `totalExacto: false` (present only then) means more than `total`. */
export type Conteo = { total: number; totalExacto?: false };
/** `n`: the matches counted up to TOPE_CONTEO + 1. */
export const conteoAcotado = (n: number): Conteo => (n > TOPE_CONTEO ? { total: TOPE_CONTEO, totalExacto: false } : { total: n });

export const zListResult = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
/** The schema of a ListaAcotada: a page whose count may have stopped at TOPE_CONTEO. */
export const zListaAcotada = <T extends z.ZodType>(item: T) =>
  zListResult(item).extend({ totalExacto: z.literal(false).optional() });
/** The schema of a PaginaSinConteo. */
export const zPaginaSinConteo = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), hayMas: z.boolean() });
export const ZConteo = z.object({ total: z.number().int(), totalExacto: z.literal(false).optional() });
