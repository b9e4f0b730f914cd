import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { DetalleCambios } from '@predio/contract/inventarios';
import { ApiError, http } from '../../lib/http.ts';

// An inventory is taken inside a flat where the signal comes and goes. Every answer and photo goes
// first into IndexedDB on the phone, then to the server; a failed send stays queued and is retried
// when the browser says it is online again (and every few seconds), so nothing typed is lost. A
// change to an item replaces the queued one of the same item (the server's PATCH sets, never adds).

const DB = 'predio-inventarios';
const STORE = 'pendientes';

export type Pendiente =
  | { clave: string; inventario: number; tipo: 'detalle'; detalle: number; cambios: DetalleCambios; creado: number }
  | { clave: string; inventario: number; tipo: 'foto'; detalle: number; archivo: Blob; nombre: string; creado: number };

let abierta: Promise<IDBDatabase> | null = null;
function abrir(): Promise<IDBDatabase> {
  abierta ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => {
      const s = r.result.createObjectStore(STORE, { keyPath: 'clave' });
      s.createIndex('inventario', 'inventario');
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB no disponible'));
  });
  return abierta;
}

function almacen<T>(modo: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return abrir().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, modo);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
      }),
  );
}

export const pendientesDe = (inventario: number) =>
  almacen<Pendiente[]>('readonly', (s) => s.index('inventario').getAll(inventario) as IDBRequest<Pendiente[]>).then((xs) =>
    xs.sort((a, b) => a.creado - b.creado),
  );

const quitar = (clave: string) => almacen('readwrite', (s) => s.delete(clave));

// Listeners of the queue's size per inventory (the badge «3 cambios sin enviar»).
const oyentes = new Set<() => void>();
const avisar = () => oyentes.forEach((f) => f());

/** Queues an item's change, merged into the one already waiting for that item. */
export async function encolarDetalle(inventario: number, detalle: number, cambios: DetalleCambios): Promise<void> {
  const clave = `d:${inventario}:${detalle}`;
  const previo = await almacen<Pendiente | undefined>('readonly', (s) => s.get(clave) as IDBRequest<Pendiente | undefined>);
  const base = previo?.tipo === 'detalle' ? previo.cambios : {};
  await almacen('readwrite', (s) =>
    s.put({
      clave,
      inventario,
      tipo: 'detalle',
      detalle,
      cambios: { ...base, ...cambios },
      creado: previo?.creado ?? Date.now(),
    }),
  );
  avisar();
}

export async function encolarFoto(inventario: number, detalle: number, archivo: Blob, nombre: string): Promise<string> {
  const clave = `f:${inventario}:${detalle}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`;
  await almacen('readwrite', (s) => s.put({ clave, inventario, tipo: 'foto', detalle, archivo, nombre, creado: Date.now() }));
  avisar();
  return clave;
}

/** A lost connection, a timeout or a server that is down: keep it for later. A 4xx: drop it and say why. */
const sinConexion = (e: unknown) => e instanceof ApiError && (!e.hasResponse || (e.status ?? 0) >= 500);

async function enviarUno(p: Pendiente): Promise<void> {
  if (p.tipo === 'detalle') {
    await http.patch(`/inventarios/${p.inventario}/detalles/${p.detalle}`, p.cambios, { silent: true, timeoutMs: 15_000 });
  } else {
    const form = new FormData();
    form.append('file', p.archivo, p.nombre);
    await http.upload(`/archivos/inventario_detalle/${p.detalle}?categoria=foto`, form, { silent: true, timeoutMs: 120_000 });
  }
}

let enviando = false;
/** Sends what is queued, oldest first; stops at the first lost connection. Answers the refused ones' messages. */
export async function enviarPendientes(
  inventario: number,
): Promise<{ enviados: number; rechazos: string[]; sinConexion: boolean }> {
  const r = { enviados: 0, rechazos: [] as string[], sinConexion: false };
  if (enviando) return r;
  enviando = true;
  try {
    for (const p of await pendientesDe(inventario)) {
      try {
        await enviarUno(p);
        r.enviados++;
      } catch (e) {
        if (sinConexion(e)) {
          r.sinConexion = true;
          break;
        }
        r.rechazos.push(e instanceof Error ? e.message.replace(/^file: /, '') : String(e));
      }
      // A change typed while this one travelled has a newer creado under the same key: keep that one.
      const ahora = await almacen<Pendiente | undefined>('readonly', (s) => s.get(p.clave) as IDBRequest<Pendiente | undefined>);
      if (
        ahora &&
        ahora.creado === p.creado &&
        (ahora.tipo !== 'detalle' || JSON.stringify(ahora.cambios) === JSON.stringify((p as typeof ahora).cambios))
      )
        await quitar(p.clave);
      avisar();
    }
  } finally {
    enviando = false;
  }
  return r;
}

function useEnLinea(): boolean {
  return useSyncExternalStore(
    (f) => {
      window.addEventListener('online', f);
      window.addEventListener('offline', f);
      return () => {
        window.removeEventListener('online', f);
        window.removeEventListener('offline', f);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * The queue of one inventory: what waits on the phone, and a sender that runs when something is queued,
 * when the connection returns and every 8 seconds while anything waits.
 */
export function useColaInventario(inventario: number, alEnviar: (r: { enviados: number; rechazos: string[] }) => void) {
  const [pendientes, setPendientes] = useState<Pendiente[]>([]);
  const [sinRed, setSinRed] = useState(false);
  const enLinea = useEnLinea();
  const alEnviarRef = useRef(alEnviar);
  useEffect(() => {
    alEnviarRef.current = alEnviar;
  });

  const leer = useCallback(() => {
    void pendientesDe(inventario).then(setPendientes);
  }, [inventario]);

  const enviar = useCallback(async () => {
    const r = await enviarPendientes(inventario);
    setSinRed(r.sinConexion);
    if (r.enviados || r.rechazos.length) alEnviarRef.current(r);
    leer();
  }, [inventario, leer]);

  useEffect(() => {
    const f = () => leer();
    oyentes.add(f);
    leer();
    return () => {
      oyentes.delete(f);
    };
  }, [leer]);

  // Back online (or first opened): send what waits, once the page has settled.
  useEffect(() => {
    if (!enLinea) return;
    const t = setTimeout(() => void enviar(), 0);
    return () => clearTimeout(t);
  }, [enLinea, enviar]);

  const hay = pendientes.length > 0;
  useEffect(() => {
    if (!hay) return;
    const t = setInterval(() => void enviar(), 8_000);
    return () => clearInterval(t);
  }, [hay, enviar]);

  return { pendientes, enLinea: enLinea && !sinRed, enviar };
}
