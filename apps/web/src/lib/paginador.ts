/**
 * The total to give a pager. A search that stopped counting (`totalExacto: false`) knows only that there
 * are more than `total` matches: one more keeps «Siguiente» reachable from the last page it counted,
 * and the server counts on as the user pages on. The text beside it says «Más de …».
 */
export const totalDelPaginador = (total: number, totalExacto: boolean | undefined) => (totalExacto === false ? total + 1 : total);
