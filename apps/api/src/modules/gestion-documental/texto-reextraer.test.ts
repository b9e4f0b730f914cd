import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { EstadoExtraccion, ExtraccionIniciada } from '@predio/contract/gestion-documental-configuracion';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { TRABAJO_GD_EXTRAER_TEXTO } from './texto.service.ts';

// Configuración › «Extraer texto de los documentos anteriores» (issue 28): the PDFs and images filed before the
// text job existed (or before OCR) get a job each, run by the same job (pdftotext, tesseract). The test files a
// PDF and a PNG, then makes them look filed before: the PDF's job removed, the image's job finished without text
// (as the job before OCR skipped images).

let t: TestApp;
let admin1: string;
let admin2: string;
let soloRadicar: string;
let rad: Radicado;
const EXTRAER = '/api/gestion-documental/configuracion/extraer-texto';
const BUSCAR = '/api/gestion-documental/buscar';

const encontrados = async (q: string) =>
  ok<ListResult<Radicado>>(await as(t.app, admin1).get(`${BUSCAR}?q=${encodeURIComponent(q)}`)).items.map((r) => r.id);
const subir = (id: number, nombre: string, data: Buffer) => {
  const body = multipart({ filename: nombre, contentType: 'application/octet-stream', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/radicado/${id}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${admin1}` },
  });
};
async function pdfCon(lineas: string[], tamano: number): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  const p = d.addPage();
  lineas.forEach((l, i) => p.drawText(l, { x: 50, y: 740 - i * tamano * 1.7, size: tamano, font: f }));
  return Buffer.from(await d.save());
}
async function correrTrabajos() {
  const runner = await crearTrabajos(t.deps);
  await runner.vuelta();
  await runner.stop();
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'reextrae', nroId: '83301', permisos: '10579,10581' });
  soloRadicar = await login(t.app, { idEmpresa: 1, usuario: 'reextrae', clave: 'demo1234' });
  const [area] = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from areas_empresa where codigo = '200'`),
  );
  rad = ok(
    await as(t.app, admin1).post('/api/gestion-documental/radicados', {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: 'Correspondencia antigua',
      id_area: area!.id,
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('extraer el texto de los documentos anteriores (idm 10574)', () => {
  it('queues a job per document without text, once, and the job reads a PDF and an image', async () => {
    const pdf = await pdfCon(['Acta de entrega del inmueble', 'firmada por Eustaquio Barragan'], 12);
    ok(await subir(rad.id, 'antiguo.pdf', pdf));
    // An image: the text of a page rendered to PNG by poppler (as a scanner gives it).
    const dir = mkdtempSync(join(tmpdir(), 'predio-reextraer-'));
    writeFileSync(join(dir, 'p.pdf'), await pdfCon(['Constancia de visita', 'Perpetua revisó la marquesina'], 30));
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-singlefile', join(dir, 'p.pdf'), join(dir, 'p')]);
    const png = readFileSync(join(dir, 'p.png'));
    rmSync(dir, { recursive: true, force: true });
    ok(await subir(rad.id, 'antiguo.png', png));

    // As if filed before the job existed: the PDF without any job; the image's job finished without text.
    await t.db.tenant(1, async (tx) => {
      const ids = await queryRows<{ id: number; nombre: string }>(
        tx,
        sql`select id, nombre from archivo where tipo_dueno = 'radicado' and id_dueno = ${String(rad.id)}`,
      );
      const idPdf = ids.find((f) => f.nombre === 'antiguo.pdf')!.id;
      await tx.execute(sql`delete from trabajo where tipo = ${TRABAJO_GD_EXTRAER_TEXTO} and datos->>'id' = ${String(idPdf)}`);
      await tx.execute(
        sql`update trabajo set estado = 'terminado', terminado_en = now(), resultado = '{"omitido":"no es un PDF"}'::jsonb
             where tipo = ${TRABAJO_GD_EXTRAER_TEXTO} and estado = 'pendiente'`,
      );
    });
    const antes = ok<EstadoExtraccion>(await as(t.app, admin1).get(EXTRAER));
    expect(antes).toEqual({ documentos: 2, con_texto: 0, sin_texto: 2, en_cola: 0 });
    expect(await encontrados('eustaquio')).toEqual([]);

    const r = ok<ExtraccionIniciada>(await as(t.app, admin1).post(EXTRAER, {}));
    expect(r).toEqual({ documentos: 2, con_texto: 0, sin_texto: 2, en_cola: 2, encolados: 2 });
    // Pressing it again while they wait queues nothing more.
    expect(ok<ExtraccionIniciada>(await as(t.app, admin1).post(EXTRAER, {})).encolados).toBe(0);
    // Another company's documents are neither counted nor queued.
    expect(ok<ExtraccionIniciada>(await as(t.app, admin2).post(EXTRAER, {}))).toMatchObject({ documentos: 0, encolados: 0 });

    await correrTrabajos();
    expect(ok<EstadoExtraccion>(await as(t.app, admin1).get(EXTRAER))).toEqual({
      documentos: 2,
      con_texto: 2,
      sin_texto: 0,
      en_cola: 0,
    });
    expect(await encontrados('eustaquio barragan')).toEqual([rad.id]);
    expect(await encontrados('marquesina')).toEqual([rad.id]);
    // Nothing left to queue; the run is audited.
    expect(ok<ExtraccionIniciada>(await as(t.app, admin1).post(EXTRAER, {})).encolados).toBe(0);
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: { documentos: { despues: number } } }>(
        tx,
        sql`select cambios from auditoria where entidad = 'radicados' and accion = 'extraer_texto' order by id`,
      ),
    );
    expect(audit.map((a) => a.cambios.documentos.despues)).toEqual([2, 0, 0]);
  });

  it('403 without the idm of Configuración', async () => {
    expect((await as(t.app, soloRadicar).get(EXTRAER)).statusCode).toBe(403);
    expect((await as(t.app, soloRadicar).post(EXTRAER, {})).statusCode).toBe(403);
  });
});
