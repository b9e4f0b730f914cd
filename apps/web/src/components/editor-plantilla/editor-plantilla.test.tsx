import { act, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { EditorPlantilla } from './editor-plantilla.tsx';

// Under load the form may render an older keystroke's HTML after the editor has moved on; writing it
// back undid typing and reset the cursor (the plantillas e2e saw chips multiply after one click).

/** TipTap hangs its editor on the editable element. */
function editorDe(contenedor: HTMLElement): Editor {
  return (contenedor.querySelector('.ProseMirror') as unknown as { editor: Editor }).editor;
}

describe('EditorPlantilla', () => {
  it('does not write back a value it emitted itself, late', async () => {
    const emitidos: string[] = [];
    const ui = (value: string) => (
      <App>
        <EditorPlantilla value={value} onChange={(h) => emitidos.push(h)} campos={[]} etiqueta="Contenido" />
      </App>
    );
    const { container, rerender } = render(ui('<p>Hola</p>'));
    await waitFor(() => expect(container.querySelector('.ProseMirror')).not.toBeNull());
    const editor = editorDe(container);
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' a');
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, 'b');
    });
    expect(emitidos).toEqual(['<p>Hola a</p>', '<p>Hola ab</p>']);
    // The parent renders the first keystroke's HTML after the second one happened.
    rerender(ui(emitidos[0]!));
    expect(editor.getHTML()).toBe('<p>Hola ab</p>');
  });

  it('takes a value from outside (another template chosen)', async () => {
    const ui = (value: string) => (
      <App>
        <EditorPlantilla value={value} onChange={() => undefined} campos={[]} etiqueta="Contenido" />
      </App>
    );
    const { container, rerender } = render(ui('<p>Uno</p>'));
    await waitFor(() => expect(container.querySelector('.ProseMirror')).not.toBeNull());
    rerender(ui('<p>Otra plantilla</p>'));
    expect(editorDe(container).getHTML()).toBe('<p>Otra plantilla</p>');
  });
});
