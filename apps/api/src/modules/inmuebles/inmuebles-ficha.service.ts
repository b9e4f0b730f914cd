import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { ETIQUETAS_ESTADO, ETIQUETAS_GESTION } from '@predio/contract/inmuebles';
import { dibujarQr } from '../../platform/documentos/qr.ts';
import { pesos } from '../../platform/formato.ts';
import type { DatosFicha, EmpresaFicha } from './inmuebles-archivos.repo.ts';

// The property sheet handed to clients: company branding, the property's public facts, its photos and
// the asesor to call (issue 24 §8). Never internal notes, owners or keys (issue 4 §1).

export type EntradaFicha = {
  datos: DatosFicha;
  empresa: EmpresaFicha | null;
  logo: Buffer | null;
  portada: Buffer | null;
  miniaturas: Buffer[];
  /** A small map of where it is (twice the printed size, for print), with the tiles' credit; null without coordinates or tiles. */
  mapa?: { png: Buffer; atribucion: string } | null;
  /** The property's page on the company's website, printed as a QR code; null when it is not published there. */
  urlSitio?: string | null;
  ahora: Date;
  /** Tests read the text without inflating streams. */
  comprimir?: boolean;
};

const VERDE = '#96be0e';
const TEXTO = '#262626';
const SUAVE = '#6b6b6b';
const FONDO = '#f4f6ef';
const MARGEN = 40;
const ANCHO_PAGINA = 612; // Letter (carta), the usual paper in Colombia.
const ALTO_PAGINA = 792;
const ANCHO = ANCHO_PAGINA - 2 * MARGEN;
const PIE = 28;

const numero = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });
const fechaHora = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Bogota',
});

const GESTION: Record<string, string> = Object.fromEntries(
  Object.entries(ETIQUETAS_GESTION).map(([k, v]) => [k, `en ${v.toLowerCase()}`]),
);
const ESTADO: Record<string, string> = ETIQUETAS_ESTADO;

const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const cop = (v: string | null) => (v === null ? null : pesos(Number(v)));
const m2 = (v: string | null) => (v === null ? null : `${numero.format(Number(v))} m²`);

// The standard PDF fonts speak WinAnsi: Latin-1 plus a few typographic signs. Anything else
// (emoji, other scripts) would print as garbage, so it becomes a plain space.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function textoPdf(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const imprimible = (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || c === 0x0a || WIN_ANSI_EXTRA.has(ch);
    out += imprimible ? ch : ' ';
  }
  return out;
}

/** The property's facts that exist, label and value, in the order a client reads them. */
export function caracteristicas(d: DatosFicha): [string, string][] {
  const filas: [string, string | null][] = [
    ['Área construida', m2(d.area_construida)],
    ['Área privada', m2(d.area_privada)],
    ['Área del lote', m2(d.area_lote)],
    ['Habitaciones', String(d.habitaciones)],
    ['Baños', String(d.banos)],
    ['Parqueaderos', String(d.parqueaderos)],
    ['Estrato', d.estrato === null ? null : String(d.estrato)],
    ['Piso', d.piso === null ? null : String(d.piso)],
    ['Ascensor', d.ascensor ? 'Sí' : 'No'],
    ['Año de construcción', d.anio_construccion === null ? null : String(d.anio_construccion)],
  ];
  return filas.filter((f): f is [string, string] => f[1] !== null);
}

export function precios(d: DatosFicha): [string, string][] {
  const filas: [string, string | null][] = [
    ['Canon de arrendamiento', d.gestion === 'venta' ? null : cop(d.canon)],
    ['Precio de venta', d.gestion === 'arriendo' ? null : cop(d.precio_venta)],
    ['Administración', cop(d.administracion)],
  ];
  return filas.filter((f): f is [string, string] => f[1] !== null);
}

/** «Su asesor: Ana Gómez · Cel. 300 123 4567 · ana@inmobiliaria.co», or null without an asesor. */
export function asesorFicha(d: DatosFicha): string | null {
  if (!d.asesor_nombre) return null;
  return [d.asesor_nombre, d.asesor_celular ? `Cel. ${d.asesor_celular}` : null, d.asesor_email].filter(Boolean).join(' · ');
}

export const tituloFicha = (d: DatosFicha) => `${mayuscula(d.tipo)} ${GESTION[d.gestion] ?? d.gestion}`;

export function ubicacion(d: DatosFicha): string {
  const lugar = d.municipio ? (d.departamento ? `${d.municipio} (${d.departamento})` : d.municipio) : null;
  return [d.direccion, d.barrio, lugar].filter(Boolean).join(' · ');
}

