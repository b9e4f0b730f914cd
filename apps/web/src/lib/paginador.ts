/**
 * The total to give a pager. A search that stopped counting (`totalExacto: false`) knows only that there
 * are more than `total` matches: one more keeps «Siguiente» reachable from the last page it counted.
 * `alcanzado`: the matches the pages read so far show to exist, one more when another page follows
 * (a search that counts apart: before its count arrives, and past the count's cap). The text beside the
 * pager says «Más de …».
 */
export const totalDelPaginador = (total: number, totalExacto: boolean | undefined, alcanzado = 0) =>
  Math.max(totalExacto === false ? total + 1 : total, alcanzado);
