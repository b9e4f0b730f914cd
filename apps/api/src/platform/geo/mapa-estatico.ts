import sharp, { type OverlayOptions } from 'sharp';
import { fetchDestino } from '../http/destinos.ts';

/**
 * A small map image around a point, for a PDF (the property's ficha): the company's tile server's tiles
 * (the same template the screens' map uses, {z}/{x}/{y}) stitched together, with a pin in the middle.
 * A tile server that does not answer in time, or answers something that is not an image, gives null:
 * the document goes out without its map rather than late or broken.
 */

export type PedidoMapa = {
  lat: number;
  lng: number;
  /** Tile template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  urlTeselas: string;
  ancho: number;
  alto: number;
  zoom?: number;
  /** Tile servers' usage policies ask the application to name itself. */
  agente: string;
  timeoutMs?: number;
};

const TESELA = 256;

/** The point's position in global pixels at a zoom (Web Mercator, as every slippy map). */
export function pixelGlobal(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = TESELA * 2 ** zoom;
  const rad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n,
  };
}

const PIN = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="40" viewBox="0 0 28 40">' +
    '<path d="M14 39 C14 39 2 23 2 14 A12 12 0 0 1 26 14 C26 23 14 39 14 39 Z" fill="#d4380d" stroke="#fff" stroke-width="2"/>' +
    '<circle cx="14" cy="14" r="5" fill="#fff"/></svg>',
);

export async function mapaEstatico(p: PedidoMapa): Promise<Buffer | null> {
  const zoom = p.zoom ?? 16;
  const centro = pixelGlobal(p.lat, p.lng, zoom);
  const x0 = centro.x - p.ancho / 2;
  const y0 = centro.y - p.alto / 2;
  const maximo = 2 ** zoom - 1;
  const teselas: { tx: number; ty: number }[] = [];
  for (let ty = Math.floor(y0 / TESELA); ty <= Math.floor((y0 + p.alto - 1) / TESELA); ty++)
    for (let tx = Math.floor(x0 / TESELA); tx <= Math.floor((x0 + p.ancho - 1) / TESELA); tx++)
      if (ty >= 0 && ty <= maximo) teselas.push({ tx, ty });
  const limite = AbortSignal.timeout(p.timeoutMs ?? 4_000);
  let imagenes: Buffer[];
  try {
    imagenes = await Promise.all(
      teselas.map(async ({ tx, ty }) => {
        const x = ((tx % (maximo + 1)) + maximo + 1) % (maximo + 1);
        const url = p.urlTeselas.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(ty));
        // The template is typed by a company's administrator: an internal address is refused.
        const r = await fetchDestino(url, { headers: { 'user-agent': p.agente, accept: 'image/png,image/*' }, signal: limite });
        if (!r.ok) throw new Error(`La tesela ${url} respondió ${r.status}`);
        // Decoded here: an HTML error page served with 200 fails now, not inside the PDF.
        return sharp(Buffer.from(await r.arrayBuffer()))
          .resize(TESELA, TESELA)
          .png()
          .toBuffer();
      }),
    );
  } catch {
    return null;
  }
  const capas: OverlayOptions[] = teselas.map(({ tx, ty }, i) => ({
    input: imagenes[i]!,
    left: Math.round(tx * TESELA - x0),
    top: Math.round(ty * TESELA - y0),
  }));
  // sharp refuses an overlay that starts outside the canvas: tiles are cut to the visible part first.
  const recortadas = await Promise.all(
    capas.map(async (c) => {
      const left = c.left!;
      const top = c.top!;
      const izq = Math.max(0, -left);
      const arr = Math.max(0, -top);
      const ancho = Math.min(TESELA - izq, p.ancho - Math.max(0, left));
      const alto = Math.min(TESELA - arr, p.alto - Math.max(0, top));
      if (ancho <= 0 || alto <= 0) return null;
      const input = await sharp(c.input as Buffer)
        .extract({ left: izq, top: arr, width: ancho, height: alto })
        .toBuffer();
      return { input, left: Math.max(0, left), top: Math.max(0, top) };
    }),
  );
  // The pin's tip on the point.
  const marcador = { input: PIN, left: Math.round(p.ancho / 2 - 14), top: Math.round(p.alto / 2 - 39) };
  return sharp({ create: { width: p.ancho, height: p.alto, channels: 3, background: '#e8e8e8' } })
    .composite([...recortadas.filter((c): c is NonNullable<typeof c> => c !== null), marcador])
    .png()
    .toBuffer();
}
