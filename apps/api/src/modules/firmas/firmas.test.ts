import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import forge from 'node-forge';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, clienteDelPortal, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { SmtpSink, asuntoDelMensaje, textoDelMensaje } from '../../test/smtp-sink.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { TRABAJO_FIRMAS_DIARIO_EMPRESA } from './firmas.service.ts';
import { leerTstInfo } from './sello-tiempo.ts';

let t: TestApp;
const sink = new SmtpSink();
let admin: string;
let admin2: string;
let asesor: string;
const hayPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function pdfDePrueba(texto = 'Contrato de arrendamiento de prueba'): Promise<Buffer> {
  const d = await PDFDocument.create();
  d.addPage().drawText(texto, { x: 50, y: 700 });
  return Buffer.from(await d.save({ useObjectStreams: false }));
}
/** A PDF whose trailer names an /Encrypt dictionary, as a password-protected file does. */
async function pdfCifrado(): Promise<Buffer> {
  const s = (await pdfDePrueba()).toString('latin1');
  const i = s.indexOf('\nxref\n');
  const cifrado = `${s.slice(0, i)}\n99 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\nendobj${s.slice(i)}`;
  return Buffer.from(cifrado.replace('/Root', '/Encrypt 99 0 R /Root'), 'latin1');
}

