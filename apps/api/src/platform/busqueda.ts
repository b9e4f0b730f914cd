import { sql, type SQL } from 'drizzle-orm';

/** The words of a search box, at most `max` of them. */
export const palabras = (q: string | undefined, max = 8): string[] => (q ?? '').split(/\s+/).filter(Boolean).slice(0, max);

/**
 * One condition per word: the word, lower-cased and unaccented, appears in `texto` (a stored,
 * lower-cased and unaccented text such as terceros.texto_busqueda). strpos, not like: under row-level
 * security PostgreSQL uses neither a trigram index nor column statistics for like (see migrations 0056
 * and 0058), and strpos needs no escaping of % and _.
 */
export function contieneCadaPalabra(texto: SQL, q: string | undefined, max = 8): SQL[] {
  return palabras(q, max).map((p) => contiene(texto, p));
}

/**
 * One word (lower-cased and unaccented here) appears in `texto`, as contieneCadaPalabra matches it. The
 * word is prepared once, in a sub-select: a plan made for any word would otherwise unaccent it again on
 * every row it reads (and was costed so, so PostgreSQL kept planning the statement for each word).
 */
export const contiene = (texto: SQL, palabra: string): SQL =>
  sql`strpos(${texto}, (select lower(predio_unaccent(${palabra}::text)))) > 0`;
