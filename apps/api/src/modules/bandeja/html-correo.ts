import sanitizeHtml from 'sanitize-html';

/*
 * The HTML of a received e-mail, made safe to show inside the app: no scripts, forms, frames, event
 * handlers or style sheets; links open apart; images only from http(s) (cid: and data: are dropped).
 * Wider than the rich-text sanitiser (texto-rico.ts): mail is laid out with tables and inline styles.
 */
const ESTILOS_PERMITIDOS = /^[#(),.%\w\s-]*$/;
const PROPIEDADES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'line-height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-collapse',
  'width',
  'max-width',
  'height',
  'vertical-align',
];

const OPCIONES: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'), 'img', 'font', 'center', 'span', 'div'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'align', 'bgcolor'],
    font: ['color', 'size', 'face'],
    '*': ['style', 'align', 'dir'],
  },
  allowedStyles: { '*': Object.fromEntries(PROPIEDADES.map((p) => [p, [ESTILOS_PERMITIDOS]])) },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'iframe', 'object', 'head'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {},
    }),
  },
};

const IMAGEN_REMOTA = /<img\b[^>]*\bsrc="https?:/i;

/** The stored form: sanitised, remote images kept (they are dropped again when read, until asked for). */
export function sanearHtmlCorreo(html: string): { html: string; imagenesRemotas: boolean } {
  const limpio = sanitizeHtml(html, OPCIONES).trim();
  return { html: limpio, imagenesRemotas: IMAGEN_REMOTA.test(limpio) };
}

/**
 * What the reader shows by default: remote images are tracking pixels as often as pictures, so they stay
 * out until the person presses «Mostrar imágenes». The alt text stands in for them.
 */
export function sinImagenesRemotas(html: string): string {
  return sanitizeHtml(html, {
    ...OPCIONES,
    exclusiveFilter: (frame) => frame.tag === 'img' && /^https?:/i.test(frame.attribs.src ?? ''),
  });
}
