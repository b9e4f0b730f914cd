import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { CODES } from '@predio/contract/codes';
import { AppError } from '../errors/app-error.ts';

/*
 * One PDF renderer for every document made from a template (issue 23 §4): sanitised HTML in, a PDF
 * on Letter paper out, with the company letterhead on every page and «Página N de M» at the foot.
 * No browser: htmlparser2 reads the HTML into blocks (headings, paragraphs, lists, tables, images,
 * page breaks) and pdfkit lays them out. DejaVu Sans is embedded (subset), so every Spanish letter
 * and sign prints and `pdftotext` reads the text back. Why pdfkit and not pdfmake: docs/documentos.md.
 */

export type Membrete = {
  nombre: string;
  nit: string;
  direccion: string;
  telefonos: string;
  email: string;
  web: string;
  /** The company logo (any format sharp reads), or null. */
  logo: Buffer | null;
};

export type EntradaPdf = {
  /** Sanitised HTML (sanearHtml), already filled (motor.llenar). */
  html: string;
  membrete: Membrete;
  /** The document's title: PDF metadata and the footer. */
  titulo: string;
  /** Images whose src is not a data: URI (`/api/...`): the caller reads them; null leaves them out. */
  imagen?: (src: string) => Promise<Buffer | null>;
  /** Tests read the raw content streams without inflating them. */
  comprimir?: boolean;
};

