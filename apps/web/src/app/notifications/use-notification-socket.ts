import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WS_SESION_TERMINADA, ZNotificacion, type Notificacion, type WsAutenticar } from '@predio/contract/notificaciones';
import { useSession } from '../../lib/session-store.ts';
import { notificacionesKeys, type Bandeja } from './api/get-notificaciones.ts';

const MAX_ITEMS = 50;
const MAX_RETRY_MS = 30_000;
/** Close codes for a refused or ended session (ours, and 1008 policy violation): retrying would not help. */
const REFUSED = new Set([1008, WS_SESION_TERMINADA]);

function parseMessage(raw: unknown): Notificacion | null {
  if (typeof raw !== 'string') return null;
  try {
    const message = JSON.parse(raw) as { tipo?: unknown; data?: unknown };
    if (message.tipo !== 'notificacion') return null;
    const parsed = ZNotificacion.safeParse(message.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Live in-app notifications over /api/ws; reconnects with backoff while the session lasts. */
export function useNotificationSocket(onNotificacion: (notificacion: Notificacion) => void): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const notify = useEffectEvent(onNotificacion);

  useEffect(() => {
    if (token === null) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}/api/ws`);
      socket = ws;
      // The token goes as the first message, never in the URL (which servers and proxies log).
      ws.onopen = () => {
        attempt = 0;
        ws.send(JSON.stringify({ tipo: 'autenticar', token } satisfies WsAutenticar));
      };
      ws.onmessage = (event: MessageEvent) => {
        const notificacion = parseMessage(event.data);
        if (notificacion === null) return;
        queryClient.setQueryData<Bandeja>(notificacionesKeys.bandeja, (bandeja) =>
          bandeja === undefined
            ? bandeja
            : {
                items: [notificacion, ...bandeja.items.filter((n) => n.id !== notificacion.id)].slice(0, MAX_ITEMS),
                noLeidas: bandeja.noLeidas + (notificacion.leida ? 0 : 1),
              },
        );
        notify(notificacion);
      };
      ws.onclose = (event: CloseEvent) => {
        if (stopped || REFUSED.has(event.code)) return;
        timer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, queryClient]);
}
