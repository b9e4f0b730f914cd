import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DatosFicha } from './inmuebles-archivos.repo.ts';
import { generarFicha } from './inmuebles-ficha.service.ts';

const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const pdftoppm = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].find((p) => existsSync(p));

/** The first page as a phone camera would see it: rendered at 110 dpi, then read by a QR decoder. */
async function leerQr(pdf: Buffer): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'ficha-qr-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    execFileSync(pdftoppm!, ['-r', '110', '-png', '-f', '1', '-l', '1', '-singlefile', join(dir, 'f.pdf'), join(dir, 'p')]);
    const { data, info } = await sharp(readFileSync(join(dir, 'p.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const datos: DatosFicha = {
  consecutivo: 41,
  tipo: 'apartamento',
  gestion: 'arriendo',
  estado: 'disponible',
  direccion: 'Carrera 76 # 35-20',
  municipio: 'Medellín',
  departamento: 'Antioquia',
  barrio: 'Laureles',
  estrato: 4,
  area_construida: '80',
  area_privada: null,
  area_lote: null,
  habitaciones: 3,
  banos: 2,
  parqueaderos: 1,
  piso: 5,
  ascensor: true,
  anio_construccion: 2015,
  canon: '2500000',
  precio_venta: null,
  administracion: null,
  descripcion: '',
  caracteristicas: [],
  asesor_nombre: null,
  asesor_celular: null,
  asesor_email: null,
  lat: 6.2442,
  lng: -75.5812,
};

describe('the ficha’s small map (issue 24 §8)', () => {
  it.skipIf(!pdftotext)('draws «Ubicación» with the map and the tiles’ credit, and leaves it out without one', async () => {
    const png = await sharp({ create: { width: 1064, height: 360, channels: 3, background: '#30c060' } })
      .png()
      .toBuffer();
    const base = { datos, empresa: null, logo: null, portada: null, miniaturas: [], ahora: new Date('2026-11-27T12:00:00Z') };
    const con = await generarFicha({ ...base, mapa: { png, atribucion: '© colaboradores de OpenStreetMap' } });
    const texto = execFileSync(pdftotext!, ['-', '-'], { input: con }).toString('utf8');
    expect(texto).toContain('Ubicación');
    expect(texto).toContain('Ubicación aproximada · © colaboradores de OpenStreetMap');
    expect(con.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);

    const sin = await generarFicha({ ...base, mapa: null });
    expect(execFileSync(pdftotext!, ['-', '-'], { input: sin }).toString('utf8')).not.toContain('Ubicación aproximada');
    expect(sin.toString('latin1').match(/\/Subtype \/Image/g)).toBeNull();
  });
});

describe('the ficha’s QR code to the website (issue 24 §8)', () => {
  it.skipIf(!pdftotext || !pdftoppm)(
    'prints a QR code a phone reads as the property’s page, and none without a page',
    async () => {
      const url = 'https://inmobiliaria.example.co/sitio/1/inmuebles/41';
      const base = { datos, empresa: null, logo: null, portada: null, miniaturas: [], ahora: new Date('2026-11-27T12:00:00Z') };
      const con = await generarFicha({ ...base, urlSitio: url });
      expect(await leerQr(con)).toBe(url);
      const texto = execFileSync(pdftotext!, ['-', '-'], { input: con }).toString('utf8');
      expect(texto).toContain('Véalo en línea');
      expect(texto).toContain(url);
      // The address is a link too, for whoever reads the PDF on a screen.
      expect(con.toString('latin1')).toContain(`/URI (${url})`);

      const sin = await generarFicha({ ...base, urlSitio: null });
      expect(await leerQr(sin)).toBeNull();
      expect(execFileSync(pdftotext!, ['-', '-'], { input: sin }).toString('utf8')).not.toContain('Véalo en línea');
    },
  );
});
