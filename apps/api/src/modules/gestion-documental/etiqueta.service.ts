import PDFDocument from 'pdfkit';
import { ETIQUETAS_TIPO_RADICADO, type Radicado } from '@predio/contract/gestion-documental';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { empresaDocumento } from '../../platform/documentos/contextos.ts';
import { cargarFuentes } from '../../platform/documentos/pdf.ts';
import { dibujarQr } from '../../platform/documentos/qr.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import * as radicados from './radicados.service.ts';

/** A 4 × 2 inch sticker (102 × 51 mm), the usual label of desktop label printers. */
export const ANCHO_ETIQUETA = 288;
export const ALTO_ETIQUETA = 144;
const MARGEN = 8;
const SUAVE = '#595959';
/** The asunto as far as the sticker has room for it. */
export const MAX_ASUNTO_ETIQUETA = 90;

const fechaHora = (iso: string) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');

export const asuntoCorto = (s: string) =>
  s.length > MAX_ASUNTO_ETIQUETA ? `${s.slice(0, MAX_ASUNTO_ETIQUETA - 1).trimEnd()}…` : s;

/**
 * The radicado's label, to stick on the paper it was filed with: the company, the number (also as a QR
 * code a phone or a reader turns back into it), the filing date, área, a short asunto and the folios.
 * pdfkit with DejaVu Sans, as every document of the platform.
 */
export async function dibujarEtiqueta(r: Radicado, empresa: string): Promise<Buffer> {
  const f = cargarFuentes();
  const doc = new PDFDocument({
    size: [ANCHO_ETIQUETA, ALTO_ETIQUETA],
    margin: 0,
    info: { Title: `Radicado ${r.radicado}`, Author: empresa, Creator: 'Predio' },
    lang: 'es-CO',
  });
  const partes: Buffer[] = [];
  doc.on('data', (c: Buffer) => partes.push(c));
  const fin = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });
  doc.registerFont('normal', f.normal);
  doc.registerFont('negrita', f.negrita);

  const lado = ALTO_ETIQUETA - 2 * MARGEN;
  dibujarQr(doc, r.radicado, MARGEN - 4, MARGEN, lado);
  const x = MARGEN + lado + 2;
  const ancho = ANCHO_ETIQUETA - x - MARGEN;
  const linea = (texto: string, o: { fuente?: 'normal' | 'negrita'; tam?: number; color?: string; alto?: number } = {}) =>
    doc
      .font(o.fuente ?? 'normal')
      .fontSize(o.tam ?? 7.5)
      .fillColor(o.color ?? '#000000')
      .text(texto, x, doc.y, { width: ancho, height: o.alto ?? (o.tam ?? 7.5) * 1.3, ellipsis: true, lineGap: 0.5 });

  doc.y = MARGEN + 2;
  linea(empresa, { fuente: 'negrita', tam: 7, color: SUAVE });
  linea(`RADICADO DE ${ETIQUETAS_TIPO_RADICADO[r.tipo].toUpperCase()}`, { tam: 6.5, color: SUAVE });
  doc.moveDown(0.2);
  linea(r.radicado, { fuente: 'negrita', tam: r.radicado.length > 18 ? 10 : 12, alto: 16 });
  doc.moveDown(0.3);
  linea(`Fecha: ${fechaHora(r.creado_en)}`);
  linea(`Área: ${r.area.codigo ? `${r.area.codigo} · ` : ''}${r.area.nombre}`);
  linea(`Folios: ${r.folios ?? '—'}`);
  linea(`Asunto: ${asuntoCorto(r.asunto)}`, { alto: 7.5 * 1.3 * 3 });
  doc.end();
  return fin;
}

/** GET …/radicados/:id/etiqueta: the label of a radicado the user may see (as its detail). */
export async function etiqueta(o: { tx: Tx; user: Principal; id: number }): Promise<Archivo> {
  const r = await radicados.obtener(o);
  const empresa = (await empresaDocumento(o.tx)).nombre;
  return {
    nombre: `etiqueta-${r.radicado}.pdf`,
    contentType: 'application/pdf',
    contenido: await dibujarEtiqueta(r, empresa),
  };
}
