import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../lib/http.ts';
import {
  enCurso,
  errorReintentable,
  nuevoItem,
  reducirCola,
  siguientePendiente,
  sinCampo,
  type ItemSubida,
} from './cola-subida.ts';

type Opciones = {
  /** Sends one file, reporting the percentage of bytes sent. */
  subir: (archivo: File, alProgreso: (porcentaje: number) => void) => Promise<unknown>;
  /** The browser's own check; a message keeps the file out of the queue's sending. */
  validar: (archivo: File) => string | null;
  /** After each file the server accepted (to refresh the list). */
  alSubir?: () => void;
};

const LISTAS_VISIBLES_MS = 4000;
let contador = 0;

/** Uploads files one after another (the server resizes each), with per-file progress, retry and removal. */
export function useColaSubida(opciones: Opciones) {
  const [items, despachar] = useReducer(reducirCola, [] as ItemSubida[]);
  const archivos = useRef(new Map<string, File>());
  const ocupado = useRef(false);
  const actuales = useRef(opciones);
  useEffect(() => {
    actuales.current = opciones;
  });

  useEffect(() => {
    if (ocupado.current) return;
    const sig = siguientePendiente(items);
    const archivo = sig ? archivos.current.get(sig.uid) : undefined;
    if (!sig || !archivo) return;
    ocupado.current = true;
    const uid = sig.uid;
    despachar({ tipo: 'progreso', uid, progreso: 0 });
    actuales.current
      .subir(archivo, (progreso) => despachar({ tipo: 'progreso', uid, progreso }))
      .then(
        () => {
          ocupado.current = false;
          archivos.current.delete(uid);
          despachar({ tipo: 'lista', uid });
          actuales.current.alSubir?.();
        },
        (e: unknown) => {
          ocupado.current = false;
          despachar({
            tipo: 'error',
            uid,
            error: sinCampo(e instanceof Error ? e.message : String(e)),
            reintentable: errorReintentable(e instanceof ApiError ? e.status : null),
          });
        },
      );
  }, [items]);

  // Finished files leave the list a moment after the queue goes idle.
  const hayListas = items.some((i) => i.estado === 'lista');
  const ocupada = enCurso(items);
  useEffect(() => {
    if (!hayListas || ocupada) return;
    const t = setTimeout(() => despachar({ tipo: 'limpiarListas' }), LISTAS_VISIBLES_MS);
    return () => clearTimeout(t);
  }, [hayListas, ocupada]);

  const agregar = useCallback((nuevos: File[]) => {
    const agregados = nuevos.map((f) => {
      const uid = `subida-${++contador}`;
      const problema = actuales.current.validar(f);
      if (problema === null) archivos.current.set(uid, f);
      return nuevoItem(uid, f, problema);
    });
    despachar({ tipo: 'agregar', items: agregados });
  }, []);
  const reintentar = useCallback((uid: string) => {
    if (archivos.current.has(uid)) despachar({ tipo: 'reintentar', uid });
  }, []);
  const quitar = useCallback((uid: string) => {
    archivos.current.delete(uid);
    despachar({ tipo: 'quitar', uid });
  }, []);

  return { items, ocupada, agregar, reintentar, quitar };
}
