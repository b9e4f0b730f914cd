/** Live events to connected browsers, per company and user (notification drawer). */
export type HubMessage = { tipo: string; data: unknown };

/** Which sessions of a user ended: one (logout), or all but one (password change) or all (`salvo: null`). */
export type SesionesTerminadas = { jti: string } | { salvo: string | null };

export type Evento =
  { idEmpresa: number; idUsuario: number; msg: HubMessage } | { idEmpresa: number; idUsuario: number; fin: SesionesTerminadas };

/** A browser connection: the session it was opened with, how to send to it and how to close it. */
export type Suscriptor = { jti: string; enviar: (msg: HubMessage) => void; terminar: () => void };

/**
 * Carries events between API processes. Without one (PGlite: one process) delivery is local;
 * on PostgreSQL it is LISTEN/NOTIFY, so a browser connected to another process still hears it.
 */
export type Bus = {
  send(e: Evento): Promise<void>;
  subscribe(fn: (e: Evento) => void): Promise<() => Promise<void>>;
};

export class Hub {
  private readonly listeners = new Map<string, Set<Suscriptor>>();
  private stopBus: (() => Promise<void>) | null = null;

  constructor(private readonly bus: Bus | null = null) {}

  /** Starts hearing the other processes; call once before serving. */
  async start(): Promise<void> {
    if (this.bus && !this.stopBus) this.stopBus = await this.bus.subscribe((e) => this.deliver(e));
  }

  async stop(): Promise<void> {
    await this.stopBus?.();
    this.stopBus = null;
  }

  subscribe(idEmpresa: number, idUsuario: number, s: Suscriptor): () => void {
    const key = `${idEmpresa}:${idUsuario}`;
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(s);
    return () => {
      set.delete(s);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  publish(idEmpresa: number, idUsuario: number, msg: HubMessage): void {
    this.emitir({ idEmpresa, idUsuario, msg });
  }

  /** Closes the connections of sessions that ended, on every process; call once the change has committed. */
  terminarSesiones(idEmpresa: number, idUsuario: number, cuales: SesionesTerminadas): void {
    this.emitir({ idEmpresa, idUsuario, fin: cuales });
  }

  private emitir(e: Evento): void {
    // The bus echoes to this process too, so local delivery happens exactly once either way.
    if (this.bus) this.bus.send(e).catch(() => this.deliver(e));
    else this.deliver(e);
  }

  private deliver(e: Evento): void {
    for (const s of [...(this.listeners.get(`${e.idEmpresa}:${e.idUsuario}`) ?? [])]) {
      if ('msg' in e) s.enviar(e.msg);
      else if ('jti' in e.fin ? e.fin.jti === s.jti : e.fin.salvo !== s.jti) s.terminar();
    }
  }

  connections(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }
}
