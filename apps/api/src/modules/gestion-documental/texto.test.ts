import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { waitAfterCommit } from '../../platform/tras-confirmar.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { TRABAJO_GD_EXTRAER_TEXTO } from './texto.service.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let ana: string;
let soloBuscar: string;
let sinIdm: string;
let idAna: number;
let area: number;
let contratos: number;
let arrendamiento: number;
let administracion: number;
let correspondencia: number;
let tipoDoc: number;
let r1: Radicado;
let r2: Radicado;
const RAD = '/api/gestion-documental/radicados';
const BUSCAR = '/api/gestion-documental/buscar';

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;

/** A PDF with real text on two pages, as a scanner's OCR or a word processor writes it. */
async function pdfCon(lineas: string[][], tamano = 12): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (const pagina of lineas) {
    const p = d.addPage();
    pagina.forEach((l, i) => p.drawText(l, { x: 50, y: 740 - i * tamano * 1.7, size: tamano, font: f }));
  }
  return Buffer.from(await d.save());
}
const subir = (token: string, id: number, nombre: string, data: Buffer) => {
  const body = multipart({ filename: nombre, contentType: 'application/octet-stream', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/radicado/${id}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
};
const encontrados = async (token: string, url: string) =>
  ok<ListResult<Radicado>>(await as(t.app, token).get(url)).items.map((r) => r.id);
async function correrTrabajos() {
  const runner = await crearTrabajos(t.deps);
  await runner.vuelta();
  await runner.stop();
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  idAna = await crearUsuario(t.db, 1, { usuario: 'anatexto', nroId: '82001', permisos: '10579,10581' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'anatexto', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'buscatexto', nroId: '82002', permisos: '10581' });
  soloBuscar = await login(t.app, { idEmpresa: 1, usuario: 'buscatexto', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'nadatexto', nroId: '82003', permisos: '489' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'nadatexto', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  contratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  arrendamiento = await id1(sql`select id from subseries_documentales where codigo = '02.01'`);
  administracion = await id1(sql`select id from subseries_documentales where codigo = '02.02'`);
  correspondencia = await id1(sql`select id from series_documentales where codigo = '03'`);
  tipoDoc = await id1(sql`select id from tipos_documentales where activo order by id limit 1`);
  r1 = ok(
    await as(t.app, admin1).post(RAD, {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: 'Carta del arrendatario',
      id_area: area,
      id_serie: contratos,
      id_subserie: arrendamiento,
      id_tipo_documental: tipoDoc,
    }),
  );
  r2 = ok(
    await as(t.app, admin1).post(RAD, {
      tipo: 'entrada',
      fecha: '2026-11-21',
      asunto: 'Otra carta del arrendatario',
      id_area: area,
      id_serie: contratos,
      id_subserie: administracion,
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('full-text search inside a radicado’s PDFs', () => {
  it('extracts a PDF’s text in a job after the upload, then finds the radicado by a word inside it', async () => {
    const pdf = await pdfCon([
      ['Señores Inmobiliaria', 'Les informamos de la humedad en el zócalo del apartamento.'],
      ['Adjuntamos los contratos firmados por el propietario Wenceslao.'],
    ]);
    ok(await subir(admin1, r1.id, 'reclamo.pdf', pdf));
    // Not in the request: the job is queued, and until it runs the word is not found.
    const [job] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from trabajo where tipo = ${TRABAJO_GD_EXTRAER_TEXTO}`),
    );
    expect(job!.n).toBe(1);
    expect(await encontrados(admin1, `${BUSCAR}?q=wenceslao`)).toEqual([]);

    await correrTrabajos();
    // Unaccented, any case, across pages, and Spanish stems: «zocalo», «CONTRATO» (the PDF says «contratos»).
    expect(await encontrados(admin1, `${BUSCAR}?q=wenceslao`)).toEqual([r1.id]);
    expect(await encontrados(admin1, `${BUSCAR}?q=zocalo`)).toEqual([r1.id]);
    expect(await encontrados(admin1, `${BUSCAR}?q=CONTRATO%20humedad`)).toEqual([r1.id]);
    // Words of the metadata and of the document combine; a word in neither finds nothing.
    expect(await encontrados(admin1, `${BUSCAR}?q=arrendatario%20humedad`)).toEqual([r1.id]);
    expect(await encontrados(admin1, `${BUSCAR}?q=wenceslao%20granizo`)).toEqual([]);
    // The radicados list of Gestión documental searches the same way; a user with only the search idm too.
    expect(await encontrados(admin1, `${RAD}?q=zócalo`)).toEqual([r1.id]);
    expect(await encontrados(soloBuscar, `${BUSCAR}?q=zocalo`)).toEqual([r1.id]);
  });

  it('reads a scanned image and a scanned PDF by OCR (tesseract, Spanish) and finds the radicado by their words', async () => {
    // A page as a scanner gives it: text drawn in a PDF, rendered to a 150 dpi grey PNG by poppler.
    const pdf = await pdfCon([['Informe de la inspeccion', 'Filomena reporta goteras', 'en la claraboya del estudio']], 30);
    const dir = mkdtempSync(join(tmpdir(), 'predio-ocr-test-'));
    writeFileSync(join(dir, 'p.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-singlefile', join(dir, 'p.pdf'), join(dir, 'p')]);
    const png = readFileSync(join(dir, 'p.png'));
    rmSync(dir, { recursive: true, force: true });
    ok(await subir(admin1, r2.id, 'escaneo.png', png));
    // The same page as a PDF without a text layer: only the image.
    const escaneado = await PDFDocument.create();
    const img = await escaneado.embedPng(png);
    escaneado.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
    const r3 = ok(
      await as(t.app, admin1).post(RAD, {
        tipo: 'entrada',
        fecha: '2026-11-22',
        asunto: 'Escaneo sin texto',
        id_area: area,
      }),
    );
    ok(await subir(admin1, r3.id, 'escaneado.pdf', Buffer.from(await escaneado.save())));
    expect(await encontrados(admin1, `${BUSCAR}?q=claraboya`)).toEqual([]);
    await correrTrabajos();
    expect(await encontrados(admin1, `${BUSCAR}?q=claraboya`)).toEqual([r3.id, r2.id]);
    expect(await encontrados(admin1, `${BUSCAR}?q=filomena%20goteras`)).toEqual([r3.id, r2.id]);
    expect(await encontrados(admin1, `${BUSCAR}?q=claraboya&id_serie=${contratos}`)).toEqual([r2.id]);
    const [png1] = await t.db.tenant(1, (tx) =>
      queryRows<{ texto: string }>(
        tx,
        sql`select rt.texto from radicado_texto rt join archivo a on a.id = rt.id_archivo where a.nombre = 'escaneo.png'`,
      ),
    );
    expect(png1!.texto).toContain('inspeccion');
  });

  it('filters by serie, subserie and tipo documental; refuses a bad filter naming it', async () => {
    const ids = (url: string) => encontrados(admin1, url);
    expect(await ids(`${BUSCAR}?q=arrendatario&id_serie=${contratos}`)).toEqual(expect.arrayContaining([r1.id, r2.id]));
    expect(await ids(`${BUSCAR}?q=arrendatario&id_subserie=${arrendamiento}`)).toEqual([r1.id]);
    expect(await ids(`${BUSCAR}?q=arrendatario&id_subserie=${administracion}`)).toEqual([r2.id]);
    expect(await ids(`${RAD}?q=arrendatario&id_tipo_documental=${tipoDoc}`)).toEqual([r1.id]);
    expect(await ids(`${BUSCAR}?q=arrendatario&id_serie=${correspondencia}`)).toEqual([]);
    error(await as(t.app, admin1).get(`${BUSCAR}?id_subserie=abc`), 400, 'id_subserie');
    error(await as(t.app, admin1).get(`${BUSCAR}?id_tipo_documental=-1`), 400, 'id_tipo_documental');
    // The search screen reads the masters for its filters with idm 10581 alone.
    const op = ok<{ subseries: { id: number }[] }>(await as(t.app, soloBuscar).get(`${RAD}/opciones`));
    expect(op.subseries.map((s) => s.id)).toContain(arrendamiento);
  });

  it('another company, a user without the idm and one whose series permissions hide it find nothing', async () => {
    expect(await encontrados(admin2, `${BUSCAR}?q=wenceslao`)).toEqual([]);
    expect(await encontrados(admin2, `${RAD}?q=zocalo`)).toEqual([]);
    error(await as(t.app, sinIdm).get(`${BUSCAR}?q=wenceslao`), 403);
    // A rule lets Ana see only Correspondencia: the Contratos radicado is not found by its text.
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idAna,
        id_serie: correspondencia,
        ver: true,
      }),
    );
    expect(await encontrados(ana, `${BUSCAR}?q=wenceslao`)).toEqual([]);
    expect(await encontrados(admin1, `${BUSCAR}?q=wenceslao`)).toEqual([r1.id]);
    // Another company's text is not even read: row-level security on radicado_texto.
    const ajenos = await t.db.tenant(2, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from radicado_texto`));
    expect(ajenos[0]!.n).toBe(0);
  });

  it('deleting the PDF takes its text out of the search', async () => {
    const [f] = ok<{ id: number; nombre: string }[]>(await as(t.app, admin1).get(`/api/archivos/radicado/${r1.id}`));
    expect(f!.nombre).toBe('reclamo.pdf');
    ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/archivos/radicado/${r1.id}/${f!.id}`,
        headers: { authorization: `Bearer ${admin1}` },
      }),
    );
    await waitAfterCommit();
    expect(await encontrados(admin1, `${BUSCAR}?q=wenceslao`)).toEqual([]);
  });
});
