import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { permitirDestinosInternos } from '../http/destinos.ts';
import { mapaEstatico, pixelGlobal } from './mapa-estatico.ts';

// A tile server on 127.0.0.1 speaking the {z}/{x}/{y}.png contract: each tile is a flat colour from its
// x, so the test can tell which tile landed where; /lento never answers; /html answers a page.
let servidor: Server;
let base: string;
const pedidas: string[] = [];

beforeAll(async () => {
  // The fake tile server is on this machine, an internal address the guard refuses otherwise.
  permitirDestinosInternos(true);
  servidor = createServer((req, res) => {
    pedidas.push(`${req.url} ${req.headers['user-agent']}`);
    const m = /^\/teselas\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (req.url?.startsWith('/lento/')) return; // never answers
    if (req.url?.startsWith('/html/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html>Servicio no disponible</html>');
      return;
    }
    if (!m) return void res.writeHead(404).end();
    const x = Number(m[2]);
    void sharp({ create: { width: 256, height: 256, channels: 3, background: x % 2 ? '#3060c0' : '#30c060' } })
      .png()
      .toBuffer()
      .then((b) => res.writeHead(200, { 'content-type': 'image/png' }).end(b));
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => servidor.close(() => r())));

const medellin = { lat: 6.2442, lng: -75.5812 };

describe('mapa estático', () => {
  it('places the point at the global pixel Web Mercator gives', () => {
    expect(pixelGlobal(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const p = pixelGlobal(medellin.lat, medellin.lng, 16);
    expect(Math.floor(p.x / 256)).toBe(19_008); // the OSM tile of central Medellín at z16 (slippy-map formula)
    expect(Math.floor(p.y / 256)).toBe(31_629);
  });

  it('stitches the tiles around the point into an image of the asked size, with the pin in the middle', async () => {
    const png = await mapaEstatico({
      ...medellin,
      urlTeselas: `${base}/teselas/{z}/{x}/{y}.png`,
      ancho: 520,
      alto: 200,
      agente: 'Predio (prueba)',
    });
    expect(png).not.toBeNull();
    const { data, info } = await sharp(png!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([520, 200]);
    const color = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // The pin's head (red) just above the point; a corner is a tile's colour, not the grey background.
    expect(color(260, 200 / 2 - 33)).toEqual([0xd4, 0x38, 0x0d]);
    expect([
      [0x30, 0x60, 0xc0],
      [0x30, 0xc0, 0x60],
    ]).toContainEqual(color(2, 2));
    expect(pedidas.some((p) => p.startsWith('/teselas/16/19008/31629.png Predio (prueba)'))).toBe(true);
  });

  it('gives null, in time, when the tile server is silent, down or answers a page', async () => {
    const t0 = Date.now();
    const comun = { ...medellin, ancho: 300, alto: 150, agente: 'Predio (prueba)', timeoutMs: 500 };
    expect(await mapaEstatico({ ...comun, urlTeselas: `${base}/lento/{z}/{x}/{y}.png` })).toBeNull();
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(await mapaEstatico({ ...comun, urlTeselas: `${base}/html/{z}/{x}/{y}.png` })).toBeNull();
    expect(await mapaEstatico({ ...comun, urlTeselas: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })).toBeNull();
  });
});
