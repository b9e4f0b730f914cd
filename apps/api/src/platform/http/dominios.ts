import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** How often each process reads the domains again, for a change made through another process. */
const RECARGA_MS = 30_000;

/**
 * Companies' own domains (Compañía › Dominio propio): a request whose Host is one of them is routed to
 * that company's public site, `/x` as `/sitio/<empresa>/x`. Fastify's `rewriteUrl` runs before routing
 * and cannot wait for the database, so the names are kept in memory: read at start, again after a change
 * in this process (`cargar`), and every 30 s for changes made in another.
 */
export class DominiosPropios {
  private mapa = new Map<string, number>();
  private reloj: NodeJS.Timeout | undefined;
  /** Requests that came by a company's domain, with its id (the site then writes its links without /sitio/<id>). */
  private readonly porDominio = new WeakMap<IncomingMessage, number>();

  constructor(private readonly db: Database) {}

  async cargar(): Promise<void> {
    const filas = await this.db.system((tx) =>
      queryRows<{ id_empresa: number; dominio: string }>(
        tx,
        sql`select id_empresa, dominio from empresa where dominio is not null`,
      ),
    );
    this.mapa = new Map(filas.map((f) => [f.dominio, f.id_empresa]));
  }

  iniciar(): void {
    this.reloj = setInterval(() => void this.cargar().catch(() => undefined), RECARGA_MS);
    this.reloj.unref();
  }

  detener(): void {
    clearInterval(this.reloj);
  }

  /** The URL to route: the site's path for a company's domain; anything else as it came. */
  reescribir(req: IncomingMessage): string {
    const url = req.url ?? '/';
    if (this.mapa.size === 0) return url;
    const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const id = this.mapa.get(host);
    if (id === undefined) return url;
    this.porDominio.set(req, id);
    // The API (public reads, images) and the site's shared files (/sitio/estilos.css) keep their paths.
    if (/^\/(api|sitio)(\/|$)/i.test(url)) return url;
    return `/sitio/${id}${url.startsWith('/?') ? url.slice(1) : url === '/' ? '' : url}`;
  }

  /** The company whose domain this request came by, if it did. */
  empresaDe(req: IncomingMessage): number | undefined {
    return this.porDominio.get(req);
  }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    dominiosPropios: DominiosPropios;
  }
}
