import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** Server-provided HTML, sanitised before it reaches the page (ARCHITECTURE "Web app"). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
