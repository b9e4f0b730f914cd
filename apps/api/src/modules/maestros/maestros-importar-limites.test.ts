import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILAS } from '@predio/contract/maestros/schemas';
import { leerEnHilo } from '../../platform/tabular/lectura.ts';
import { SIN_LIMITES } from '../../platform/tabular/celdas.ts';
import { createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

// Imports are bounded (size, rows, columns, cells, unzipped bytes, time) and read off the event loop:
// files made to be slow were refused only after freezing every company's requests for seconds to minutes.

let t: TestApp;
let base: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin1);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The reading thread starts with the first file (from the sources, through tsx): not what is measured.
  const r = await importar('barrios', 'uno.csv', Buffer.from('Nombre;Municipio\nCalentamiento;Medellín\n'), 'validar');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(() => t.close());

type Cuerpo = { code: number; message: string; data: { insertados: number; errores: unknown[] } };

async function importar(recurso: string, nombre: string, data: Buffer, modo = 'parcial') {
  const m = multipart({ filename: nombre, contentType: 'application/octet-stream', data });
  const inicio = performance.now();
  const res = await fetch(`${base}/api/maestros/${recurso}/importar?modo=${modo}`, {
    method: 'POST',
    headers: { ...m.headers, authorization: `Bearer ${admin}` },
    body: m.payload,
  });
  const body = (await res.json()) as Cuerpo;
  return { status: res.status, body, ms: performance.now() - inicio };
}