/** pdfkit embeds JPEG and PNG only; the logo may be WEBP or GIF, and is scaled down anyway. */
async function logoPng(buf: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(buf).resize({ width: 480, height: 200, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}

export async function generarFicha(e: EntradaFicha): Promise<Buffer> {
  const { datos: d } = e;
  const nombreEmpresa = textoPdf(e.empresa?.nombre.trim() || 'Inmobiliaria');
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGEN, bottom: MARGEN + PIE, left: MARGEN, right: MARGEN },
    bufferPages: true,
    compress: e.comprimir ?? true,
    info: {
      Title: `Ficha del inmueble ${d.consecutivo}`,
      Author: nombreEmpresa,
      Subject: tituloFicha(d),
      Creator: 'Predio',
    },
    lang: 'es-CO',
  });
  const partes: Buffer[] = [];
  doc.on('data', (c: Buffer) => partes.push(c));
  const fin = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });
  const fondoPagina = () => ALTO_PAGINA - MARGEN - PIE;
  const asegurar = (alto: number) => {
    if (doc.y + alto > fondoPagina()) doc.addPage();
  };

  // Header: logo, company name and contact lines, a rule in the brand colour.
  const logo = e.logo ? await logoPng(e.logo) : null;
  let xTexto = MARGEN;
  if (logo) {
    doc.image(logo, MARGEN, MARGEN, { fit: [130, 56], valign: 'center' });
    xTexto = MARGEN + 142;
  }
  doc
    .fillColor(TEXTO)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(nombreEmpresa, xTexto, MARGEN + 4, { width: ANCHO_PAGINA - MARGEN - xTexto });
  const contacto = [
    e.empresa?.nit ? `NIT ${e.empresa.nit}` : '',
    e.empresa?.telefonos ? `Tel. ${e.empresa.telefonos}` : '',
    e.empresa?.email ?? '',
    e.empresa?.web ?? '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(8.5).fillColor(SUAVE);
  if (contacto.length > 0) doc.text(textoPdf(contacto.join(' · ')), { width: ANCHO_PAGINA - MARGEN - xTexto });
  if (e.empresa?.direccion) doc.text(textoPdf(e.empresa.direccion), { width: ANCHO_PAGINA - MARGEN - xTexto });
  const yRegla = Math.max(doc.y + 6, MARGEN + 64);
  doc
    .moveTo(MARGEN, yRegla)
    .lineTo(ANCHO_PAGINA - MARGEN, yRegla)
    .lineWidth(2)
    .strokeColor(VERDE)
    .stroke();

  // Title, consecutivo and estado, address.
  const yTitulo = yRegla + 14;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(SUAVE)
    .text(`Inmueble N.º ${d.consecutivo} · ${ESTADO[d.estado] ?? d.estado}`, MARGEN, yTitulo, { width: ANCHO, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(TEXTO)
    .text(textoPdf(tituloFicha(d)), MARGEN, yTitulo, { width: ANCHO * 0.7 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(SUAVE)
    .text(textoPdf(ubicacion(d)), MARGEN, doc.y + 2, { width: ANCHO });

  // Prices side by side.
  const ps = precios(d);
  if (ps.length > 0) {
    const y = doc.y + 10;
    const ancho = ANCHO / ps.length;
    doc.rect(MARGEN, y, ANCHO, 44).fill(FONDO);
    ps.forEach(([etiqueta, valor], i) => {
      const x = MARGEN + i * ancho + 12;
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(SUAVE)
        .text(etiqueta, x, y + 8, { width: ancho - 16 });
      doc
        .font('Helvetica-Bold')
        .fontSize(14)
        .fillColor(TEXTO)
        .text(textoPdf(valor), x, y + 21, { width: ancho - 16 });
    });
    doc.x = MARGEN;
    doc.y = y + 44;
  }

  // Who to call about it.
  const asesor = asesorFicha(d);
  if (asesor) {
    const y = doc.y + 8;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXTO).text('Su asesor: ', MARGEN, y, { continued: true });
    doc.font('Helvetica').fillColor(TEXTO).text(textoPdf(asesor), { width: ANCHO });
    doc.x = MARGEN;
  }

  // The cover photo, as large as the page allows.
  if (e.portada) {
    const alto = 290;
    doc.y += 12;
    asegurar(alto);
    const y = doc.y;
    doc.rect(MARGEN, y, ANCHO, alto).fill(FONDO);
    doc.image(e.portada, MARGEN, y, { fit: [ANCHO, alto], align: 'center', valign: 'center' });
    doc.x = MARGEN;
    doc.y = y + alto;
  }

  // Características: a three-column grid of label and value.
  const cs = caracteristicas(d);
  doc.y += 14;
  asegurar(20 + Math.ceil(cs.length / 3) * 30);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text('Características', MARGEN, doc.y);
  const yGrid = doc.y + 4;
  const col = ANCHO / 3;
  cs.forEach(([etiqueta, valor], i) => {
    const x = MARGEN + (i % 3) * col;
    const y = yGrid + Math.floor(i / 3) * 30;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(SUAVE)
      .text(etiqueta, x, y, { width: col - 8 });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(TEXTO)
      .text(valor, x, y + 11, { width: col - 8 });
  });
  doc.x = MARGEN;
  doc.y = yGrid + Math.ceil(cs.length / 3) * 30;

  // Its features from the company's catalogue (Balcón, Gimnasio…), three columns of bullets.
  if (d.caracteristicas.length > 0) {
    const filas = Math.ceil(d.caracteristicas.length / 3);
    doc.y += 6;
    asegurar(20 + filas * 16);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text('También tiene', MARGEN, doc.y);
    const yLista = doc.y + 4;
    d.caracteristicas.forEach((nombre, i) => {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(TEXTO)
        .text(`•  ${textoPdf(nombre)}`, MARGEN + (i % 3) * col, yLista + Math.floor(i / 3) * 16, {
          width: col - 8,
          lineBreak: false,
          ellipsis: true,
        });
    });
    doc.x = MARGEN;
    doc.y = yLista + filas * 16;
  }

  // Where it is: a small map around its coordinates, credited as the tile provider asks.
  if (e.mapa) {
    const alto = 180;
    doc.y += 14;
    asegurar(22 + alto + 14);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text('Ubicación', MARGEN, doc.y);
    const y = doc.y + 4;
    doc.image(e.mapa.png, MARGEN, y, { width: ANCHO, height: alto });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(SUAVE)
      .text(textoPdf(`Ubicación aproximada · ${e.mapa.atribucion}`), MARGEN, y + alto + 3, { width: ANCHO, lineBreak: false });
    doc.x = MARGEN;
    doc.y = y + alto + 14;
  }

  // A QR code to the property's public page, for the client to see every photo and ask from the phone.
  if (e.urlSitio) {
    const lado = 84;
    doc.y += 10;
    asegurar(lado + 4);
    const y = doc.y;
    dibujarQr(doc, e.urlSitio, MARGEN, y, lado);
    const x = MARGEN + lado + 14;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(TEXTO)
      .text('Véalo en línea', x, y + 18, { width: ANCHO - lado - 14 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(SUAVE)
      .text('Escanee el código para ver todas las fotos y escribirnos:', x, doc.y + 2);
    doc.fillColor(VERDE).text(e.urlSitio, x, doc.y + 2, {
      width: ANCHO - lado - 14,
      link: e.urlSitio,
      underline: true,
      lineBreak: false,
      ellipsis: true,
    });
    doc.x = MARGEN;
    doc.y = y + lado + 4;
  }

  // Descripción (flows onto further pages when long).
  if (d.descripcion.trim()) {
    doc.y += 8;
    asegurar(40);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text('Descripción', MARGEN, doc.y);
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(10)
      .fillColor(TEXTO)
      .text(textoPdf(d.descripcion.trim()), MARGEN, doc.y, { width: ANCHO, align: 'justify', lineGap: 2 });
  }

  // More photos: up to six thumbnails, three per row.
  if (e.miniaturas.length > 0) {
    const gap = 10;
    const w = (ANCHO - 2 * gap) / 3;
    const h = Math.round(w * 0.7);
    doc.y += 14;
    asegurar(22 + h);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text('Más fotos', MARGEN, doc.y);
    let y = doc.y + 4;
    e.miniaturas.forEach((buf, i) => {
      if (i % 3 === 0 && i > 0) y += h + gap;
      if (y + h > fondoPagina()) {
        doc.addPage();
        y = MARGEN;
      }
      const x = MARGEN + (i % 3) * (w + gap);
      doc.rect(x, y, w, h).fill(FONDO);
      doc.image(buf, x, y, { fit: [w, h], align: 'center', valign: 'center' });
    });
  }

  // Footer on every page: when and by whom, and the page count. Writing below the bottom margin
  // would start a new page, so the margin is lifted while the footer is written.
  const generado = `Generado el ${fechaHora.format(e.ahora)} · ${nombreEmpresa}`;
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = ALTO_PAGINA - MARGEN - 10;
    doc
      .moveTo(MARGEN, y - 6)
      .lineTo(ANCHO_PAGINA - MARGEN, y - 6)
      .lineWidth(0.5)
      .strokeColor('#d9d9d9')
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(SUAVE);
    doc.text(textoPdf(generado), MARGEN, y, { width: ANCHO * 0.75, lineBreak: false });
    doc.text(`Página ${i - start + 1} de ${count}`, MARGEN, y, { width: ANCHO, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return fin;
}
