import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { LIMITE_SOLICITUDES_FIRMA } from './firmas.service.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { SmtpSink, asuntoDelMensaje, textoDelMensaje } from '../../test/smtp-sink.ts';

// Fields placed on the pages per signer (issue 29, idm 10582): stored as fractions of the page, shown
// to their signer only, refused when they fall outside the page or belong to no signer, required ones
// enforced by name, and stamped at their place in the sealed PDF.

let t: TestApp;
const sink = new SmtpSink();
let admin: string;
let admin2: string;
let asesor: string;
const hayPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function pdfDePrueba(paginas = 1): Promise<Buffer> {
  const d = await PDFDocument.create();
  for (let i = 1; i <= paginas; i++) d.addPage([612, 792]).drawText(`Contrato con campos, página ${i}`, { x: 50, y: 700 });
  return Buffer.from(await d.save({ useObjectStreams: false }));
}
const subir = (token: string, id: number, data: Buffer) => {
  const b = multipart({ filename: 'contrato.pdf', contentType: 'application/pdf', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/firma_documento/${id}?categoria=original`,
    payload: b.payload,
    headers: { ...b.headers, authorization: `Bearer ${token}` },
  });
};
const FIRMANTES = [
  { nombre: 'Carla Campos', documento: '52111222', email: 'carla@campos.co' },
  { nombre: 'Diego Duarte', documento: '80333444', email: 'diego@campos.co' },
];
/** PUT with the same token (the harness's client speaks GET and POST). */
const poner = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

async function borrador(paginas = 1, titulo = 'Contrato con campos') {
  const c = as(t.app, admin);
  const r = await c.post('/api/firmas/documentos', { titulo, firmantes: FIRMANTES });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as number;
  expect((await subir(admin, id, await pdfDePrueba(paginas))).statusCode).toBe(200);
  return id;
}
const CAMPOS = [
  { firmante: 1, tipo: 'firma', pagina: 1, x: 0.1, y: 0.7, ancho: 0.3, alto: 0.08 },
  { firmante: 1, tipo: 'texto', pagina: 1, x: 0.1, y: 0.5, ancho: 0.4, alto: 0.04 },
  { firmante: 2, tipo: 'nombre', pagina: 1, x: 0.55, y: 0.62, ancho: 0.35, alto: 0.04 },
  { firmante: 2, tipo: 'firma', pagina: 1, x: 0.55, y: 0.7, ancho: 0.3, alto: 0.08 },
  { firmante: 2, tipo: 'fecha', pagina: 1, x: 0.55, y: 0.8, ancho: 0.2, alto: 0.04 },
  { firmante: 2, tipo: 'casilla', pagina: 1, x: 0.55, y: 0.86, ancho: 0.04, alto: 0.03 },
  { firmante: 2, tipo: 'iniciales', pagina: 1, x: 0.9, y: 0.95, ancho: 0.08, alto: 0.04, obligatorio: false },
];

async function enlaces(antes: number, n: number): Promise<Map<string, string>> {
  await t.deps.mailer.idle();
  const rec = await sink.esperar(antes + n);
  const m = new Map<string, string>();
  for (const r of rec.slice(antes)) {
    const enlace = /\/firmar\/([A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1];
    if (enlace) m.set(r.to[0]!, enlace);
  }
  return m;
}
async function verificar(token: string) {
  const p = as(t.app, null);
  const antes = sink.recibidos.length;
  expect((await p.post(`/api/firmar/${token}/codigo`)).statusCode).toBe(200);
  await t.deps.mailer.idle();
  const rec = await sink.esperar(antes + 1);
  const codigo = /Su código para firmar: (\d{6})/.exec(asuntoDelMensaje(rec.at(-1)!.data))![1]!;
  expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
  expect((await p.get(`/api/firmar/${token}/pdf`)).statusCode).toBe(200);
}

beforeAll(async () => {
  const smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl });
  admin = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor = await login(t.app, DEMO.asesor1);
}, 60_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('firmas: fields placed on the pages per signer', () => {
  it('placed, shown only to their signer, filled, and stamped at their place in the sealed PDF', async () => {
    const c = as(t.app, admin);
    const id = await borrador();
    const d0 = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d0.paginas).toEqual([{ ancho: 612, alto: 792 }]);
    expect(d0.campos).toEqual([]);
    if (hayPoppler) {
      const img = await c.get(`/api/firmas/documentos/${id}/paginas/1`);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    const g = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: CAMPOS });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().data.campos).toHaveLength(7);
    expect(g.json().data.campos[0]).toMatchObject({ firmante: 1, tipo: 'texto', pagina: 1, x: 0.1, y: 0.5, obligatorio: true });

    const antes = sink.recibidos.length;
    expect((await c.post(`/api/firmas/documentos/${id}/enviar`)).statusCode).toBe(200);
    const links = await enlaces(antes, 2);
    const carla = links.get('carla@campos.co')!;
    const diego = links.get('diego@campos.co')!;
    const p = as(t.app, null);
    // Before the code the link shows no field, and no page.
    expect((await p.get(`/api/firmar/${carla}`)).json().data).toMatchObject({ campos: [], paginas: [] });
    expect((await p.get(`/api/firmar/${carla}/paginas/1`)).statusCode).toBe(403);
    await verificar(carla);
    const suya = (await p.get(`/api/firmar/${carla}`)).json().data;
    expect(suya.paginas).toEqual([{ ancho: 612, alto: 792 }]);
    expect(suya.campos.map((x: { tipo: string }) => x.tipo)).toEqual(['texto', 'firma']);
    if (hayPoppler) expect((await p.get(`/api/firmar/${carla}/paginas/1`)).headers['content-type']).toBe('image/png');
    expect((await p.get(`/api/firmar/${carla}/paginas/2`)).statusCode).toBe(400);
    const [texto] = suya.campos as { id: number }[];

    const firma = { tipo: 'escrita', texto: 'Carla Campos', acepto: true };
    // The required text left empty is named; a field of the other signer is not hers to fill.
    const vacio = await p.post(`/api/firmar/${carla}/firmar`, { ...firma, campos: [{ id: texto!.id, valor: '  ' }] });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toBe('Campo 1 (Texto, página 1): es obligatorio: llénelo antes de firmar.');
    const ajenos = g.json().data.campos.filter((x: { firmante: number }) => x.firmante === 2) as { id: number }[];
    const ajeno = await p.post(`/api/firmar/${carla}/firmar`, {
      ...firma,
      campos: [
        { id: texto!.id, valor: 'Apto 301' },
        { id: ajenos[0]!.id, valor: 'x' },
      ],
    });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toContain('no es de este firmante');
    const ok = await p.post(`/api/firmar/${carla}/firmar`, { ...firma, campos: [{ id: texto!.id, valor: 'Apto 301' }] });
    expect(ok.statusCode, ok.body).toBe(200);

    await verificar(diego);
    const deDiego = (await p.get(`/api/firmar/${diego}`)).json().data.campos as { id: number; tipo: string }[];
    expect(deDiego.map((x) => x.tipo)).toEqual(['nombre', 'firma', 'fecha', 'casilla', 'iniciales']);
    const casilla = deDiego.find((x) => x.tipo === 'casilla')!;
    const imagen =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const sinMarcar = await p.post(`/api/firmar/${diego}/firmar`, { tipo: 'dibujada', imagen, texto: '', acepto: true });
    expect(sinMarcar.statusCode).toBe(400);
    expect(sinMarcar.json().message).toBe('Campo 4 (Casilla, página 1): es obligatorio: márquelo antes de firmar.');
    const fin = await p.post(`/api/firmar/${diego}/firmar`, {
      tipo: 'dibujada',
      imagen,
      texto: '',
      acepto: true,
      campos: [{ id: casilla.id, valor: 'sí' }],
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.estado_documento).toBe('firmado');
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();

    const d = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    const valores = Object.fromEntries(d.campos.map((x: { tipo: string; valor: string | null }) => [x.tipo, x.valor]));
    expect(valores).toMatchObject({ texto: 'Apto 301', nombre: 'Diego Duarte', casilla: 'sí', iniciales: '' });
    expect(valores.fecha).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const pdf = (await c.get(`/api/firmas/documentos/${id}/firmado`)).rawPayload;
    if (!hayPoppler) return;
    const dir = mkdtempSync(join(tmpdir(), 'firmas-campos-'));
    writeFileSync(join(dir, 'f.pdf'), pdf);
    // Page 1 alone carries the stamped values; the certificate pages come after.
    const pag1 = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', join(dir, 'f.pdf'), '-']).toString();
    expect(pag1).toContain('Apto 301');
    expect(pag1).toContain('Diego Duarte');
    expect(pag1).toContain('Carla Campos');
    expect(pag1).toContain(valores.fecha);
    // The text sits where it was placed: x 0.1 and y 0.5 of the page, in pdftotext's bounding boxes.
    const cajas = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', join(dir, 'f.pdf'), '-']).toString();
    const apto = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Apto<\/word>/.exec(cajas)!;
    expect(Number(apto[1])).toBeGreaterThan(612 * 0.1 - 1);
    expect(Number(apto[1])).toBeLessThan(612 * 0.1 + 10);
    expect(Number(apto[2])).toBeGreaterThan(792 * 0.5 - 1);
    expect(Number(apto[3])).toBeLessThan(792 * 0.54 + 1);
    expect(execFileSync('pdfsig', [join(dir, 'f.pdf')]).toString()).toContain('Signature is Valid.');
  }, 90_000);

  it('bad input names the field: outside the page, a signer not on the document, a page that does not exist', async () => {
    const c = as(t.app, admin);
    const id = await borrador(2);
    const base = { firmante: 1, tipo: 'texto', pagina: 1, x: 0.1, y: 0.1, ancho: 0.2, alto: 0.05 };
    const fuera = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [base, { ...base, x: 0.9 }] });
    expect(fuera.statusCode).toBe(400);
    expect(fuera.json().message).toBe('Campo 2 (Texto, página 1): queda fuera de la página; muévalo o achíquelo para que quepa.');
    const nadie = await poner(admin, `/api/firmas/documentos/${id}/campos`, {
      campos: [{ ...base, firmante: 3, tipo: 'firma' }],
    });
    expect(nadie.statusCode).toBe(400);
    expect(nadie.json().message).toBe('Campo 1 (Firma, página 1): el firmante 3 no está en el documento (tiene 2).');
    const pagina = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [{ ...base, pagina: 3 }] });
    expect(pagina.statusCode).toBe(400);
    expect(pagina.json().message).toContain('la página 3 no existe (el PDF tiene 2)');
    const negativo = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [{ ...base, y: -0.1 }] });
    expect(negativo.statusCode).toBe(400);
    expect(negativo.json().message).toContain('Posición vertical');
    const tipo = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [{ ...base, tipo: 'sello' }] });
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().message).toContain('Tipo de campo');
    expect((await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [{ ...base, pagina: 2 }] })).statusCode).toBe(
      200,
    );
    // Sent: what was sent is what is signed, fields included.
    expect((await c.post(`/api/firmas/documentos/${id}/enviar`)).statusCode).toBe(200);
    const tarde = await poner(admin, `/api/firmas/documentos/${id}/campos`, { campos: [] });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toContain('sus campos no se pueden cambiar');
    // A draft without its PDF has no pages to place fields on.
    const sinPdf = (await c.post('/api/firmas/documentos', { titulo: 'Sin PDF', firmantes: FIRMANTES })).json().data.id;
    const r = await poner(admin, `/api/firmas/documentos/${sinPdf}/campos`, { campos: [base] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('Archivo PDF');
  });

  it('403 without idm 10582; another company neither places fields nor sees the pages', async () => {
    const id = await borrador(1, 'Campos privados');
    const campos = { campos: [CAMPOS[0]] };
    const sin = as(t.app, asesor);
    expect((await poner(asesor, `/api/firmas/documentos/${id}/campos`, campos)).statusCode).toBe(403);
    expect((await sin.get(`/api/firmas/documentos/${id}/paginas/1`)).statusCode).toBe(403);
    const otra = as(t.app, admin2);
    expect((await poner(admin2, `/api/firmas/documentos/${id}/campos`, campos)).statusCode).toBe(404);
    expect((await otra.get(`/api/firmas/documentos/${id}/paginas/1`)).statusCode).toBe(404);
    expect((await as(t.app, admin).get(`/api/firmas/documentos/${id}`)).json().data.campos).toEqual([]);
  });

  it('every public call counts per address: past the limit in ten minutes, 429 with Retry-After; another address goes on', async () => {
    const id = await borrador(1, 'Límite de solicitudes');
    const antes = sink.recibidos.length;
    expect((await as(t.app, admin).post(`/api/firmas/documentos/${id}/enviar`)).statusCode).toBe(200);
    const real = [...(await enlaces(antes, 2)).values()][0]!;
    const desde = (ip: string) => t.app.inject({ method: 'GET', url: `/api/firmar/${real}`, remoteAddress: ip });
    // Successful reads all of them: the failure throttle never sees one.
    for (let i = 0; i < LIMITE_SOLICITUDES_FIRMA.maxPorIp; i++) expect((await desde('10.77.0.1')).statusCode).toBe(200);
    const r = await desde('10.77.0.1');
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toBe('Demasiadas solicitudes desde esta conexión. Intente de nuevo en 10 minutos.');
    expect(Number(r.headers['retry-after'])).toBe(600);
    expect((await desde('10.77.0.2')).statusCode).toBe(200);
  }, 60_000);
});
