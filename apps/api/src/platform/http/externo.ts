import { destinoInternoEn, fetchDestino } from './destinos.ts';

// One HTTP call to an outside service (SMS providers, portals): a time limit, the body read as text and
// as JSON when it is JSON. Each caller turns the answer or the failure into its own Spanish error. The
// address is one a company typed, so an internal one is refused (platform/http/destinos.ts).

export type RespuestaExterna = {
  ok: boolean;
  status: number;
  headers: { get(nombre: string): string | null };
  texto: string;
  json: Record<string, unknown> | null;
};

/**
 * No answer came: the time limit (or the caller's signal) ran out, the connection failed, or the
 * address is on the server's own network (`destinoInterno`: trying again will not help).
 */
export class SinRespuesta extends Error {
  constructor(
    readonly porTiempo: boolean,
    message: string,
    readonly destinoInterno = false,
  ) {
    super(message);
  }
}

export async function llamarExterno(
  url: string,
  init: RequestInit,
  o: { signal?: AbortSignal | undefined; tiempoMs: number },
): Promise<RespuestaExterna> {
  const limite = AbortSignal.timeout(o.tiempoMs);
  const senal = o.signal ? AbortSignal.any([o.signal, limite]) : limite;
  let r: Awaited<ReturnType<typeof fetchDestino>>;
  try {
    r = await fetchDestino(url, { ...(init as object), signal: senal });
  } catch (e) {
    const interno = destinoInternoEn(e);
    if (interno) throw new SinRespuesta(false, interno.message, true);
    if (senal.aborted) throw new SinRespuesta(true, 'sin respuesta a tiempo');
    throw new SinRespuesta(false, e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e));
  }
  const texto = await r.text().catch(() => '');
  let json: Record<string, unknown> | null = null;
  try {
    json = texto ? (JSON.parse(texto) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { ok: r.ok, status: r.status, headers: r.headers, texto, json };
}
