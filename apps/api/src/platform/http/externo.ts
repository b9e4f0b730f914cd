// One HTTP call to an outside service (SMS providers, portals): a time limit, the body read as text and
// as JSON when it is JSON. Each caller turns the answer or the failure into its own Spanish error.

export type RespuestaExterna = {
  ok: boolean;
  status: number;
  headers: Headers;
  texto: string;
  json: Record<string, unknown> | null;
};

/** No answer came: the time limit (or the caller's signal) ran out, or the connection failed. */
export class SinRespuesta extends Error {
  constructor(
    readonly porTiempo: boolean,
    message: string,
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
  let r: Response;
  try {
    r = await fetch(url, { ...init, signal: senal });
  } catch (e) {
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
