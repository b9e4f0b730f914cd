/** Live events to connected browsers, per company and user (notification drawer). */
export type HubMessage = { tipo: string; data: unknown };
type Listener = (msg: HubMessage) => void;

export class Hub {
  private readonly listeners = new Map<string, Set<Listener>>();

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
    for (const fn of this.listeners.get(`${idEmpresa}:${idUsuario}`) ?? []) fn(msg);
  }

  connections(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }
}
