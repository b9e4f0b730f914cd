import { describe, expect, it } from 'vitest';
import {
  enCurso,
  errorReintentable,
  formatTamano,
  nuevoItem,
  problemaDocumento,
  problemaFoto,
  reducirCola,
  siguientePendiente,
  sinCampo,
  tipoDocumento,
  type ItemSubida,
} from './cola-subida.ts';

const MB = 1024 * 1024;

describe('reducirCola', () => {
  const a = nuevoItem('a', { name: 'sala.jpg', size: 1000 }, null);
  const b = nuevoItem('b', { name: 'virus.exe', size: 10 }, '«virus.exe» no es una imagen.');
  const c = nuevoItem('c', { name: 'cocina.jpg', size: 2000 }, null);

  it('adds files; a file refused by the browser starts in error and is never sent', () => {
    const cola = reducirCola([], { tipo: 'agregar', items: [a, b, c] });
    expect(cola.map((i) => i.estado)).toEqual(['pendiente', 'error', 'pendiente']);
    expect(siguientePendiente(cola)?.uid).toBe('a');
  });

  it('walks a file through progress, processing and done, then the next one is pending', () => {
    let cola: ItemSubida[] = [a, c];
    cola = reducirCola(cola, { tipo: 'progreso', uid: 'a', progreso: 40 });
    expect(cola[0]).toMatchObject({ estado: 'subiendo', progreso: 40 });
    cola = reducirCola(cola, { tipo: 'progreso', uid: 'a', progreso: 100 });
    expect(cola[0]!.estado).toBe('procesando');
    expect(enCurso(cola)).toBe(true);
    cola = reducirCola(cola, { tipo: 'lista', uid: 'a' });
    expect(cola[0]).toMatchObject({ estado: 'lista', progreso: 100 });
    expect(siguientePendiente(cola)?.uid).toBe('c');
    cola = reducirCola(cola, { tipo: 'error', uid: 'c', error: 'mide 200×150 px', reintentable: false });
    expect(cola[1]!.reintentable).toBe(false);
    expect(enCurso(cola)).toBe(false);
    cola = reducirCola(cola, { tipo: 'limpiarListas' });
    expect(cola.map((i) => i.uid)).toEqual(['c']);
  });

  it('retries a failed file from zero and removes one on request', () => {
    let cola = reducirCola([c], { tipo: 'error', uid: 'c', error: 'x', reintentable: true });
    cola = reducirCola(cola, { tipo: 'reintentar', uid: 'c' });
    expect(cola[0]).toMatchObject({ estado: 'pendiente', progreso: 0, error: null });
    expect(reducirCola(cola, { tipo: 'quitar', uid: 'c' })).toEqual([]);
  });
});

describe('server errors', () => {
  it('drops the field prefix and retries only what may succeed again', () => {
    expect(sinCampo('file: «a.jpg» mide 200×150 px')).toBe('«a.jpg» mide 200×150 px');
    expect(errorReintentable(415)).toBe(false);
    expect(errorReintentable(400)).toBe(false);
    expect(errorReintentable(409)).toBe(true);
    expect(errorReintentable(null)).toBe(true);
  });
});

describe('browser checks', () => {
  it('refuses non-images, SVG, empty and too large photos, naming the file', () => {
    expect(problemaFoto({ name: 'sala.jpg', size: 2 * MB, type: 'image/jpeg' })).toBeNull();
    expect(problemaFoto({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBe('«a.pdf» no es una imagen.');
    expect(problemaFoto({ name: 'd.svg', size: 10, type: 'image/svg+xml' })).toContain('SVG');
    expect(problemaFoto({ name: 'v.jpg', size: 0, type: 'image/jpeg' })).toContain('vacío');
    expect(problemaFoto({ name: 'g.jpg', size: 16 * MB, type: 'image/jpeg' })).toBe(
      '«g.jpg» pesa 16 MB; el máximo por foto es 15 MB.',
    );
  });
  it('accepts documents by extension and size', () => {
    expect(problemaDocumento({ name: 'Escritura.PDF', size: MB })).toBeNull();
    expect(problemaDocumento({ name: 'cuentas.xlsx', size: MB })).toBeNull();
    expect(problemaDocumento({ name: 'setup.exe', size: MB })).toContain('no es un tipo permitido');
    expect(problemaDocumento({ name: 'sin-extension', size: MB })).toContain('no es un tipo permitido');
    expect(problemaDocumento({ name: 'grande.pdf', size: 21 * MB })).toContain('20 MB');
  });
});

describe('formatTamano and tipoDocumento', () => {
  it('uses es-CO decimals', () => {
    expect(formatTamano(850)).toBe('850 B');
    expect(formatTamano(12.5 * 1024)).toBe('12,5 KB');
    expect(formatTamano(3.44 * MB)).toBe('3,4 MB');
  });
  it('names the kind of a document', () => {
    expect(tipoDocumento('application/pdf')).toBe('PDF');
    expect(tipoDocumento('image/png')).toBe('Imagen');
    expect(tipoDocumento('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Word');
    expect(tipoDocumento('application/vnd.ms-excel')).toBe('Excel');
  });
});