const require = createRequire(import.meta.url);
const FUENTES = {
  normal: 'DejaVuSans.ttf',
  negrita: 'DejaVuSans-Bold.ttf',
  cursiva: 'DejaVuSans-Oblique.ttf',
  negritaCursiva: 'DejaVuSans-BoldOblique.ttf',
} as const;
type Fuente = keyof typeof FUENTES;
let fuentes: Record<Fuente, Buffer> | null = null;
/** DejaVu Sans in its four faces (read once): every Spanish letter prints, and `pdftotext` reads it back. */
export function cargarFuentes(): Record<Fuente, Buffer> {
  fuentes ??= Object.fromEntries(
    Object.entries(FUENTES).map(([k, f]) => [k, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${f}`))]),
  ) as Record<Fuente, Buffer>;
  return fuentes;
}

const VERDE = '#96be0e';
const TEXTO = '#262626';
const SUAVE = '#6b6b6b';
const BORDE = '#bfbfbf';
const FONDO_TH = '#f4f6ef';
const MARGEN = 50;
const ANCHO_PAGINA = 612; // Letter (carta), the usual paper in Colombia.
const ALTO_PAGINA = 792;
const ANCHO = ANCHO_PAGINA - 2 * MARGEN;
const ALTO_MEMBRETE = 78;
const ALTO_PIE = 30;
const ARRIBA = MARGEN + ALTO_MEMBRETE;
const ABAJO = ALTO_PAGINA - MARGEN - ALTO_PIE;
const TAMANO = 10.5;
const TAMANOS_TITULO: Record<string, number> = { h1: 18, h2: 15, h3: 13, h4: 11.5 };
const SANGRIA_LISTA = 18;
/** A template that loops itself into a book is a mistake, and would hold the event loop for seconds. */
export const MAX_PAGINAS = 200;

// ----- blocks -----------------------------------------------------------------------------------------

type Estilo = { negrita: boolean; cursiva: boolean; subrayado: boolean };
type Tramo = Estilo & { texto: string };
type Alineacion = 'left' | 'center' | 'right' | 'justify';
type Parrafo = {
  t: 'parrafo';
  tramos: Tramo[];
  tamano: number;
  align: Alineacion;
  sangria: number;
  vineta: string | null;
  antes: number;
};
type Celda = { parrafos: Parrafo[]; encabezado: boolean; colspan: number };
type Bloque =
  | Parrafo
  | { t: 'tabla'; filas: Celda[][] }
  | { t: 'imagen'; src: string; ancho: number | null; align: Alineacion }
  | { t: 'salto' }
  | { t: 'regla' };

const esElemento = (n: ChildNode): n is Element => n.type === 'tag';
const BLOQUES = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'table', 'div', 'hr', 'blockquote', 'img']);

function alineacion(el: Element): Alineacion {
  const m = /text-align:\s*(left|center|right|justify)/.exec(el.attribs.style ?? '');
  return (m?.[1] as Alineacion | undefined) ?? 'left';
}

/** Inline content → runs of text with their style; whitespace collapsed as a browser would. */
function tramos(nodos: ChildNode[], estilo: Estilo, out: Tramo[] = []): Tramo[] {
  for (const n of nodos) {
    if (n.type === 'text') {
      const texto = n.data.replace(/[\s\u00a0]+/g, (m) => (m.includes('\u00a0') ? '\u00a0' : ' '));
      if (texto) out.push({ ...estilo, texto });
    } else if (esElemento(n)) {
      const tag = n.name;
      if (tag === 'br') out.push({ ...estilo, texto: '\n' });
      else if (BLOQUES.has(tag)) continue;
      else
        tramos(
          n.children,
          {
            negrita: estilo.negrita || tag === 'strong' || tag === 'b' || tag === 'th',
            cursiva: estilo.cursiva || tag === 'em' || tag === 'i',
            subrayado: estilo.subrayado || tag === 'u',
          },
          out,
        );
    }
  }
  return out;
}

/** Trims the paragraph's ends and the spaces around line breaks. */
function limpiar(ts: Tramo[]): Tramo[] {
  const r = ts.map((t) => ({ ...t }));
  for (let i = 0; i < r.length; i++) {
    const ant = r[i - 1];
    if (i === 0 || ant?.texto.endsWith('\n') || ant?.texto.endsWith(' ')) r[i]!.texto = r[i]!.texto.replace(/^ +/, '');
  }
  if (r.length > 0) r[r.length - 1]!.texto = r[r.length - 1]!.texto.replace(/ +$/, '');
  return r.filter((t) => t.texto !== '');
}

const SIN_ESTILO: Estilo = { negrita: false, cursiva: false, subrayado: false };

function parrafo(el: Element, extra: Partial<Parrafo> = {}, estilo: Estilo = SIN_ESTILO): Parrafo {
  const titulo = TAMANOS_TITULO[el.name];
  return {
    t: 'parrafo',
    tramos: limpiar(tramos(el.children, titulo ? { ...estilo, negrita: true } : estilo)),
    tamano: titulo ?? TAMANO,
    align: alineacion(el),
    sangria: 0,
    vineta: null,
    antes: titulo ? 10 : 6,
    ...extra,
  };
}

function bloques(nodos: ChildNode[], sangria = 0, out: Bloque[] = []): Bloque[] {
  let suelto: ChildNode[] = [];
  const soltar = () => {
    // Inline content outside any paragraph (a filled field at the top level, a bare text node).
    const ts = limpiar(tramos(suelto, SIN_ESTILO));
    if (ts.length > 0) out.push({ t: 'parrafo', tramos: ts, tamano: TAMANO, align: 'left', sangria, vineta: null, antes: 6 });
    suelto = [];
  };
  for (const n of nodos) {
    if (!esElemento(n) || !BLOQUES.has(n.name)) {
      suelto.push(n);
      continue;
    }
    soltar();
    const el = n;
    switch (el.name) {
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4': {
        out.push(parrafo(el, { sangria }));
        // An image inside a paragraph (TipTap's inline images) comes after its text.
        for (const img of el.children.filter((c): c is Element => esElemento(c) && c.name === 'img'))
          out.push(imagen(img, alineacion(el)));
        break;
      }
      case 'ul':
      case 'ol':
        lista(el, sangria, out);
        break;
      case 'table':
        out.push(tabla(el));
        break;
      case 'img':
        out.push(imagen(el, 'left'));
        break;
      case 'hr':
        out.push({ t: 'regla' });
        break;
      case 'div':
        if (el.attribs['data-type'] === 'salto-pagina') out.push({ t: 'salto' });
        else bloques(el.children, sangria, out);
        break;
      case 'blockquote':
        bloques(el.children, sangria + SANGRIA_LISTA, out);
        break;
    }
  }
  soltar();
  return out;
}

function imagen(el: Element, align: Alineacion): Bloque {
  const ancho = Number(el.attribs.width);
  return { t: 'imagen', src: el.attribs.src ?? '', ancho: Number.isFinite(ancho) && ancho > 0 ? ancho * 0.75 : null, align };
}

function lista(el: Element, sangria: number, out: Bloque[]): void {
  const ordenada = el.name === 'ol';
  let n = Number(el.attribs.start) || 1;
  for (const li of el.children.filter(esElemento).filter((c) => c.name === 'li')) {
    const vineta = ordenada ? `${n++}.` : sangria === 0 ? '•' : '◦';
    // A list item holds paragraphs (TipTap) or bare text, and maybe a nested list.
    const dentro = bloques(li.children, sangria + SANGRIA_LISTA);
    const primero = dentro.findIndex((b) => b.t === 'parrafo');
    if (primero === -1)
      out.push({ t: 'parrafo', tramos: [], tamano: TAMANO, align: 'left', sangria: sangria + SANGRIA_LISTA, vineta, antes: 3 });
    dentro.forEach((b, i) => {
      if (b.t === 'parrafo') out.push({ ...b, antes: 3, vineta: i === primero ? vineta : b.vineta });
      else out.push(b);
    });
  }
}

function tabla(el: Element): Bloque {
  const filas: Celda[][] = [];
  const recorrer = (nodo: Element) => {
    for (const c of nodo.children.filter(esElemento)) {
      if (c.name === 'tr')
        filas.push(
          c.children
            .filter(esElemento)
            .filter((x) => x.name === 'td' || x.name === 'th')
            .map((x) => {
              const encabezado = x.name === 'th';
              const estilo = { ...SIN_ESTILO, negrita: encabezado };
              const ps = bloques(x.children).filter((b): b is Parrafo => b.t === 'parrafo');
              return {
                encabezado,
                colspan: Math.max(1, Math.min(20, Number(x.attribs.colspan) || 1)),
                parrafos: ps.map((p) => ({
                  ...p,
                  tramos: p.tramos.map((t) => ({ ...t, negrita: t.negrita || estilo.negrita })),
                  antes: 0,
                })),
              };
            }),
        );
      else if (c.name === 'thead' || c.name === 'tbody' || c.name === 'tfoot') recorrer(c);
    }
  };
  recorrer(el);
  return { t: 'tabla', filas: filas.filter((f) => f.length > 0) };
}

// ----- layout -----------------------------------------------------------------------------------------

const fuenteDe = (e: Estilo): Fuente =>
  e.negrita ? (e.cursiva ? 'negritaCursiva' : 'negrita') : e.cursiva ? 'cursiva' : 'normal';

type Doc = PDFKit.PDFDocument;

/** Writes a paragraph's runs at (x, y) within `ancho`; pdfkit wraps and breaks pages. */
function escribir(doc: Doc, p: Parrafo, x: number, y: number, ancho: number): void {
  const ts = p.tramos.length > 0 ? p.tramos : [{ ...SIN_ESTILO, texto: ' ' }];
  ts.forEach((t, i) => {
    doc.font(fuenteDe(t)).fontSize(p.tamano).fillColor(TEXTO);
    const opciones = { width: ancho, align: p.align, underline: t.subrayado, continued: i < ts.length - 1, lineGap: 1.5 };
    if (i === 0) doc.text(t.texto, x, y, opciones);
    else doc.text(t.texto, opciones);
  });
}

function altoParrafo(doc: Doc, p: Parrafo, ancho: number): number {
  // pdfkit measures one font at a time: the bold face is the widest, so the estimate is never short.
  const texto = p.tramos.map((t) => t.texto).join('') || ' ';
  doc.font(p.tramos.some((t) => t.negrita) ? 'negrita' : 'normal').fontSize(p.tamano);
  return doc.heightOfString(texto, { width: ancho, lineGap: 1.5 });
}

async function bufferImagen(src: string, leer: EntradaPdf['imagen']): Promise<Buffer | null> {
  let buf: Buffer | null = null;
  const m = /^data:image\/[a-z]+;base64,(.*)$/is.exec(src);
  if (m) buf = Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64');
  else if (leer && src.startsWith('/api/')) buf = await leer(src);
  if (!buf) return null;
  try {
    // pdfkit embeds JPEG and PNG only; big photos are scaled down (a page is 8.5 inches wide).
    return await sharp(buf)
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

function dibujarTabla(doc: Doc, filas: Celda[][]): void {
  const columnas = Math.max(...filas.map((f) => f.reduce((s, c) => s + c.colspan, 0)));
  const anchoCol = ANCHO / columnas;
  const relleno = 4;
  let y = doc.y + 6;
  for (const fila of filas) {
    const anchos = fila.map((c) => c.colspan * anchoCol);
    const altos = fila.map((c, i) => c.parrafos.reduce((s, p) => s + altoParrafo(doc, p, anchos[i]! - 2 * relleno) + 2, 0));
    const alto = Math.max(14, ...altos) + 2 * relleno;
    if (y + alto > ABAJO) {
      doc.addPage();
      y = ARRIBA;
    }
    let x = MARGEN;
    fila.forEach((c, i) => {
      const w = anchos[i]!;
      if (c.encabezado) doc.rect(x, y, w, alto).fill(FONDO_TH);
      doc.rect(x, y, w, alto).lineWidth(0.5).strokeColor(BORDE).stroke();
      let yc = y + relleno;
      for (const p of c.parrafos) {
        escribir(doc, p, x + relleno, yc, w - 2 * relleno);
        yc = doc.y + 2;
      }
      x += w;
    });
    y += alto;
  }
  doc.x = MARGEN;
  doc.y = y + 4;
}

function membrete(doc: Doc, m: Membrete, logo: Buffer | null): void {
  let xTexto = MARGEN;
  if (logo) {
    doc.image(logo, MARGEN, MARGEN, { fit: [120, 52], valign: 'center' });
    xTexto = MARGEN + 132;
  }
  const ancho = ANCHO_PAGINA - MARGEN - xTexto;
  doc
    .font('negrita')
    .fontSize(14)
    .fillColor(TEXTO)
    .text(m.nombre.trim() || 'Inmobiliaria', xTexto, MARGEN + 2, { width: ancho, lineBreak: false, ellipsis: true });
  doc.font('normal').fontSize(8.5).fillColor(SUAVE);
  const contacto = [m.nit ? `NIT ${m.nit}` : '', m.telefonos ? `Tel. ${m.telefonos}` : '', m.email, m.web]
    .filter(Boolean)
    .join(' · ');
  if (contacto) doc.text(contacto, xTexto, doc.y + 2, { width: ancho, lineBreak: false, ellipsis: true });
  if (m.direccion) doc.text(m.direccion, xTexto, doc.y + 1, { width: ancho, lineBreak: false, ellipsis: true });
  const y = MARGEN + 60;
  doc
    .moveTo(MARGEN, y)
    .lineTo(ANCHO_PAGINA - MARGEN, y)
    .lineWidth(1.5)
    .strokeColor(VERDE)
    .stroke();
}

/** The PDF of a filled template; one call, one Buffer (documents are a few pages). */
export async function htmlAPdf(e: EntradaPdf): Promise<Buffer> {
  const f = cargarFuentes();
  const lista = bloques(parseDocument(e.html).children);
  const imagenes = new Map<string, Buffer | null>();
  for (const b of lista) if (b.t === 'imagen' && !imagenes.has(b.src)) imagenes.set(b.src, await bufferImagen(b.src, e.imagen));
  const logo = e.membrete.logo
    ? await bufferImagen(`data:image/x;base64,${e.membrete.logo.toString('base64')}`, undefined)
    : null;

  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: ARRIBA, bottom: MARGEN + ALTO_PIE, left: MARGEN, right: MARGEN },
    bufferPages: true,
    compress: e.comprimir ?? true,
    info: { Title: e.titulo, Author: e.membrete.nombre, Creator: 'Predio' },
    lang: 'es-CO',
  });
  for (const [nombre, buf] of Object.entries(f)) doc.registerFont(nombre, buf);
  const partes: Buffer[] = [];
  doc.on('data', (c: Buffer) => partes.push(c));
  const fin = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  doc.x = MARGEN;
  doc.y = ARRIBA;
  let primero = true;
  for (const b of lista) {
    switch (b.t) {
      case 'parrafo': {
        const y = primero ? doc.y : doc.y + b.antes;
        const x = MARGEN + b.sangria;
        const ancho = ANCHO - b.sangria;
        // A heading or a list item does not start at the very foot of a page.
        const linea = b.tamano * 1.3;
        let yy = y;
        if (yy + linea * (b.tamano > TAMANO ? 3 : 1) > ABAJO) {
          doc.addPage();
          yy = ARRIBA;
        }
        if (b.vineta) {
          doc
            .font('normal')
            .fontSize(b.tamano)
            .fillColor(TEXTO)
            .text(b.vineta, x - SANGRIA_LISTA + 2, yy, { width: SANGRIA_LISTA - 4, lineBreak: false });
        }
        escribir(doc, b, x, yy, ancho);
        break;
      }
      case 'tabla':
        if (b.filas.length > 0) dibujarTabla(doc, b.filas);
        break;
      case 'imagen': {
        const buf = imagenes.get(b.src);
        if (!buf) break;
        const meta = await sharp(buf).metadata();
        const natural = (meta.width ?? 400) * 0.75;
        const w = Math.min(b.ancho ?? natural, ANCHO);
        const h = Math.min(w * ((meta.height ?? 300) / (meta.width ?? 400)), ABAJO - ARRIBA);
        const wFinal = h * ((meta.width ?? 400) / (meta.height ?? 300));
        let y = doc.y + 6;
        if (y + h > ABAJO) {
          doc.addPage();
          y = ARRIBA;
        }
        const x = b.align === 'center' ? MARGEN + (ANCHO - wFinal) / 2 : b.align === 'right' ? MARGEN + ANCHO - wFinal : MARGEN;
        doc.image(buf, x, y, { width: wFinal, height: h });
        doc.x = MARGEN;
        doc.y = y + h + 4;
        break;
      }
      case 'salto':
        doc.addPage();
        doc.x = MARGEN;
        doc.y = ARRIBA;
        break;
      case 'regla': {
        const y = doc.y + 8;
        doc
          .moveTo(MARGEN, y)
          .lineTo(ANCHO_PAGINA - MARGEN, y)
          .lineWidth(0.5)
          .strokeColor(BORDE)
          .stroke();
        doc.x = MARGEN;
        doc.y = y + 4;
        break;
      }
    }
    // After a page break the next block starts at the top, without its space before.
    primero = b.t === 'salto';
    if (doc.bufferedPageRange().count > MAX_PAGINAS) {
      doc.end();
      throw new AppError(CODES.VALIDACION, `El documento pasa de ${MAX_PAGINAS} páginas: revise los ciclos de la plantilla.`, [
        { campo: 'contenido', mensaje: `pasa de ${MAX_PAGINAS} páginas` },
      ]);
    }
  }

  // Letterhead and footer on every page, written last so the footer knows the page count. Writing in
  // the margins would start a new page, so they are lifted meanwhile.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { top, bottom } = doc.page.margins;
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    membrete(doc, e.membrete, logo);
    const y = ALTO_PAGINA - MARGEN - 12;
    doc
      .moveTo(MARGEN, y - 6)
      .lineTo(ANCHO_PAGINA - MARGEN, y - 6)
      .lineWidth(0.5)
      .strokeColor('#d9d9d9')
      .stroke();
    doc.font('normal').fontSize(8).fillColor(SUAVE);
    doc.text(e.titulo, MARGEN, y, { width: ANCHO * 0.7, lineBreak: false, ellipsis: true });
    doc.text(`Página ${i - start + 1} de ${count}`, MARGEN, y, { width: ANCHO, align: 'right', lineBreak: false });
    doc.page.margins.top = top;
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return fin;
}
