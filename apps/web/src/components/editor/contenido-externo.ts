import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/react';

/**
 * The HTML a Tiptap editor reported since its content was last set from outside. Only the last few can
 * come back late, so a long session does not keep every keystroke.
 */
export function useEmitidos() {
  const [emitidos] = useState(() => {
    const vistos = new Set<string>();
    return {
      anotar(html: string) {
        vistos.add(html);
        if (vistos.size > 50) vistos.delete(vistos.values().next().value!);
      },
      tiene: (html: string) => vistos.has(html),
      olvidar: () => vistos.clear(),
    };
  });
  return emitidos;
}

/**
 * A value set from outside (a form reset, another record) replaces the editor's content. One the editor
 * emitted itself does not: under load the form may render an older keystroke's HTML after the editor
 * moved on, and writing it back would undo typing. An empty value is always a reset (a new record).
 * `actual` reads the editor's HTML as the value holds it; give a function defined outside the component.
 */
export function useContenidoExterno(
  editor: Editor | null,
  html: string,
  actual: (e: Editor) => string,
  emitidos: ReturnType<typeof useEmitidos>,
): void {
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (html === actual(editor) || (html !== '' && emitidos.tiene(html))) return;
    emitidos.olvidar();
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html, emitidos, actual]);
}
