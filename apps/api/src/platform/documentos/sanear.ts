import sanitizeHtml from 'sanitize-html';

/*
 * The HTML of a template or content, as the server stores it: only what the editor can make (headings,
 * paragraphs, bold/italic/underline, lists, tables, images, alignment, page breaks, field chips).
 * Scripts, event handlers, styles other than alignment and links to javascript: are dropped, so what
 * a user saves can be shown to other users and laid out as a PDF without trusting its author.
 */

const ALINEACION = [/^(left|center|right|justify)$/];

// Images are embedded in the template (data: URIs) or served by this API: no request to elsewhere
// when a PDF is drawn or a colleague opens the template.
const IMAGEN_SEGURA = /^(data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+|\/api\/[a-z0-9/_.-]+)$/i;

const OPCIONES: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'img',
    'span',
    'div',
    'hr',
    'blockquote',
  ],
  allowedAttributes: {
    '*': ['style'],
    span: ['data-campo', 'class', 'style'],
    div: ['data-type', 'class', 'style'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
    col: ['style'],
    ol: ['start'],
  },
  allowedClasses: { span: ['campo'], div: ['salto-pagina'] },
  allowedStyles: { '*': { 'text-align': ALINEACION } },
  allowedSchemes: ['data'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of a dropped <script>/<style> is dropped with it.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'iframe', 'object'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGEN_SEGURA.test(frame.attribs.src ?? ''),
  transformTags: {
    // Only the page-break marker and the field chip keep their data-* attribute values.
    div: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs['data-type'] === 'salto-pagina' ? { 'data-type': 'salto-pagina', class: 'salto-pagina' } : pick(attribs, 'style'),
    }),
    span: (tagName, attribs) => {
      const campo = attribs['data-campo'];
      return {
        tagName,
        attribs: campo && /^[a-z_]+\.[a-z_]+$/.test(campo) ? { 'data-campo': campo, class: 'campo' } : pick(attribs, 'style'),
      };
    },
  },
};

function pick(a: Record<string, string>, k: string): Record<string, string> {
  return a[k] === undefined ? {} : { [k]: a[k] };
}

/** The allow-listed HTML of `html`: use it on every template or rich text before storing it. */
export function sanearHtml(html: string): string {
  return sanitizeHtml(html, OPCIONES);
}
