import { mergeAttributes, Node } from '@tiptap/react';

/*
 * The two nodes of a template that plain rich text does not have. Their HTML is what the server's
 * sanitiser keeps and its PDF renderer reads (apps/api/src/platform/documentos): a field is
 * `<span data-campo="inmueble.direccion" class="campo">{{ inmueble.direccion }}</span>`, a page break
 * `<div data-type="salto-pagina" class="salto-pagina"></div>`.
 */

declare module '@tiptap/core' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- TipTap's command registry is an interface
  interface Commands<ReturnType> {
    campo: { insertarCampo: (campo: string, expresion: string) => ReturnType };
    saltoPagina: { insertarSaltoPagina: () => ReturnType };
  }
}

export type OpcionesCampo = { etiqueta: (campo: string) => string | null };

/** A merge field, shown as a chip with its Spanish label; one unit for the cursor and Backspace. */
export const Campo = Node.create<OpcionesCampo>({
  name: 'campo',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions() {
    return { etiqueta: () => null };
  },
  addAttributes() {
    return {
      campo: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-campo') ?? '',
        renderHTML: (a: { campo: string }) => ({ 'data-campo': a.campo }),
      },
      // The Liquid it stands for, filters included (`{{ inmueble.canon | moneda }}`).
      expresion: { default: '', parseHTML: (el) => el.textContent ?? '', renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-campo]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: 'campo' }), String(node.attrs.expresion)];
  },
  renderText({ node }) {
    return String(node.attrs.expresion);
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      const campo = String(node.attrs.campo);
      dom.className = 'campo-chip';
      dom.setAttribute('data-campo', campo);
      dom.contentEditable = 'false';
      dom.textContent = this.options.etiqueta(campo) ?? campo;
      dom.title = String(node.attrs.expresion);
      return { dom };
    };
  },
  addCommands() {
    return {
      insertarCampo:
        (campo, expresion) =>
        ({ commands }) =>
          commands.insertContent([
            { type: this.name, attrs: { campo, expresion } },
            { type: 'text', text: ' ' },
          ]),
    };
  },
});

/** Where the PDF starts a new page. */
export const SaltoPagina = Node.create({
  name: 'saltoPagina',
  group: 'block',
  atom: true,
  selectable: true,
  parseHTML() {
    return [{ tag: 'div[data-type="salto-pagina"]' }];
  },
  renderHTML() {
    return ['div', { 'data-type': 'salto-pagina', class: 'salto-pagina' }];
  },
  addCommands() {
    return {
      insertarSaltoPagina:
        () =>
        ({ chain }) =>
          chain()
            .insertContent([{ type: this.name }, { type: 'paragraph' }])
            .run(),
    };
  },
});
