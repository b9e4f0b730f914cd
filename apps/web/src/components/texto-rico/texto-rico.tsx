import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { pareceHtml } from '@predio/contract/texto-rico';
import './texto-rico.css';

/**
 * A rich-text value as its author formatted it (sanitised again here, as SafeHtml does, keeping the
 * links' target so they open apart from the app); a plain text saved before the field was rich keeps
 * its line breaks.
 */
export function TextoRico({ valor, className }: { valor: string; className?: string }) {
  const html = useMemo(
    () => (pareceHtml(valor) ? DOMPurify.sanitize(valor, { ADD_ATTR: ['target'], FORBID_ATTR: ['style'] }) : null),
    [valor],
  );
  const clase = ['texto-rico', className].filter(Boolean).join(' ');
  if (html === null) return <div className={`${clase} texto-rico-plano`}>{valor}</div>;
  return <div className={clase} dangerouslySetInnerHTML={{ __html: html }} />;
}
