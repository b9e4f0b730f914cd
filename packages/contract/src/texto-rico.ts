// Rich text (a task's description): HTML from the web's Tiptap editor, allow-listed by the server before
// it is stored. Descriptions written before it was rich are plain text; these helpers tell them apart.

/**
 * A tag of HTML (`<p>`, `</b>`, `<br/>`, `<a href="…">`, `<script>`): «precio < 5», «a<b» or «traer
 * <llaves>» in plain text are not, so a text typed with angle brackets is kept as it was typed.
 */
const ETIQUETA =
  /<\/?(a|abbr|b|big|blockquote|body|br|button|center|code|del|details|div|em|embed|font|form|h[1-6]|head|hr|html|i|iframe|img|input|ins|link|li|mark|math|meta|object|ol|p|pre|s|script|section|small|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|textarea|th|thead|title|tr|u|ul|video)(?:\s[^<>]*)?\/?>/i;

/** Whether a stored or sent text is HTML rather than plain text. */
export const pareceHtml = (s: string): boolean => ETIQUETA.test(s);

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text as the editor writes it: a blank line starts a paragraph, a single line break stays one
 * (`<br>`), so an old description looks as it was typed.
 */
export function textoAHtml(texto: string): string {
  const t = texto.replace(/\r\n?/g, '\n').trim();
  if (!t) return '';
  return t
    .split(/\n{2,}/)
    .map((p) => `<p>${escapar(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
