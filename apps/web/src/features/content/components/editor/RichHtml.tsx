import '../article-view.css';

/**
 * Stored rich text in the readers' article styles. The server sanitizes every body with its allowlist before
 * storing it, so it is rendered as is.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `phjr-article-body ${className}` : 'phjr-article-body'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
