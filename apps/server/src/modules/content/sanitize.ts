import sanitizeHtml from 'sanitize-html';
import { isAllowedRichTextImage } from '@phjr/contract/content/rich-text-images';

const ALIGN = [/^(left|right|center|justify)$/];

/**
 * The one allowlist for rich text (articles, agreements). Anything not listed is dropped: no script, style, iframe,
 * object, embed, svg or form; no event handler or style beyond text-align; links only to http(s), mailto or relative
 * paths; images only from uploaded files or the site's picture folders (isAllowedRichTextImage: any other source is a
 * broken image under the CSP). The stored HTML is safe to render as it is.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    p: ['style'],
    span: ['style'],
  },
  allowedStyles: { p: { 'text-align': ALIGN }, span: { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  // No scheme at all: an image's source is a path of this site (isAllowedRichTextImage).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // The content of these is dropped with the tag, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
    'button',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Every link opens without handing the opener to the target and without a referrer.
    a: (tagName, { target, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(target === '_blank' || target === '_self' ? { target } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedRichTextImage(frame.attribs.src),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(s: string) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    const lower = e.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower];
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? m;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? m;
    return m;
  });
}

function safeCodePoint(n: number) {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
}

// eslint-disable-next-line no-control-regex -- control characters (but tab and line breaks) are what is removed
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Plain text of some HTML (SPEC section 5: "a helper strips HTML tags from text"): tags removed, entities decoded,
 * whitespace collapsed. Repeated until nothing tag-like is left, so decoding can never bring a tag back.
 */
export function plainText(html: string): string {
  // Blocks and line breaks become spaces, so paragraphs do not run into each other.
  let text = html.replace(/<(\/?(?:p|div|h[1-6]|li|tr|td|th|br|hr|blockquote|figcaption)\b)/gi, ' <$1');
  for (let i = 0; i < 5; i++) {
    const next = decodeEntities(
      sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, nonTextTags: RICH_TEXT.nonTextTags }),
    )
      .replace(CONTROL_CHARS, '')
      .replace(/\s+/g, ' ')
      // No space after Chinese punctuation (a paragraph ending in 。 runs on without one).
      .replace(/([\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f\u201c\u201d\u2026]) /g, '$1')
      .trim();
    if (!/<[a-z!/?]/i.test(next)) return next;
    text = next;
  }
  // Still tag-like after five rounds: nothing of it may be read as markup.
  return text.replace(/</g, '＜').replace(/>/g, '＞');
}

/** The first `n` characters of the plain text, with an ellipsis when cut. */
export function summaryOf(html: string, n = 120): string {
  const text = [...plainText(html)];
  return text.length > n ? `${text.slice(0, n).join('')}…` : text.join('');
}
