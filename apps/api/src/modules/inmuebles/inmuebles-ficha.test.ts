import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DatosFicha } from './inmuebles-archivos.repo.ts';
import { generarFicha } from './inmuebles-ficha.ts';

const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));

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
