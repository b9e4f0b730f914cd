import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { TableKit } from '@tiptap/extension-table';
import { Campo, SaltoPagina } from './nodos.ts';

// The HTML the editor writes is the format the server stores, sanitises and fills: a chip must come out
// as <span data-campo> around its Liquid, and come back as a chip when a saved template is opened.

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

const nuevo = (content: string) =>
  (editor = new Editor({
    extensions: [StarterKit, TextAlign.configure({ types: ['heading', 'paragraph'] }), TableKit, Campo, SaltoPagina],
    content,
  }));

describe('template nodes', () => {
  it('writes a field chip as a span with its Liquid, and reads it back as one node', () => {
    const e = nuevo('<p>Hola</p>');
    e.chain().focus('end').insertarCampo('inmueble.canon', '{{ inmueble.canon | moneda }}').run();
    expect(e.getHTML()).toBe('<p>Hola<span data-campo="inmueble.canon" class="campo">{{ inmueble.canon | moneda }}</span> </p>');

    const otra = nuevo(e.getHTML());
    let campos = 0;
    otra.state.doc.descendants((n) => {
      if (n.type.name === 'campo') {
        campos++;
        expect(n.attrs).toEqual({ campo: 'inmueble.canon', expresion: '{{ inmueble.canon | moneda }}' });
      }
    });
    expect(campos).toBe(1);
    // Plain text (e-mail bodies) carries the Liquid, not the label.
    expect(otra.getText()).toContain('{{ inmueble.canon | moneda }}');
  });

  it('writes a page break as the marker the PDF renderer reads, and keeps alignment and tables', () => {
    const e = nuevo('<p style="text-align: center">Título</p>');
    e.chain().focus('end').insertarSaltoPagina().run();
    const html = e.getHTML();
    expect(html).toContain('<div data-type="salto-pagina" class="salto-pagina"></div>');
    expect(html).toContain('<p style="text-align: center;">Título</p>');
    e.chain().focus('end').insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run();
    expect(e.getHTML()).toMatch(/<table[^>]*>.*<th[^>]*>.*<td[^>]*>/s);
  });
});
