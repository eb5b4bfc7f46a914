import { IMPORT_LIMITS, mb, tooLarge } from './xlsx-limits.ts';
import type { XmlEvents } from './xml-scanner.ts';

const BLOCK_BITS = 20;
const BLOCK = 1 << BLOCK_BITS;

/**
 * The shared strings of a workbook, packed: their UTF-8 bytes in 1 MB blocks and two typed arrays of positions and
 * lengths, so 500,000 distinct Chinese strings take about 15 MB outside the JavaScript heap instead of 500,000 heap
 * strings (and a string is read back as a fresh string when a cell asks for it). Bounded by count and by total bytes;
 * past either the import is refused rather than the table grown.
 */
export class SharedStrings {
  private readonly blocks: Buffer[] = [];
  private used = BLOCK;
  private at = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private bytes = 0;
  count = 0;

  add(s: string): void {
    if (this.count >= IMPORT_LIMITS.sharedStrings)
      throw tooLarge(`文件中的共享字符串超过${IMPORT_LIMITS.sharedStrings}个`);
    const n = Buffer.byteLength(s);
    this.bytes += n;
    if (this.bytes > IMPORT_LIMITS.sharedStringBytes)
      throw tooLarge(`文件中的共享字符串总量超过${mb(IMPORT_LIMITS.sharedStringBytes)}`);
    // One string is at most cellChars × 3 bytes (< 100 KB), so it always fits a fresh block.
    if (this.used + n > BLOCK) {
      this.blocks.push(Buffer.allocUnsafe(BLOCK));
      this.used = 0;
    }
    if (this.count === this.at.length) {
      const size = Math.min(this.at.length * 2, IMPORT_LIMITS.sharedStrings);
      const at = new Uint32Array(size);
      at.set(this.at);
      this.at = at;
      const lengths = new Uint32Array(size);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    const block = this.blocks.length - 1;
    this.blocks[block].write(s, this.used, 'utf8');
    this.at[this.count] = block * BLOCK + this.used;
    this.lengths[this.count] = n;
    this.used += n;
    this.count += 1;
  }

  get(index: number): string | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    const p = this.at[index];
    const offset = p & (BLOCK - 1);
    return this.blocks[p >>> BLOCK_BITS].toString('utf8', offset, offset + this.lengths[index]);
  }
}

/**
 * Reads xl/sharedStrings.xml into a table: each `<si>` is the text of its `<t>` elements (rich-text runs joined),
 * without its phonetic guides (`<rPh>`), as Excel shows it.
 */
export class SharedStringsReader implements XmlEvents {
  readonly table = new SharedStrings();
  private inItem = false;
  private inText = false;
  private phonetic = 0;
  private current = '';

  open(name: string): void {
    if (name === 'si') {
      this.inItem = true;
      this.current = '';
    } else if (name === 'rPh') {
      this.phonetic += 1;
    } else if (name === 't' && this.inItem && !this.phonetic) {
      this.inText = true;
    }
  }

  close(name: string): void {
    if (name === 't') {
      this.inText = false;
    } else if (name === 'rPh') {
      this.phonetic -= 1;
    } else if (name === 'si' && this.inItem) {
      this.table.add(this.current);
      this.current = '';
      this.inItem = false;
    }
  }

  text(piece: string): void {
    if (!this.inText) return;
    if (this.current.length + piece.length > IMPORT_LIMITS.cellChars)
      throw tooLarge(`文件中的单元格文字超过${IMPORT_LIMITS.cellChars}个字符`);
    this.current += piece;
  }
}