const subir = (token: string, id: number, data: Buffer, filename = 'contrato.pdf') => {
  const b = multipart({ filename, contentType: 'application/pdf', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/firma_documento/${id}?categoria=original`,
    payload: b.payload,
    headers: { ...b.headers, authorization: `Bearer ${token}` },
  });
};

const FIRMANTES = [
  { nombre: 'Ana Pérez', documento: '43111222', email: 'ana@ejemplo.co' },
  { nombre: 'Bruno Gómez', documento: '71333444', email: 'bruno@ejemplo.co' },
];

async function crearYEnviar(
  o: {
    titulo?: string;
    firmantes?: typeof FIRMANTES;
    pdf?: Buffer;
    vence_dias?: number;
    secuencial?: boolean;
    recordar_dias?: number;
  } = {},
) {
  const c = as(t.app, admin);
  const r = await c.post('/api/firmas/documentos', {
    titulo: o.titulo ?? 'Contrato de arrendamiento Calle 10',
    mensaje: 'Por favor firme el contrato.',
    vence_dias: o.vence_dias ?? 15,
    firmantes: o.firmantes ?? FIRMANTES,
    ...(o.secuencial !== undefined ? { secuencial: o.secuencial } : {}),
    ...(o.recordar_dias !== undefined ? { recordar_dias: o.recordar_dias } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as number;
  const s = await subir(admin, id, o.pdf ?? (await pdfDePrueba()));
  expect(s.statusCode, s.body).toBe(200);
  const antes = sink.recibidos.length;
  const e = await c.post(`/api/firmas/documentos/${id}/enviar`);
  return { id, envio: e, antes };
}

/** The link each signer received, by e-mail. */
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
async function pedirCodigo(token: string): Promise<string> {
  const antes = sink.recibidos.length;
  const r = await as(t.app, null).post(`/api/firmar/${token}/codigo`);
  expect(r.statusCode, r.body).toBe(200);
  await t.deps.mailer.idle();
  const rec = await sink.esperar(antes + 1);
  return /Su código para firmar: (\d{6})/.exec(asuntoDelMensaje(rec.at(-1)!.data))![1]!;
}
async function firmarComo(token: string, tipo: 'dibujada' | 'escrita' = 'escrita') {
  const p = as(t.app, null);
  const codigo = await pedirCodigo(token);
  expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
  const pdf = await p.get(`/api/firmar/${token}/pdf`);
  expect(pdf.statusCode).toBe(200);
  const imagen = `data:image/png;base64,${PNG_1x1}`;
  return p.post(`/api/firmar/${token}/firmar`, {
    tipo,
    imagen: tipo === 'dibujada' ? imagen : undefined,
    texto: tipo === 'escrita' ? 'Firma escrita' : '',
    acepto: true,
  });
}
/** Runs the jobs due: the seal queued by the last signature, then what the seal queues (filing). */
async function correrTrabajos() {
  const runner = await crearTrabajos(t.deps);
  await runner.vuelta();
  await runner.stop();
}
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

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

describe('firmas electrónicas: send, sign, seal', () => {
  it('two signers sign from their links; the last one seals a PAdES PDF that pdfsig verifies', async () => {
    const { id, envio, antes } = await crearYEnviar();
    expect(envio.statusCode, envio.body).toBe(200);
    expect(envio.json().data.estado).toBe('enviado');
    const links = await enlaces(antes, 2);
    expect([...links.keys()].sort()).toEqual(['ana@ejemplo.co', 'bruno@ejemplo.co']);

    const p = as(t.app, null);
    const info = await p.get(`/api/firmar/${links.get('ana@ejemplo.co')}`);
    expect(info.json().data).toMatchObject({ firmante: 'Ana Pérez', estado: 'pendiente', verificado: false });
    // The PDF is not shown before the code.
    expect((await p.get(`/api/firmar/${links.get('ana@ejemplo.co')}/pdf`)).statusCode).toBe(403);

    expect((await firmarComo(links.get('ana@ejemplo.co')!, 'dibujada')).json().data).toEqual({
      estado: 'firmado',
      estado_documento: 'enviado',
    });
    // A used link stops working: it only tells that the signer already signed.
    const otraVez = await p.post(`/api/firmar/${links.get('ana@ejemplo.co')}/codigo`);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toContain('ya firmó');
    expect((await p.get(`/api/firmar/${links.get('ana@ejemplo.co')}`)).json().data.estado).toBe('firmado');

    const antesCopias = sink.recibidos.length;
    const ultimo = await firmarComo(links.get('bruno@ejemplo.co')!);
    expect(ultimo.statusCode, ultimo.body).toBe(200);
    expect(ultimo.json().data.estado_documento).toBe('firmado');
    // Everyone signed; the seal is a job: until it runs there is no signed PDF yet, and the detail says so.
    const c = as(t.app, admin);
    expect((await c.get(`/api/firmas/documentos/${id}`)).json().data).toMatchObject({
      estado: 'firmado',
      sha256_firmado: null,
      sellado: { estado: 'pendiente', error: null },
    });
    expect((await c.get(`/api/firmas/documentos/${id}/firmado`)).statusCode).toBe(409);
    await correrTrabajos();

    const d = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d.estado).toBe('firmado');
    expect(d.detalle.map((f: { estado: string }) => f.estado)).toEqual(['firmado', 'firmado']);
    expect(d.detalle[0].sha256_visto).toBe(d.sha256_original);
    expect(d.detalle[0].ip).toBeTruthy();
    expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toContain('verificado');

    // Every signer gets the signed copy; the sender gets notice 601.
    await t.deps.mailer.idle();
    const rec = await sink.esperar(antesCopias + 3);
    const copias = rec.slice(antesCopias).filter((r) => asuntoDelMensaje(r.data).startsWith('Su copia firmada'));
    expect(copias.flatMap((r) => r.to).sort()).toEqual(expect.arrayContaining(['ana@ejemplo.co', 'bruno@ejemplo.co']));
    expect(copias[0]!.data).toContain('application/pdf');
    const [aviso] = await t.db.tenant(1, (tx) =>
      queryRows<{ titulo: string }>(tx, sql`select titulo from notificacion where tipo_carta = 601 order by id desc limit 1`),
    );
    expect(aviso?.titulo).toContain('Documento firmado');

    const firmado = await c.get(`/api/firmas/documentos/${id}/firmado`);
    expect(firmado.statusCode).toBe(200);
    expect(firmado.headers['content-type']).toBe('application/pdf');
    const bytes = firmado.rawPayload;
    if (!hayPdfsig) return;
    const dir = mkdtempSync(join(tmpdir(), 'firmas-'));
    writeFileSync(join(dir, 'ok.pdf'), bytes);
    const ok = execFileSync('pdfsig', [join(dir, 'ok.pdf')]).toString();
    expect(ok).toContain('Signature is Valid.');
    expect(ok).toContain('ETSI.CAdES.detached');
    const texto = execFileSync('pdftotext', [join(dir, 'ok.pdf'), '-']).toString();
    expect(texto).toContain('Certificado de finalización');
    expect(texto).toContain('Ana Pérez');
    expect(texto).toContain(d.sha256_original);
    // One byte changed inside the signed range: the digest no longer matches.
    const cambiado = Buffer.from(bytes);
    const pos = cambiado.indexOf('Contrato de arrendamiento');
    const en = pos > 0 ? pos : 200;
    cambiado[en] = cambiado[en]! ^ 1;
    writeFileSync(join(dir, 'malo.pdf'), cambiado);
    let salida = '';
    try {
      salida = execFileSync('pdfsig', [join(dir, 'malo.pdf')]).toString();
    } catch (e) {
      salida = String((e as { stdout?: Buffer }).stdout ?? '');
    }
    expect(salida).toContain('Digest Mismatch.');
  }, 60_000);

  it('a job files the signed PDF in gestión documental, tied to the signer who is a tercero; the client sees it', async () => {
    const [ter] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre, email) values ('71333444', 'Bruno Gómez', 'otro@ejemplo.co') returning id`,
      ),
    );
    const { id, antes } = await crearYEnviar({ titulo: 'Contrato para radicar' });
    const links = await enlaces(antes, 2);
    for (const l of links.values()) expect((await firmarComo(l)).statusCode).toBe(200);
    const c = as(t.app, admin);
    let d = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d).toMatchObject({ estado: 'firmado', radicado: null, radicacion: null, sellado: { estado: 'pendiente' } });
    // One round: the seal, then the filing it queues.
    await correrTrabajos();
    d = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d.sellado).toBeNull();
    expect(d.radicacion).toEqual({ estado: 'radicado', error: null });
    expect(d.radicado.radicado).toMatch(/^\d{4}-\d+-\d{6}-1$/);
    expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toContain('radicado');
    const r = (await c.get(`/api/gestion-documental/radicados/${d.radicado.id}`)).json().data;
    expect(r).toMatchObject({
      tipo: 'salida',
      asunto: 'Documento firmado: Contrato para radicar',
      tercero: { id: ter!.id },
      estado: { nombre: 'Radicado' },
      archivos: 1,
      creado_por: 'admin',
    });
    expect(r.observaciones).toContain(d.sha256_firmado);
    const [archivo] = (await c.get(`/api/archivos/radicado/${r.id}`)).json().data as { id: number; sha256: string }[];
    expect(archivo!.sha256).toBe(d.sha256_firmado);
    const bytes = (await c.get(`/api/archivos/radicado/${r.id}/${archivo!.id}`)).rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256_firmado);

    // Zona clientes: the signer who is a client of the company sees it and downloads the sealed PDF.
    const cfg = await c.post('/api/zona-clientes/config', undefined, {
      method: 'PUT',
      payload: { activo: true, titulo: 'Zona', politica: 'Política' },
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    const [otro] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values ('99887766', 'Nadie Firmó') returning id`),
    );
    const portal = async (idTercero: number, email: string) => as(t.app, await clienteDelPortal(t, idTercero, email));
    const bruno = await portal(ter!.id, 'bruno.portal@ejemplo.co');
    const lista = (await bruno.get('/api/portal/firmados')).json().data as { id: number; titulo: string; firmantes: string[] }[];
    // Bruno signed this one and the first test's: both are his, each with its signers.
    expect(lista.find((x) => x.id === id)).toMatchObject({
      titulo: 'Contrato para radicar',
      firmantes: ['Ana Pérez', 'Bruno Gómez'],
    });
    expect(lista.every((x) => x.firmantes.includes('Bruno Gómez'))).toBe(true);
    const pdf = await bruno.get(`/api/portal/firmados/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(d.sha256_firmado);
    const nadie = await portal(otro!.id, 'nadie.portal@ejemplo.co');
    expect((await nadie.get('/api/portal/firmados')).json().data).toEqual([]);
    expect((await nadie.get(`/api/portal/firmados/${id}/pdf`)).statusCode).toBe(404);
    expect((await c.get('/api/portal/firmados')).statusCode).toBe(401);
  }, 60_000);

  it('a signer may decline with a reason: the document is rejected and the sender told (602)', async () => {
    const { id, antes } = await crearYEnviar({ firmantes: [FIRMANTES[0]!] });
    const [token] = [...(await enlaces(antes, 1)).values()];
    const p = as(t.app, null);
    // Declining also needs the code.
    expect((await p.post(`/api/firmar/${token}/rechazar`, { motivo: 'El canon no es el acordado' })).statusCode).toBe(403);
    const codigo = await pedirCodigo(token!);
    await p.post(`/api/firmar/${token}/verificar`, { codigo });
    const r = await p.post(`/api/firmar/${token}/rechazar`, { motivo: 'El canon no es el acordado' });
    expect(r.statusCode, r.body).toBe(200);
    const d = (await as(t.app, admin).get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d.estado).toBe('rechazado');
    expect(d.detalle[0].motivo_rechazo).toBe('El canon no es el acordado');
    const [aviso] = await t.db.tenant(1, (tx) =>
      queryRows<{ titulo: string }>(tx, sql`select titulo from notificacion where tipo_carta = 602 order by id desc limit 1`),
    );
    expect(aviso?.titulo).toContain('rechazó');
  });

  it('OTP attempts are throttled: five wrong codes burn it; codes are not sent twice in 30 s', async () => {
    const { antes } = await crearYEnviar({ firmantes: [FIRMANTES[0]!] });
    const [token] = [...(await enlaces(antes, 1)).values()];
    const p = as(t.app, null);
    const codigo = await pedirCodigo(token!);
    const pronto = await p.post(`/api/firmar/${token}/codigo`);
    expect(pronto.statusCode).toBe(429);
    const malo = codigo === '000000' ? '111111' : '000000';
    for (let i = 4; i >= 1; i--) {
      const r = await p.post(`/api/firmar/${token}/verificar`, { codigo: malo });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain(`Le quedan ${i} intento`);
    }
    expect((await p.post(`/api/firmar/${token}/verificar`, { codigo: malo })).statusCode).toBe(429);
    // Even the right code no longer works.
    const tarde = await p.post(`/api/firmar/${token}/verificar`, { codigo });
    expect(tarde.statusCode).toBe(429);
    expect(tarde.json().message).toContain('Pida un código nuevo');
    expect((await p.post(`/api/firmar/${token}/verificar`, { codigo: '12' })).json().message).toContain('Código');
  });

  it('an expired or cancelled link does not work; a made-up token is 404', async () => {
    const { id, antes } = await crearYEnviar({ firmantes: [FIRMANTES[1]!] });
    const [token] = [...(await enlaces(antes, 1)).values()];
    const p = as(t.app, null);
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update firma_documento set vence_en = now() - interval '1 minute' where id = ${id}`),
    );
    const vencido = await p.post(`/api/firmar/${token}/codigo`);
    expect(vencido.statusCode).toBe(409);
    expect(vencido.json().message).toContain('venció');
    expect((await p.get(`/api/firmar/${token}`)).json().data.estado_documento).toBe('vencido');
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update firma_documento set vence_en = now() + interval '1 day' where id = ${id}`),
    );
    expect((await as(t.app, admin).post(`/api/firmas/documentos/${id}/cancelar`)).statusCode).toBe(200);
    const cancelado = await p.post(`/api/firmar/${token}/codigo`);
    expect(cancelado.statusCode).toBe(409);
    expect(cancelado.json().message).toContain('canceló');
    expect((await p.get(`/api/firmar/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await p.get('/api/firmar/corto')).statusCode).toBe(400);
  });

  it('an address that tries many made-up links is stopped for a while, even on a real link; another is not', async () => {
    const { antes } = await crearYEnviar({ titulo: 'Contrato para probar el límite por conexión' });
    const real = [...(await enlaces(antes, 2)).values()][0]!;
    const desde = (ip: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 30; i++) {
      const r = await desde('10.20.30.40', `/api/firmar/${randomUUID().replace(/-/g, '').padEnd(43, 'x')}`);
      expect(r.statusCode).toBe(404);
    }
    const bloqueada = await desde('10.20.30.40', `/api/firmar/${real}`);
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.json().message).toContain('Demasiados intentos fallidos desde esta conexión');
    expect(Number(bloqueada.headers['retry-after'])).toBeGreaterThan(0);
    expect((await desde('10.20.30.41', `/api/firmar/${real}`)).statusCode).toBe(200);
  });

  it('bad input: no signers, bad e-mail, repeated e-mail, not a PDF, encrypted and broken PDFs', async () => {
    const c = as(t.app, admin);
    const sin = await c.post('/api/firmas/documentos', { titulo: 'X', firmantes: [] });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('Firmantes');
    const correo = await c.post('/api/firmas/documentos', {
      titulo: 'X',
      firmantes: [{ nombre: 'A', documento: '1', email: 'no' }],
    });
    expect(correo.json().message).toContain('Correo del firmante');
    const repetido = await c.post('/api/firmas/documentos', { titulo: 'X', firmantes: [FIRMANTES[0], FIRMANTES[0]] });
    expect(repetido.json().message).toContain('repite el correo');
    const sinTitulo = await c.post('/api/firmas/documentos', { firmantes: FIRMANTES });
    expect(sinTitulo.json().message).toContain('Título');

    const id = (await c.post('/api/firmas/documentos', { titulo: 'Sin PDF', firmantes: FIRMANTES })).json().data.id;
    const sinPdf = await c.post(`/api/firmas/documentos/${id}/enviar`);
    expect(sinPdf.statusCode).toBe(400);
    expect(sinPdf.json().message).toContain('adjunte el PDF');
    const noPdf = await subir(admin, id, Buffer.from('hola, no soy un PDF'), 'nota.pdf');
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().message).toContain('no es un PDF');

    const cifrado = await crearYEnviar({ pdf: await pdfCifrado() });
    expect(cifrado.envio.statusCode, cifrado.envio.body).toBe(400);
    expect(cifrado.envio.json().message).toContain('protegido con contraseña');
    const roto = await crearYEnviar({ pdf: Buffer.from('%PDF-1.7\n1 0 obj <<< roto') });
    expect(roto.envio.statusCode).toBe(400);
    expect(roto.envio.json().message).toContain('dañado');
    // Nothing was e-mailed for the refused ones, and they stay drafts.
    expect((await c.get(`/api/firmas/documentos/${roto.id}`)).json().data.estado).toBe('borrador');
    // A sent document's PDF cannot be swapped.
    const { id: enviado } = await crearYEnviar({ firmantes: [FIRMANTES[0]!] });
    expect((await subir(admin, enviado, await pdfDePrueba('otro'))).statusCode).toBe(409);
    expect((await c.post(`/api/firmas/documentos/${enviado}/enviar`)).statusCode).toBe(409);
  });

  it('403 without idm 10582; another company sees nothing', async () => {
    const c = as(t.app, asesor);
    expect((await c.get('/api/firmas/documentos')).statusCode).toBe(403);
    expect((await c.post('/api/firmas/documentos', { titulo: 'X', firmantes: FIRMANTES })).statusCode).toBe(403);
    const id = (await as(t.app, admin).post('/api/firmas/documentos', { titulo: 'Privado', firmantes: FIRMANTES })).json().data
      .id;
    const otra = as(t.app, admin2);
    expect((await otra.get(`/api/firmas/documentos/${id}`)).statusCode).toBe(404);
    expect((await otra.post(`/api/firmas/documentos/${id}/enviar`)).statusCode).toBe(404);
    expect((await otra.get(`/api/firmas/documentos/${id}/original`)).statusCode).toBe(404);
    expect((await otra.get('/api/firmas/documentos')).json().data.items).toEqual([]);
    expect((await subir(admin2, id, await pdfDePrueba())).statusCode).toBe(404);
    const lista = (await as(t.app, admin).get('/api/firmas/documentos?q=Privado')).json().data;
    expect(lista.total).toBe(1);
    void crearUsuario;
  });
});

describe('firmas: order, reminders and expiry', () => {
  /** Runs one company's daily pass as the job runner does. */
  async function pasoDiario(idEmpresa = 1) {
    await t.db.system((tx) => encolar(tx, { tipo: TRABAJO_FIRMAS_DIARIO_EMPRESA, idEmpresa }));
    const runner = await crearTrabajos(t.deps);
    try {
      await runner.vuelta();
    } finally {
      await runner.stop();
    }
    await t.deps.mailer.idle();
  }
  const detalle = async (id: number) => (await as(t.app, admin).get(`/api/firmas/documentos/${id}`)).json().data;

  it('in order: the second signer is invited only when the first has signed; resend goes to the current one', async () => {
    const { id, envio, antes } = await crearYEnviar({ titulo: 'Mandato en orden', secuencial: true });
    expect(envio.statusCode, envio.body).toBe(200);
    const primero = await enlaces(antes, 1);
    expect([...primero.keys()]).toEqual(['ana@ejemplo.co']);
    let d = await detalle(id);
    expect(d.secuencial).toBe(true);
    expect(d.detalle.map((f: { email: string; invitado_en: string | null }) => [f.email, f.invitado_en !== null])).toEqual([
      ['ana@ejemplo.co', true],
      ['bruno@ejemplo.co', false],
    ]);
    // Resending reaches only the signer whose turn it is.
    const antesReenvio = sink.recibidos.length;
    expect((await as(t.app, admin).post(`/api/firmas/documentos/${id}/reenviar`)).statusCode).toBe(200);
    const reenvio = await enlaces(antesReenvio, 1);
    expect([...reenvio.keys()]).toEqual(['ana@ejemplo.co']);

    const antesFirma = sink.recibidos.length;
    expect((await firmarComo(reenvio.get('ana@ejemplo.co')!)).json().data.estado_documento).toBe('enviado');
    // Ana's code, then Bruno's invitation.
    const tras = await enlaces(antesFirma, 2);
    expect([...tras.keys()]).toEqual(['bruno@ejemplo.co']);
    d = await detalle(id);
    expect(d.detalle[1].invitado_en).not.toBeNull();
    expect((await firmarComo(tras.get('bruno@ejemplo.co')!)).json().data.estado_documento).toBe('firmado');
  });

  it('the daily job reminds who has not signed with the same link, every few days, and marks expired documents vencido', async () => {
    const { id, antes } = await crearYEnviar({ titulo: 'Recordar firma', recordar_dias: 3 });
    const links = await enlaces(antes, 2);
    const { id: idVencido, antes: antesV } = await crearYEnviar({ titulo: 'Se vence' });
    const linksVencido = await enlaces(antesV, 2);
    // Four days since the invitation; the other document's date has passed.
    await t.db.system(async (tx) => {
      await tx.execute(sql`update firma_firmante set invitado_en = now() - interval '4 days' where id_documento = ${id}`);
      await tx.execute(sql`update firma_documento set vence_en = now() - interval '1 hour' where id = ${idVencido}`);
    });

    const antesPaso = sink.recibidos.length;
    await pasoDiario();
    const rec = await sink.esperar(antesPaso + 2);
    const recordatorios = rec.slice(antesPaso).filter((r) => asuntoDelMensaje(r.data).startsWith('Recordatorio'));
    expect(recordatorios.map((r) => r.to[0]).sort()).toEqual(['ana@ejemplo.co', 'bruno@ejemplo.co']);
    for (const r of recordatorios) {
      expect(asuntoDelMensaje(r.data)).toBe('Recordatorio: documento para firmar «Recordar firma»');
      // The same link as the invitation: one the signer may have open keeps working.
      expect(textoDelMensaje(r.data)).toContain(`/firmar/${links.get(r.to[0]!)}`);
    }
    const d = await detalle(id);
    expect(d.detalle.map((f: { recordatorios: number }) => f.recordatorios)).toEqual([1, 1]);
    expect(d.eventos.filter((e: { tipo: string }) => e.tipo === 'recordatorio')).toHaveLength(2);

    const v = await detalle(idVencido);
    expect(v.estado).toBe('vencido');
    expect(v.eventos.at(-1)).toMatchObject({ tipo: 'vencido', detalle: 'Venció sin todas las firmas' });
    const link = await as(t.app, null).post(`/api/firmar/${linksVencido.get('ana@ejemplo.co')}/codigo`);
    expect(link.statusCode).toBe(409);
    const avisos = (await as(t.app, admin).get('/api/notificaciones')).json().data.items as { titulo: string }[];
    expect(avisos.map((a) => a.titulo)).toContain('Venció sin todas las firmas: «Se vence»');

    // The next pass, the same day: nothing new to remind or expire.
    const antesOtro = sink.recibidos.length;
    await pasoDiario();
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.recibidos.length).toBe(antesOtro);
    expect((await detalle(id)).detalle.map((f: { recordatorios: number }) => f.recordatorios)).toEqual([1, 1]);
  });

  it('bad input: reminders past 30 days and an order that is not yes or no are named', async () => {
    const c = as(t.app, admin);
    const base = { titulo: 'X', mensaje: '', vence_dias: 15, firmantes: FIRMANTES };
    const r = await c.post('/api/firmas/documentos', { ...base, recordar_dias: 31 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('Recordar cada (días)');
    const s2 = await c.post('/api/firmas/documentos', { ...base, secuencial: 'quizá' });
    expect(s2.statusCode).toBe(400);
    expect(s2.json().message).toContain('Firmar en orden');
  });
});

describe('firmas: the company seal (own PKCS#12, RFC 3161 time-stamp)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'firmas-cert-'));
  const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let firmador: string;
  let tsa: Server;
  let urlTsa = '';
  /** PUT and DELETE, which `as` does not speak. */
  const enviar = (token: string, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${token}` } });

  /** A PKCS#12 made with node-forge: expired, or without its key, when asked. */
  function p12(o: { cn: string; vence: Date; conLlave?: boolean; clave?: string }): string {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const llave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date(o.vence.getTime() - 365 * 86_400_000);
    cert.validity.notAfter = o.vence;
    cert.setSubject([{ name: 'commonName', value: o.cn }]);
    cert.setIssuer([{ name: 'commonName', value: o.cn }]);
    cert.sign(llave, forge.md.sha256.create());
    const asn1 = forge.pkcs12.toPkcs12Asn1(o.conLlave === false ? null : llave, [cert], o.clave ?? 'secreta', {
      algorithm: '3des',
    });
    return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary').toString('base64');
  }

  /** The CMS in a signed PDF's /Contents. */
  function cmsDe(pdf: Buffer): forge.asn1.Asn1 {
    const hex = /\/Contents\s*<([0-9A-Fa-f]+)>/.exec(pdf.toString('latin1'))![1]!.replace(/(00)+$/, '');
    return forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(hex, 'hex').toString('binary')));
  }

  async function firmarTodo(): Promise<{ id: number; pdf: Buffer }> {
    const { id, antes } = await crearYEnviar({ firmantes: [FIRMANTES[0]!] });
    const links = await enlaces(antes, 1);
    const r = await firmarComo(links.get('ana@ejemplo.co')!);
    expect(r.json().data.estado_documento, r.body).toBe('firmado');
    await correrTrabajos();
    const pdf = (await as(t.app, admin).get(`/api/firmas/documentos/${id}/firmado`)).rawPayload;
    return { id, pdf };
  }

  beforeAll(async () => {
    await crearUsuario(t.db, 1, { usuario: 'firmador', nroId: '80091', permisos: '10582' });
    firmador = await login(t.app, { idEmpresa: 1, usuario: 'firmador', clave: 'demo1234' });
    // A local TSA: OpenSSL answers the request with a certificate made for time-stamping.
    sh('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'tsa.key',
      '-out',
      'tsa.pem',
      '-days',
      '30',
      '-subj',
      '/CN=TSA de prueba',
      '-addext',
      'extendedKeyUsage=critical,timeStamping',
    ]);
    writeFileSync(join(dir, 'serial'), '01\n');
    writeFileSync(
      join(dir, 'tsa.cnf'),
      `[ tsa ]\ndefault_tsa = tsa1\n[ tsa1 ]\ndir = ${dir}\nserial = $dir/serial\ncrypto_device = builtin\nsigner_cert = $dir/tsa.pem\ncerts = $dir/tsa.pem\nsigner_key = $dir/tsa.key\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\ndigests = sha256\naccuracy = secs:1\nordering = yes\ntsa_name = yes\ness_cert_id_chain = no\ness_cert_id_alg = sha256\n`,
    );
    tsa = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (b: Buffer) => partes.push(b));
      req.on('end', () => {
        const n = randomUUID();
        writeFileSync(join(dir, `${n}.tsq`), Buffer.concat(partes));
        try {
          sh('openssl', ['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', `${n}.tsq`, '-out', `${n}.tsr`]);
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(readFileSync(join(dir, `${n}.tsr`)));
        } catch {
          res.writeHead(500).end();
        }
      });
    });
    await new Promise<void>((ok) => tsa.listen(0, '127.0.0.1', ok));
    urlTsa = `http://127.0.0.1:${(tsa.address() as AddressInfo).port}/tsr`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((ok) => tsa.close(ok));
  });

  it('bad input names the field; only a company administrator changes it; 403 without 10582', async () => {
    const vence = new Date(Date.now() + 30 * 86_400_000);
    const mal = async (body: object, texto: string) => {
      const r = await enviar(admin, 'PUT', '/api/firmas/certificado', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(texto);
    };
    await mal({ archivo: p12({ cn: 'X', vence }), clave: 'otra' }, 'Contraseña del certificado');
    await mal(
      { archivo: Buffer.from('no soy un p12').toString('base64'), clave: 'x' },
      'Archivo del certificado: el archivo no es',
    );
    await mal({ archivo: p12({ cn: 'X', vence: new Date(Date.now() - 86_400_000) }), clave: 'secreta' }, 'venció');
    await mal({ archivo: p12({ cn: 'X', vence, conLlave: false }), clave: 'secreta' }, 'llave privada');
    await mal({ clave: 'x' }, 'Archivo del certificado');
    const tsaMala = await enviar(admin, 'PUT', '/api/firmas/certificado/sello-tiempo', { url_tsa: 'ftp://tsa.ejemplo.co' });
    expect(tsaMala.statusCode).toBe(400);
    expect(tsaMala.json().message).toContain('Servidor de sello de tiempo');

    // With 10582 but not administrator: sees the seal, cannot change it.
    const f = as(t.app, firmador);
    expect((await f.get('/api/firmas/certificado')).json().data.puede_cambiar).toBe(false);
    expect(
      (await enviar(firmador, 'PUT', '/api/firmas/certificado', { archivo: p12({ cn: 'X', vence }), clave: 'secreta' }))
        .statusCode,
    ).toBe(403);
    expect((await enviar(firmador, 'DELETE', '/api/firmas/certificado')).statusCode).toBe(403);
    expect((await enviar(firmador, 'PUT', '/api/firmas/certificado/sello-tiempo', { url_tsa: '' })).statusCode).toBe(403);
    expect((await as(t.app, asesor).get('/api/firmas/certificado')).statusCode).toBe(403);
  });

  it('an uploaded PKCS#12 (openssl) seals the next documents; the other company keeps its own', async () => {
    sh('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'propia.key',
      '-out',
      'propia.pem',
      '-days',
      '60',
      '-subj',
      '/CN=Inmobiliaria Propia SAS/O=Inmobiliaria Propia',
    ]);
    const exportar = (archivo: string, clave: string) =>
      sh('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        'propia.key',
        '-in',
        'propia.pem',
        '-out',
        archivo,
        '-passout',
        `pass:${clave}`,
      ]);
    exportar('propia.p12', 'Clave-Segura 2026');
    exportar('tilde.p12', 'contraseña');
    // OpenSSL 3's default (AES) with an ñ in the password is a known node-forge limit: it says so.
    const tilde = await enviar(admin, 'PUT', '/api/firmas/certificado', {
      archivo: readFileSync(join(dir, 'tilde.p12')).toString('base64'),
      clave: 'contraseña',
    });
    expect(tilde.json().message).toContain('Contraseña del certificado: con tildes o ñ');
    const r = await enviar(admin, 'PUT', '/api/firmas/certificado', {
      archivo: readFileSync(join(dir, 'propia.p12')).toString('base64'),
      clave: 'Clave-Segura 2026',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      existe: true,
      autogenerado: false,
      sujeto: 'Inmobiliaria Propia SAS',
      puede_cambiar: true,
    });
    const otra = (await as(t.app, admin2).get('/api/firmas/certificado')).json().data;
    expect(otra.sujeto ?? '').not.toContain('Propia');
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'firma_certificado' order by id desc limit 1`,
      ),
    );
    expect(aud?.accion).toBe('subir');

    const { pdf } = await firmarTodo();
    if (!hayPdfsig) return;
    writeFileSync(join(dir, 'propia.pdf'), pdf);
    const salida = execFileSync('pdfsig', [join(dir, 'propia.pdf')]).toString();
    expect(salida).toContain('Signature is Valid.');
    expect(salida).toContain('Inmobiliaria Propia SAS');
  });

  it('with a TSA the seal carries an RFC 3161 token over its signature; a TSA down seals without it', async () => {
    const c = as(t.app, admin);
    const g = await enviar(admin, 'PUT', '/api/firmas/certificado/sello-tiempo', { url_tsa: urlTsa });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().data.url_tsa).toBe(urlTsa);

    const { pdf } = await firmarTodo();
    const signerInfo = (
      ((cmsDe(pdf).value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[]
    ).at(-1)!.value[0] as forge.asn1.Asn1;
    const partes = signerInfo.value as forge.asn1.Asn1[];
    const firma = Buffer.from(partes.at(-2)!.value as string, 'binary');
    const atributo = (partes.at(-1)!.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
    expect(forge.asn1.derToOid(atributo[0]!.value as string)).toBe('1.2.840.113549.1.9.16.2.14');
    const token = (atributo[1]!.value as forge.asn1.Asn1[])[0]!;
    const huella = createHash('sha256').update(firma).digest('hex');
    expect(leerTstInfo(token).imprint).toBe(huella);
    writeFileSync(join(dir, 'token.der'), Buffer.from(forge.asn1.toDer(token).getBytes(), 'binary'));
    const verificado = sh('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      'token.der',
      '-digest',
      huella,
      '-CAfile',
      'tsa.pem',
      '-untrusted',
      'tsa.pem',
    ]).toString();
    expect(verificado).toContain('Verification: OK');
    if (hayPdfsig) {
      writeFileSync(join(dir, 'tiempo.pdf'), pdf);
      expect(execFileSync('pdfsig', [join(dir, 'tiempo.pdf')]).toString()).toContain('Signature is Valid.');
    }

    // The TSA stops answering: the document is still sealed, and the event says why it has no time-stamp.
    await new Promise((ok) => tsa.close(ok));
    const { id, pdf: sinTiempo } = await firmarTodo();
    const d = (await c.get(`/api/firmas/documentos/${id}`)).json().data;
    expect(d.estado).toBe('firmado');
    expect(d.eventos.map((e: { detalle: string }) => e.detalle).join('\n')).toContain('Sello de tiempo no disponible');
    if (hayPdfsig) {
      writeFileSync(join(dir, 'sin-tiempo.pdf'), sinTiempo);
      expect(execFileSync('pdfsig', [join(dir, 'sin-tiempo.pdf')]).toString()).toContain('Signature is Valid.');
    }
    tsa.listen(0, '127.0.0.1');
  });

  it('back to the self-generated certificate keeps the TSA setting', async () => {
    const r = await enviar(admin, 'DELETE', '/api/firmas/certificado');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ autogenerado: true, url_tsa: urlTsa });
    expect(r.json().data.sujeto).toContain('sello autogenerado');
    const sin = await enviar(admin, 'PUT', '/api/firmas/certificado/sello-tiempo', { url_tsa: '' });
    expect(sin.json().data.url_tsa).toBeNull();
  });
});
