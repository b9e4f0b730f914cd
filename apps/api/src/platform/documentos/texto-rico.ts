import sanitizeHtml from 'sanitize-html';
import { pareceHtml, textoAHtml } from '@predio/contract/texto-rico';

/*
 * Short rich text that users write for each other (a task's description): paragraphs, bold, italic,
 * underline, lists and links. Narrower than the templates' sanitiser (sanear.ts): no images, tables,
 * styles or classes, and links only to http(s), mailto and tel, opened apart from the app.
 */
const ENLACE = /^\s*(https?:\/\/|mailto:|tel:|\/(?!\/))/i;

const OPCIONES: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'h2', 'h3'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of a dropped <script>/<style> is dropped with it.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'iframe', 'object'],
  transformTags: {
    // A link leaves the app in a new tab without handing it window.opener or the page's address; one to
    // another scheme (javascript:, data:) keeps its text in an <a> without address, which links nowhere.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      ENLACE.test(attribs.href ?? '')
        ? { tagName, attribs: { href: attribs.href!.trim(), target: '_blank', rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs: {} },
  },
};

/**
 * What is stored for a rich-text field: the allow-listed HTML of what the editor sent, or plain text (an
 * older client, the API) turned into paragraphs. Empty when nothing readable is left (`<p></p>`).
 */
export function sanearTextoRico(entrada: string): string {
  const html = sanitizeHtml(pareceHtml(entrada) ? entrada : textoAHtml(entrada), OPCIONES).trim();
  return textoPlano(html) ? html : '';
}

const BLOQUES = /<\/(p|li|h2|h3|blockquote|ul|ol)>|<br\s*\/?>/gi;

/**
 * The text of a rich-text field as a person reads it, for what cannot show HTML: the history, the audit
 * log, exports, notices. Paragraphs and list items become lines; a plain-text value comes back as it is.
 */
export function textoPlano(valor: string): string {
  if (!pareceHtml(valor)) return valor.trim();
  const conSaltos = valor.replace(/<li[^>]*>/gi, '<li>• ').replace(BLOQUES, (m) => `${m}\n`);
  const texto = sanitizeHtml(conSaltos, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html leaves entities encoded in text: the common ones are decoded for a person to read.
  return texto
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
