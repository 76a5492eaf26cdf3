import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './html-content.css';

/** Admin-authored HTML, sanitized before it reaches the DOM. */
export function HtmlContent({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: clean }} />;
}
