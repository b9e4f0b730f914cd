/**
 * Turns a property's address into coordinates through a Nominatim-compatible service (GEOCODER_URL: the
 * public OpenStreetMap Nominatim, a self-hosted one, or a provider speaking its /search API). Called from
 * a job, never from a request: the service is slow, rate-limited and may be down, and the job retries.
 */

export type Coordenadas = { lat: number; lng: number };

export type Geocodificador = (direccion: string) => Promise<Coordenadas | null>;

// Colombia with San Andrés and its sea: an answer outside is another place with the same street name.
const LAT = [-4.3, 13.6] as const;
const LNG = [-82, -66.8] as const;

const enColombia = (c: Coordenadas) => c.lat >= LAT[0] && c.lat <= LAT[1] && c.lng >= LNG[0] && c.lng <= LNG[1];

/** A failure worth retrying (rate limit, the service down, no answer in time). */
export class GeocodificadorNoDisponible extends Error {}

export function nominatim(o: { url: string; agente: string; timeoutMs?: number }): Geocodificador {
  const base = o.url.replace(/\/+$/, '');
  return async (direccion) => {
    const q = new URLSearchParams({ q: direccion, format: 'jsonv2', limit: '1', countrycodes: 'co' });
    let r: Response;
    try {
      // Nominatim's usage policy asks every application to name itself.
      r = await fetch(`${base}/search?${q.toString()}`, {
        headers: { 'user-agent': o.agente, accept: 'application/json', 'accept-language': 'es' },
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new GeocodificadorNoDisponible(`El geocodificador no respondió: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (r.status === 429 || r.status >= 500)
      throw new GeocodificadorNoDisponible(`El geocodificador respondió ${r.status}; se intentará de nuevo más tarde.`);
    if (!r.ok) throw new Error(`El geocodificador rechazó la consulta (${r.status}).`);
    const cuerpo: unknown = await r.json().catch(() => null);
    if (!Array.isArray(cuerpo)) throw new Error('El geocodificador respondió algo que no es una lista de lugares.');
    const [primero] = cuerpo as { lat?: unknown; lon?: unknown }[];
    if (!primero) return null;
    const c = { lat: Number(primero.lat), lng: Number(primero.lon) };
    if (!Number.isFinite(c.lat) || !Number.isFinite(c.lng) || !enColombia(c)) return null;
    return { lat: Math.round(c.lat * 1e6) / 1e6, lng: Math.round(c.lng * 1e6) / 1e6 };
  };
}
