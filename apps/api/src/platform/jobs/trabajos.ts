import pg from 'pg';
import { sql } from 'drizzle-orm';
import { runInBackground, type Database, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// Durable background jobs (docs/jobs.md): the `trabajo` table is the queue, as `correo_salida` is the mailer's.

/** Told by PostgreSQL to every listening process when a job due now commits. */
const CANAL = 'predio_trabajos';

export type EstadoTrabajo = 'pendiente' | 'en_curso' | 'terminado' | 'fallido';

export type NuevoTrabajo = {
  tipo: string;
  datos?: Record<string, unknown>;
  /** The owning company; omitted, the company of the transaction (none: a platform-wide job, from db.system). */
  idEmpresa?: number | null;
  /** Not before this instant. */
  ejecutarEn?: Date;
  /** Not before this many milliseconds from now (ignored when ejecutarEn is given). */
  enMs?: number;
  /** Idempotency key: while a job with this key exists in the same company, another is not written. */
  clave?: string;
};

/**
 * Writes a job in the caller's transaction: it exists only if that transaction commits. Answers its id,
 * or null when a job with the same key was already there.
 */
export async function encolar(tx: Tx, t: NuevoTrabajo): Promise<number | null> {
  const cuando = t.ejecutarEn
    ? sql`${t.ejecutarEn.toISOString()}::timestamptz`
    : sql`now() + ${t.enMs ?? 0} * interval '1 millisecond'`;
  const empresa =
    t.idEmpresa === undefined ? sql`nullif(current_setting('app.empresa', true), '')::integer` : sql`${t.idEmpresa}::integer`;
  const [fila] = await queryRows<{ id: string; ya: boolean }>(
    tx,
    sql`with nuevo as (
          insert into trabajo (id_empresa, tipo, datos, clave, ejecutar_en)
          values (${empresa}, ${t.tipo}, ${JSON.stringify(t.datos ?? {})}::jsonb, ${t.clave ?? null}, ${cuando})
          on conflict ((coalesce(id_empresa, 0)), clave) where clave is not null do nothing
          returning id, ejecutar_en <= now() as ya)
        select n.id, n.ya, (select count(*) from pg_notify(${CANAL}, '') where n.ya) as avisado from nuevo n`,
  );
  if (!fila) return null;
  if (fila.ya) despertarLocales();
  return Number(fila.id);
}

/**
 * A job of this type not yet finished (pending or running) whose data hold `datos`, the oldest; null when
 * none. For an action a person may repeat by mistake (a double click), so it answers the job already queued.
 */
export async function trabajoPendiente(tx: Tx, tipo: string, datos: Record<string, unknown>): Promise<number | null> {
  const [f] = await queryRows<{ id: string }>(
    tx,
    sql`select id from trabajo
        where tipo = ${tipo} and estado in ('pendiente', 'en_curso') and datos @> ${JSON.stringify(datos)}::jsonb
          and id_empresa is not distinct from nullif(current_setting('app.empresa', true), '')::integer
        order by id limit 1`,
  );
  return f ? Number(f.id) : null;
}

/** A failed job back to pending, its attempts counted again from zero. Answers whether there was one. */
export async function reintentar(tx: Tx, id: number, conPlataforma = false): Promise<boolean> {
  const filas = await queryRows<{ id: string }>(
    tx,
    sql`with r as (
          update trabajo set estado = 'pendiente', intentos = 0, ejecutar_en = now(), terminado_en = null
          where id = ${id} and estado = 'fallido'
            ${conPlataforma ? sql`` : sql`and id_empresa is not null`}
          returning id)
        select r.id, (select count(*) from pg_notify(${CANAL}, '')) as avisado from r`,
  );
  if (filas.length > 0) despertarLocales();
  return filas.length > 0;
}

/**
 * Thrown by a handler that was told when to try again (an HTTP 429's Retry-After): the next attempt
 * waits at least that long instead of the definition's backoff.
 */
export class ReintentarEn extends Error {
  constructor(
    message: string,
    readonly esperaMs: number,
  ) {
    super(message);
  }
}

/** What a handler gets. */
export type TrabajoEnCurso = {
  id: number;
  tipo: string;
  idEmpresa: number | null;
  datos: Record<string, unknown>;
  /** 1 the first time. */
  intento: number;
  /** Aborted when the job runs past its timeout. */
  signal: AbortSignal;
};

export type DefinicionTrabajo = {
  tipo: string;
  manejar: (t: TrabajoEnCurso) => Promise<unknown>;
  /** Past it the attempt fails (and its signal is aborted). */
  timeoutMs?: number;
  maxIntentos?: number;
  /** Wait before the second attempt; doubled for each one after (exponential backoff), at most an hour. */
  esperaMs?: number;
};

/** A recurring job: every day at hora:minuto, or every hour at :minuto, Bogotá time (UTC−5 all year, no DST). */
export type Programa = { tipo: string; datos?: Record<string, unknown> } & (
  { cada: 'dia'; hora: number; minuto?: number } | { cada: 'hora'; minuto?: number }
);

const BOGOTA_MS = -5 * 3_600_000;

/** The latest instant of the programme at or before `ahora`. */
export function ultimoTurno(p: Programa, ahora: Date): Date {
  // A Date whose UTC fields read as Bogotá's wall clock.
  const local = new Date(ahora.getTime() + BOGOTA_MS);
  const t = new Date(local);
  if (p.cada === 'dia') {
    t.setUTCHours(p.hora, p.minuto ?? 0, 0, 0);
    if (t > local) t.setUTCDate(t.getUTCDate() - 1);
  } else {
    t.setUTCMinutes(p.minuto ?? 0, 0, 0);
    if (t > local) t.setUTCHours(t.getUTCHours() - 1);
  }
  return new Date(t.getTime() - BOGOTA_MS);
}

export type Registro = { info: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

type Reclamado = {
  id: string;
  id_empresa: number | null;
  tipo: string;
  datos: Record<string, unknown>;
  intentos: number;
  max_intentos: number;
};

const TIMEOUT_MS = 5 * 60_000;
const MAX_INTENTOS = 5;
const ESPERA_MS = 30_000;
const ESPERA_MAX_MS = 3_600_000;
/** The lease outlasts the timeout by this much: a job past its timeout has failed before its lease ends. */
const MARGEN_LEASE_MS = 30_000;

const locales = new Set<Trabajos>();
/** PGlite's runners look at the queue again: their claim waits for the enqueuing transaction's commit (one connection). */
function despertarLocales(): void {
  if (locales.size === 0) return;
  setImmediate(() => {
    for (const r of locales) r.despertar();
  });
}

export type OpcionesTrabajos = {
  /** Every this often the runner looks at the queue anyway (jobs due later, other processes' jobs). */
  intervaloMs?: number;
  /** Jobs run at once by this process. */
  concurrencia?: number;
  /** PostgreSQL: listen there for jobs other processes enqueue. */
  databaseUrl?: string | null;
  registro?: Registro;
  /** For tests: a lease of this length instead of the timeout's. */
  leaseMs?: number;
  ahora?: () => Date;
};

/**
 * The runner: claims due jobs of the types it knows with FOR UPDATE SKIP LOCKED and a lease, so that
 * several processes on one PostgreSQL run each job once and a job whose process died is claimed again
 * once its lease has passed; writes each outcome (done, retry later, failed for good) guarded by the
 * attempt it claimed, so a process that outlived its lease cannot overwrite the next attempt.
 */
export class Trabajos {
  private readonly definiciones = new Map<string, DefinicionTrabajo>();
  private readonly programas: Programa[] = [];
  /** The last turn written, per programme (its index). */
  private readonly programados = new Map<number, number>();
  private readonly activos = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private corriendo: Promise<unknown> | null = null;
  private otraVuelta = false;
  private oyente: pg.Client | null = null;
  private conectando = false;
  /** Set by stop(): a round under way finishes the jobs it holds and claims no more. */
  private deteniendo = false;
  private readonly intervaloMs: number;
  private readonly concurrencia: number;
  private readonly registro: Registro;
  private readonly ahora: () => Date;

  constructor(
    private readonly db: Database,
    private readonly opciones: OpcionesTrabajos = {},
  ) {
    this.intervaloMs = opciones.intervaloMs ?? 5_000;
    this.concurrencia = opciones.concurrencia ?? 4;
    this.registro = opciones.registro ?? { info: () => undefined, error: () => undefined };
    this.ahora = opciones.ahora ?? (() => new Date());
  }

  definir(d: DefinicionTrabajo): this {
    this.definiciones.set(d.tipo, d);
    return this;
  }

  /** A recurring platform-wide job: each turn is written once (key `tipo@instant`) however many processes run. */
  programar(p: Programa): this {
    if (!this.definiciones.has(p.tipo)) throw new Error(`trabajo programado sin definir: ${p.tipo}`);
    this.programas.push(p);
    return this;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.deteniendo = false;
    this.timer = setInterval(() => {
      void this.escuchar();
      this.despertar();
    }, this.intervaloMs);
    this.timer.unref();
    // On PostgreSQL a commit wakes every process through NOTIFY; PGlite is this process only.
    if (this.db.kind === 'pglite') locales.add(this);
    await this.escuchar();
    this.despertar();
  }

  /** Stops claiming and waits for the jobs under way. */
  async stop(): Promise<void> {
    this.deteniendo = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    locales.delete(this);
    await this.oyente?.end().catch(() => undefined);
    this.oyente = null;
    await this.idle();
  }

  /** Resolves when no round is under way. */
  async idle(): Promise<void> {
    while (this.corriendo) await this.corriendo;
  }

  despertar(): void {
    if (this.corriendo) {
      this.otraVuelta = true;
      return;
    }
    // Jobs are nobody's request: on PGlite their transactions wait while a request's are waiting.
    this.corriendo = runInBackground(() => this.vuelta())
      .catch((err: unknown) => this.registro.error({ err }, 'error en la cola de trabajos'))
      .finally(() => {
        this.corriendo = null;
        if (this.otraVuelta && this.timer) {
          this.otraVuelta = false;
          this.despertar();
        }
      });
  }

  /** Writes the turns due, then runs due jobs until none is left; answers how many it ran. */
  async vuelta(): Promise<number> {
    await this.escribirTurnos();
    let ejecutados = 0;
    for (;;) {
      if (this.deteniendo) {
        await Promise.all(this.activos);
        return ejecutados;
      }
      const libres = this.concurrencia - this.activos.size;
      if (libres <= 0) {
        await Promise.race(this.activos);
        continue;
      }
      const lote = await this.reclamar(libres);
      for (const t of lote) {
        const p: Promise<void> = this.ejecutar(t)
          .catch((err: unknown) => this.registro.error({ err, trabajo: t.id }, 'error en la cola de trabajos'))
          .finally(() => this.activos.delete(p));
        this.activos.add(p);
        ejecutados++;
      }
      if (lote.length < libres) {
        if (this.activos.size === 0) return ejecutados;
        await Promise.race(this.activos);
      }
    }
  }

  /**
   * On PostgreSQL, listens for commits of jobs due now (a connection of its own). Without it, or while
   * it is down, polling goes on and jobs still run, a little later; each poll tries to listen again.
   */
  private async escuchar(): Promise<void> {
    const url = this.opciones.databaseUrl;
    if (!url || this.oyente || this.conectando || !this.timer) return;
    this.conectando = true;
    const oyente = new pg.Client({ connectionString: url });
    oyente.on('error', (err) => {
      this.registro.error({ err }, 'la cola de trabajos dejó de escuchar a PostgreSQL');
      if (this.oyente === oyente) this.oyente = null;
      void oyente.end().catch(() => undefined);
    });
    oyente.on('notification', () => this.despertar());
    try {
      await oyente.connect();
      await oyente.query(`listen ${CANAL}`);
      if (this.timer) this.oyente = oyente;
      else await oyente.end();
    } catch (err) {
      this.registro.error({ err }, 'la cola de trabajos no pudo escuchar a PostgreSQL');
      await oyente.end().catch(() => undefined);
    } finally {
      this.conectando = false;
    }
  }

  private async escribirTurnos(): Promise<void> {
    const ahora = this.ahora();
    for (const [i, p] of this.programas.entries()) {
      const turno = ultimoTurno(p, ahora);
      if (this.programados.get(i) === turno.getTime()) continue;
      // A turn missed while no process was up runs a minute after this one starts, not in its first second.
      const reciente = ahora.getTime() - turno.getTime() <= 2 * this.intervaloMs;
      await this.db.system((tx) =>
        encolar(tx, {
          tipo: p.tipo,
          idEmpresa: null,
          clave: `${p.tipo}@${turno.toISOString()}`,
          ...(p.datos ? { datos: p.datos } : {}),
          ...(reciente ? { ejecutarEn: turno } : { enMs: 60_000 }),
        }),
      );
      this.programados.set(i, turno.getTime());
    }
  }

  private leaseMs(d: DefinicionTrabajo): number {
    return this.opciones.leaseMs ?? (d.timeoutMs ?? TIMEOUT_MS) + MARGEN_LEASE_MS;
  }

  private async reclamar(n: number): Promise<Reclamado[]> {
    if (this.definiciones.size === 0) return [];
    const tipos = [...this.definiciones.keys()];
    const conf = Object.fromEntries(
      [...this.definiciones.values()].map((d) => [d.tipo, { lease: this.leaseMs(d), max: d.maxIntentos ?? MAX_INTENTOS }]),
    );
    const reclamar = (tx: Tx, cuales: ReturnType<typeof sql>, limite: number) =>
      queryRows<Reclamado>(
        tx,
        sql`update trabajo t set estado = 'en_curso', intentos = t.intentos + 1, iniciado_en = now(),
              bloqueado_hasta = now() + (${JSON.stringify(conf)}::jsonb -> t.tipo ->> 'lease')::float8 * interval '1 millisecond',
              max_intentos = (${JSON.stringify(conf)}::jsonb -> t.tipo ->> 'max')::integer
            where t.id in (
              select id from trabajo where tipo = any(${sql.param(tipos)}::text[]) and ${cuales}
              order by ejecutar_en, id limit ${limite} for update skip locked)
            returning t.id, t.id_empresa, t.tipo, t.datos, t.intentos, t.max_intentos`,
      );
    // Two claims, each an index scan that stops at its limit: leases that ran out (a process died; few),
    // then the due jobs in order. One query with both conditions ORed read and sorted every due job.
    return this.db.system(async (tx) => {
      const vencidos = await reclamar(tx, sql`estado = 'en_curso' and bloqueado_hasta <= now()`, n);
      if (vencidos.length >= n) return vencidos;
      const debidos = await reclamar(tx, sql`estado = 'pendiente' and ejecutar_en <= now()`, n - vencidos.length);
      return [...vencidos, ...debidos];
    });
  }

  private async ejecutar(t: Reclamado): Promise<void> {
    const d = this.definiciones.get(t.tipo)!;
    const id = Number(t.id);
    if (t.intentos > t.max_intentos) {
      // Its last attempt's process died: claimed again only to be marked.
      await this.fallo(t, 'El proceso que lo ejecutaba se detuvo en el último intento.');
      return;
    }
    const timeoutMs = d.timeoutMs ?? TIMEOUT_MS;
    const control = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const limite = new Promise<never>((_, mal) => {
      timer = setTimeout(() => {
        // Rejected first: a handler that gives up on the abort must not count as done.
        mal(
          new Error(`Superó el tiempo máximo de ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}.`),
        );
        control.abort();
      }, timeoutMs);
    });
    try {
      const resultado = await Promise.race([
        d.manejar({ id, tipo: t.tipo, idEmpresa: t.id_empresa, datos: t.datos, intento: t.intentos, signal: control.signal }),
        limite,
      ]);
      await this.db.system((tx) =>
        tx.execute(sql`update trabajo set estado = 'terminado', terminado_en = now(), bloqueado_hasta = null,
                         ultimo_error = null, resultado = ${resultado === undefined ? null : JSON.stringify(resultado)}::jsonb
                       where id = ${id} and intentos = ${t.intentos} and estado = 'en_curso'`),
      );
      if (resultado !== undefined) this.registro.info({ trabajo: id, resultado }, t.tipo);
    } catch (err) {
      this.registro.error({ err, trabajo: id }, `${t.tipo} falló (intento ${t.intentos} de ${t.max_intentos})`);
      const pedida = err instanceof ReintentarEn ? err.esperaMs : undefined;
      await this.fallo(t, err instanceof Error ? err.message : String(err), pedida).catch((e: unknown) =>
        this.registro.error({ err: e, trabajo: id }, 'no se pudo guardar el fallo de un trabajo'),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private async fallo(t: Reclamado, mensaje: string, pedida?: number): Promise<void> {
    const d = this.definiciones.get(t.tipo)!;
    const backoff = Math.min((d.esperaMs ?? ESPERA_MS) * 2 ** (t.intentos - 1), ESPERA_MAX_MS);
    const espera = pedida === undefined ? backoff : Math.min(Math.max(pedida, 0), ESPERA_MAX_MS);
    const ultimo = t.intentos >= t.max_intentos;
    await this.db.system((tx) =>
      tx.execute(sql`update trabajo set
                       estado = ${ultimo ? 'fallido' : 'pendiente'}, ultimo_error = ${mensaje.slice(0, 2000)},
                       bloqueado_hasta = null, terminado_en = ${ultimo ? sql`now()` : sql`null`},
                       ejecutar_en = now() + ${espera} * interval '1 millisecond'
                     where id = ${Number(t.id)} and intentos = ${t.intentos} and estado = 'en_curso'`),
    );
  }
}
