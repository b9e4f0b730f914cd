import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { EditorTextoRicoProps } from './editor-texto-rico.tsx';

// The editor (Tiptap) loads with the first form that shows it, not with every page that can open one.
const Editor = lazy(() => import('./editor-texto-rico.tsx').then((m) => ({ default: m.EditorTextoRico })));

/** EditorTextoRico, loaded on first use; a form control (value, onChange, id from Form.Item). */
export function EditorTextoRicoDiferido(props: EditorTextoRicoProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 150 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
