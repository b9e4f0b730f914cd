// When people last asked the API for something. Background work that shares the API's thread and, on
// PGlite, its one database connection (a bulk publication to a portal) paces itself while they are
// active and runs at full speed when nobody is (docs/jobs.md «Pacing»).

let ultima = Number.NEGATIVE_INFINITY;

/** A request arrived (health checks do not count: a load balancer is not a person). */
export function marcarActividad(url: string): void {
  if (!url.startsWith('/api/health')) ultima = performance.now();
}

/**
 * Whether a request arrived in the last `ventanaMs` milliseconds; with `despuesDe` (a performance.now()
 * instant), only one that arrived after it counts: a request's own work leaves itself out that way.
 */
export function hayActividad(ventanaMs = 2_000, despuesDe = Number.NEGATIVE_INFINITY): boolean {
  return ultima > despuesDe && performance.now() - ultima < ventanaMs;
}
