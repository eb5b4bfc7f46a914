import type { UploadType } from '@phjr/contract/files/upload';

/**
 * The type of a file from its first bytes (and, for the office formats, the entry names of the zip archive),
 * never from its name or its declared type. null: not one of the accepted types.
 */
export function detectFileType(buf: Buffer): UploadType | null {
  const starts = (bytes: number[], at = 0) =>
    buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
  const ascii = (s: string, at = 0) => starts([...Buffer.from(s, 'latin1')], at);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'webp';
  if (ascii('%PDF-')) return 'pdf';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(buf);
    if (names.some((n) => n.startsWith('word/'))) return 'docx';
    if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  }
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The entry names of a zip archive, read from its central directory; [] when the archive is not readable. */
export function zipEntryNames(buf: Buffer): string[] {
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) return names;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen > buf.length) return names;
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
