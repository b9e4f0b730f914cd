/** Live events to connected browsers, per company and user (notification drawer). */
export type HubMessage = { tipo: string; data: unknown };
type Listener = (msg: HubMessage) => void;
export type Evento = { idEmpresa: number; idUsuario: number; msg: HubMessage };

/**
 * Carries events between API processes. Without one (PGlite: one process) delivery is local;
 * on PostgreSQL it is LISTEN/NOTIFY, so a browser connected to another process still hears it.
 */
export type Bus = {
  send(e: Evento): Promise<void>;
  subscribe(fn: (e: Evento) => void): Promise<() => Promise<void>>;
};

export class Hub {
  private readonly listeners = new Map<string, Set<Listener>>();
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

  subscribe(idEmpresa: number, idUsuario: number, fn: Listener): () => void {
    const key = `${idEmpresa}:${idUsuario}`;
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  publish(idEmpresa: number, idUsuario: number, msg: HubMessage): void {
    const e = { idEmpresa, idUsuario, msg };
    // The bus echoes to this process too, so local delivery happens exactly once either way.
    if (this.bus) this.bus.send(e).catch(() => this.deliver(e));
    else this.deliver(e);
  }

  private deliver(e: Evento): void {
    for (const fn of this.listeners.get(`${e.idEmpresa}:${e.idUsuario}`) ?? []) fn(e.msg);
  }

  connections(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }
}