async function xlsx(llenar: (hoja: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  llenar(libro.addWorksheet('Hoja1'));
  return Buffer.from(await libro.xlsx.writeBuffer());
}

// Asks /api/health every 10 ms from a thread of its own: the server runs on this test's thread, so a
// poller here would stop with it and never see it frozen.
const SONDEO = `
const { parentPort, workerData } = require('node:worker_threads');
let seguir = true;
let peorMs = 0;
let consultas = 0;
parentPort.on('message', () => { seguir = false; });
(async () => {
  // The thread's first request loads the HTTP client: not the server's time.
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage('listo');
  while (seguir) {
    const inicio = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('health ' + res.status);
    peorMs = Math.max(peorMs, performance.now() - inicio);
    consultas++;
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ peorMs, consultas });
})();`;

/** Runs `trabajo` while another thread polls /api/health; returns its result and the slowest answer. */
async function midiendoSalud<T>(trabajo: () => Promise<T>): Promise<{ r: T; peorMs: number; consultas: number }> {
  const sondeo = new Worker(SONDEO, { eval: true, workerData: { url: `${base}/api/health` } });
  const siguiente = () =>
    new Promise<unknown>((resolve, reject) => {
      sondeo.once('message', resolve);
      sondeo.once('error', reject);
    });
  expect(await siguiente()).toBe('listo');
  try {
    const r = await trabajo();
    const fin = siguiente();
    sondeo.postMessage('parar');
    const { peorMs, consultas } = (await fin) as { peorMs: number; consultas: number };
    return { r, peorMs, consultas };
  } finally {
    await sondeo.terminate();
  }
}

describe('files made to freeze the server are refused quickly, and the server keeps answering', () => {
  it.each([
    [
      'an .xlsx of 50 rows with one cell in column XFD',
      'xfd.xlsx',
      () =>
        xlsx((h) => {
          for (let i = 1; i <= 50; i++) h.getCell(i, 16384).value = 'x';
        }),
      400,
      /^file: el archivo tiene datos en la celda XFD1 \(columna 16\.384\); admite máximo 50 columnas$/,
    ],
    [
      'an .xlsx of 100,000 one-cell rows',
      'cien-mil.xlsx',
      () =>
        xlsx((h) => {
          for (let i = 1; i <= 100_000; i++) h.getCell(i, 1).value = i;
        }),
      400,
      /^file: el archivo tiene más de 10\.000 filas de datos; admite máximo 10\.000 por archivo$/,
    ],
    [
      'a 5 MB CSV of line breaks',
      'saltos.csv',
      async () => Buffer.alloc(5 * 1024 * 1024, '\n'),
      400,
      /^file: el archivo tiene más de 10\.000 filas de datos/,
    ],
    [
      'a CSV of 60 columns',
      'ancho.csv',
      async () => Buffer.from(`${Array.from({ length: 60 }, (_, i) => `c${i}`).join(';')}\n`),
      400,
      /^file: el archivo tiene datos en la columna 51 de la fila 1; admite máximo 50 columnas$/,
    ],
    [
      'a CSV of 10,000 rows of 25 cells',
      'celdas.csv',
      async () => Buffer.from(`${'x;'.repeat(24)}x\n`.repeat(10_000)),
      400,
      /^file: el archivo tiene más de 200\.000 celdas; admite máximo 200\.000 por archivo$/,
    ],
    [
      'a 9 MB file',
      'grande.csv',
      async () => Buffer.alloc(9 * 1024 * 1024, 'x'),
      413,
      /^file: el archivo supera el tamaño máximo de 8 MB\.$/,
    ],
    [
      'an .xlsx that unzips to 80 MB',
      'bomba.xlsx',
      async () => {
        const zip = await JSZip.loadAsync(await xlsx((h) => void (h.getCell(1, 1).value = 'Nombre')));
        // A Buffer rather than a string: out of the heap, so its garbage does not pause the server's thread.
        const hoja = Buffer.alloc(80 * 1024 * 1024, ' ');
        hoja.write('<?xml version="1.0"?><worksheet>');
        hoja.write('</worksheet>', hoja.length - 12);
        zip.file('xl/worksheets/sheet1.xml', hoja);
        return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
      },
      400,
      /^file: el archivo descomprimido ocupa más de 64 MB; admite máximo 64 MB$/,
    ],
  ])('%s', async (_, nombre, archivo, status, mensaje) => {
    const datos = await archivo();
    const { r, peorMs } = await midiendoSalud(() => importar('sectores', nombre, datos));
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.message).toMatch(mensaje);
    expect(r.ms).toBeLessThan(3000);
    expect(peorMs).toBeLessThan(200);
  });

  it('imports the largest file allowed (10,000 rows) while /api/health answers within 200 ms', async () => {
    const filas = Array.from({ length: IMPORT_MAX_FILAS }, (_, i) => `Barrio de carga ${i + 1};Medellín;${(i % 6) + 1}`);
    const archivo = await xlsx((h) => {
      h.addRow(['Nombre', 'Municipio', 'Estrato']);
      for (const f of filas) h.addRow(f.split(';').map((v, i) => (i === 2 ? Number(v) : v)));
    });
    const { r, peorMs, consultas } = await midiendoSalud(() => importar('barrios', 'barrios.xlsx', archivo));
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body.data).toMatchObject({ insertados: IMPORT_MAX_FILAS, errores: [] });
    expect(consultas).toBeGreaterThan(10);
    expect(peorMs).toBeLessThan(200);
  });
});

describe('the reading thread', () => {
  it('stops a file that takes longer than its time, and reads the next one', async () => {
    const archivo = await xlsx((h) => {
      for (let i = 1; i <= 5000; i++) h.addRow([`fila ${i}`, i]);
    });
    expect(await leerEnHilo(archivo, 'xlsx', SIN_LIMITES, 20)).toEqual({ tiempo: true });
    expect(await leerEnHilo(Buffer.from('a;b\n1;2\n'), 'csv', SIN_LIMITES, 10_000)).toEqual({
      filas: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('refuses a file when four are already waiting, and reads the others', async () => {
    const archivo = Buffer.from('a;b\n'.repeat(5000));
    const r = await Promise.all(Array.from({ length: 6 }, () => leerEnHilo(archivo, 'csv', SIN_LIMITES, 10_000)));
    expect(r.filter((x) => 'ocupado' in x)).toHaveLength(1);
    expect(r.filter((x) => 'filas' in x && x.filas.length === 5000)).toHaveLength(5);
  });
});
