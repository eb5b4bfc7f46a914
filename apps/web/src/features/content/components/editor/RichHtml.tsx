import '../article-view.css';

/**
 * Stored rich text in the readers' article styles. The server sanitizes every body with its allowlist before
 * storing it, so it is rendered as is. A box that scrolls on its own (`scrollLabel`) is a named region a keyboard can
 * reach and scroll (WCAG 2.1.1).
 */
export function RichHtml({ html, className, scrollLabel }: { html: string; className?: string; scrollLabel?: string }) {
  return (
    <div
      className={className ? `phjr-article-body ${className}` : 'phjr-article-body'}
      {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
