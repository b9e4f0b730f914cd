import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { Radicado } from '@predio/contract/gestion-documental';
import { queryRows } from '../../db/rows.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let soloBuscar: string;
let sinIdm: string;
let area: number;
const RAD = '/api/gestion-documental/radicados';
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const pdftoppm = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].find((p) => existsSync(p));

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const texto = (pdf: Buffer) => execFileSync(pdftotext!, ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** The label as a reader would scan it: rendered at 300 dpi, then read by a QR decoder. */
async function leerQr(pdf: Buffer): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'etiqueta-qr-'));
  try {
    writeFileSync(join(dir, 'e.pdf'), pdf);
    execFileSync(pdftoppm!, ['-r', '300', '-png', '-singlefile', join(dir, 'e.pdf'), join(dir, 'p')]);
    const { data, info } = await sharp(readFileSync(join(dir, 'p.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdbusca', nroId: '81001', permisos: '10581' });
  soloBuscar = await login(t.app, { idEmpresa: 1, usuario: 'gdbusca', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdnada', nroId: '81002', permisos: '489' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'gdnada', clave: 'demo1234' });
  area = (await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from areas_empresa where codigo = '500'`)))[0]!
    .id;
});
afterAll(async () => {
  await t?.close();
});

describe('the radicado’s printable label (GET /radicados/:id/etiqueta)', () => {
  it.skipIf(!pdftotext || !pdftoppm)(
    'is a 4×2 in PDF with the number, date, área, short asunto, folios and a QR of the number',
    async () => {
      const asunto =
        'Derecho de petición sobre la devolución del depósito del apartamento 302 y los intereses causados desde la entrega del inmueble';
      const r = ok(await as(t.app, admin1).post(RAD, { tipo: 'entrada', fecha: '2026-11-20', asunto, id_area: area, folios: 4 }));
      const res = await as(t.app, soloBuscar).get(`${RAD}/${r.id}/etiqueta`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="etiqueta-${r.radicado}.pdf"`);
      const pdf = res.rawPayload;
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 144 });
      const t1 = texto(pdf);
      expect(t1).toContain('Inmobiliaria Demo S.A.S.');
      expect(t1).toContain('RADICADO DE ENTRADA');
      expect(t1).toContain(r.radicado);
      expect(t1).toMatch(/Fecha: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(t1).toContain('Área: 500 · Jurídica');
      expect(t1).toContain('Folios: 4');
      expect(t1).toContain('Asunto: Derecho de petición sobre la devolución');
      expect(t1).not.toContain('entrega del inmueble');
      expect(await leerQr(pdf)).toBe(r.radicado);
    },
  );

  it('answers 403 without idm 10579 or 10581, 404 for another company, 400 naming a bad id', async () => {
    const r = ok(await as(t.app, admin1).post(RAD, { tipo: 'interna', fecha: '2026-11-20', asunto: 'Memorando', id_area: area }));
    error(await as(t.app, sinIdm).get(`${RAD}/${r.id}/etiqueta`), 403);
    error(await as(t.app, admin2).get(`${RAD}/${r.id}/etiqueta`), 404);
    error(await as(t.app, admin1).get(`${RAD}/abc/etiqueta`), 400, 'id');
  });
});
