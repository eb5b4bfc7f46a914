import { IMPORT_LIMITS, invalid, unsafe } from './xlsx-limits.ts';

/**
 * A streaming XML tokenizer for the parts of an xlsx, bounded by construction. General SAX parsers (saxes, sax) keep a
 * whole text node, comment or CDATA section, and every open tag, in memory until it ends: a 100 MB shared string or a
 * million nested elements is a 100 MB string or a million-entry stack before any handler can refuse it. This one
 * hands text over in pieces as it arrives (the reader counts them), keeps at most one tag of `xmlTagChars`, skips
 * comments and processing instructions without keeping them, refuses a DOCTYPE (no entity can expand) and refuses
 * nesting past `xmlDepth`. Element and attribute names are given without their namespace prefix.
 */
export interface XmlEvents {
  /** `tag` is the text between `<` and `>`, for `attr()`. */
  open(name: string, tag: string): void;
  close(name: string): void;
  /** Decoded character data, possibly in several pieces. */
  text(piece: string): void;
}

const enum State {
  Text,
  Comment,
  Cdata,
  Pi,
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{0,7});/g;
/** The longest entity a piece may end in the middle of (`&#x10FFFF;`). */
const MAX_ENTITY = 10;

export function decodeEntities(s: string): string {
  return s.replace(ENTITY, (_m, e: string) => {
    if (e.charCodeAt(0) !== 35) {
      const named = NAMED[e];
      if (named === undefined) throw invalid();
      return named;
    }
    const code = e.charCodeAt(1) === 120 ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw invalid();
    return String.fromCodePoint(code);
  });
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The value of an attribute of a tag given to `open`, by its name without prefix (`id` finds `r:id`). */
export function attr(tag: string, name: string): string | undefined {
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) {
    if (localName(m[1]) === name) {
      const v = m[2] ?? m[3];
      return v.includes('&') ? decodeEntities(v) : v;
    }
  }
  return undefined;
}

export class XmlScanner {
  private state = State.Text;
  /** The unread end of the last chunk: a tag, an entity or a terminator cut by the chunk boundary. */
  private carry = '';
  private readonly stack: string[] = [];

  constructor(private readonly on: XmlEvents) {}

  write(chunk: string): void {
    const s = this.carry ? this.carry + chunk : chunk;
    this.carry = '';
    const n = s.length;
    let i = 0;
    while (i < n) {
      if (this.state === State.Text) {
        const lt = s.indexOf('<', i);
        if (lt < 0) {
          this.textUpToEnd(s.slice(i));
          return;
        }
        if (lt > i) this.emitText(s.slice(i, lt));
        if (n - lt < 2) {
          this.carry = s.slice(lt);
          return;
        }
        const c = s.charCodeAt(lt + 1);
        if (c === 33 /* ! */) {
          if (s.startsWith('<!--', lt)) {
            this.state = State.Comment;
            i = lt + 4;
          } else if (n - lt < 9) {
            this.carry = s.slice(lt);
            return;
          } else if (s.startsWith('<![CDATA[', lt)) {
            this.state = State.Cdata;
            i = lt + 9;
          } else if (s.startsWith('<!DOCTYPE', lt)) {
            throw unsafe('文件含有XML文档类型声明（DOCTYPE），已拒绝读取');
          } else {
            throw invalid();
          }
        } else if (c === 63 /* ? */) {
          this.state = State.Pi;
          i = lt + 2;
        } else {
          const limit = lt + IMPORT_LIMITS.xmlTagChars;
          const gt = tagEnd(s, lt + 1, Math.min(n, limit));
          if (gt < 0) {
            if (n > limit) throw unsafe(`文件中的XML标记超过${IMPORT_LIMITS.xmlTagChars}个字符`);
            this.carry = s.slice(lt);
            return;
          }
          this.tag(s.slice(lt + 1, gt));
          i = gt + 1;
        }
      } else {
        // Comments and processing instructions are skipped, CDATA is text: none of them is kept whole.
        const end = this.state === State.Comment ? '-->' : this.state === State.Pi ? '?>' : ']]>';
        const at = s.indexOf(end, i);
        const stop = at < 0 ? Math.max(i, n - (end.length - 1)) : at;
        if (this.state === State.Cdata && stop > i) this.on.text(s.slice(i, stop));
        if (at < 0) {
          this.carry = s.slice(stop);
          return;
        }
        this.state = State.Text;
        i = at + end.length;
      }
    }
  }

  /** The part ended: anything left open means it was cut short. */
  end(): void {
    if (this.carry.trim() || this.state !== State.Text || this.stack.length) throw invalid();
  }

  private textUpToEnd(t: string) {
    // An entity cut by the chunk boundary waits for the next chunk.
    const amp = t.lastIndexOf('&');
    if (amp >= 0 && t.indexOf(';', amp) < 0) {
      if (t.length - amp > MAX_ENTITY) throw invalid();
      this.carry = t.slice(amp);
      t = t.slice(0, amp);
    }
    if (t) this.emitText(t);
  }

  private emitText(t: string) {
    if (t.includes('&')) t = decodeEntities(t);
    if (t.includes('\r')) t = t.replace(/\r\n?/g, '\n');
    this.on.text(t);
  }

  private tag(t: string) {
    if (t.charCodeAt(0) === 47 /* / */) {
      const name = t.slice(1).trim();
      if (this.stack.pop() !== name) throw invalid();
      this.on.close(localName(name));
      return;
    }
    const selfClosing = t.charCodeAt(t.length - 1) === 47;
    let end = 0;
    while (end < t.length) {
      const c = t.charCodeAt(end);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47) break;
      end += 1;
    }
    const name = t.slice(0, end);
    if (!name) throw invalid();
    const local = localName(name);
    if (!selfClosing) {
      if (this.stack.length >= IMPORT_LIMITS.xmlDepth) throw unsafe(`文件中的XML嵌套超过${IMPORT_LIMITS.xmlDepth}层`);
      this.stack.push(name);
    }
    this.on.open(local, t);
    if (selfClosing) this.on.close(local);
  }
}

/** The `>` that ends a tag begun before `from`, outside quoted attribute values; -1 if none before `to`. */
function tagEnd(s: string, from: number, to: number): number {
  let quote = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 62) {
      return k;
    } else if (c === 34 || c === 39) {
      quote = c;
    }
  }
  return -1;
}
