import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from the server (term content), with scripts, event handlers and unsafe URLs removed first. */
export function SanitizedHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is sanitized by DOMPurify just above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
