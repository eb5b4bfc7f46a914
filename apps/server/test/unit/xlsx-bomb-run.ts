import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { inlineRows, sheetXml, type CraftedFile, type PartBody } from '../xlsx-craft.ts';

/**
 * What the two bomb files (xlsx-bombs.test.ts, xlsx-bombs-tables.test.ts) share, two files so that the unit tier's two
 * workers share them. Crafted xlsx files built to exhaust the reader (issue 11): each is imported (dry run) in a process of its own with a
 * 300 MB heap, and must be refused with the import's clear error, within seconds, with the process's peak resident
 * memory well under the import budget (300 MB; a bare `node --import tsx` process is about 90 MB of it). Before the
 * bounded reader, the first two killed the process and the others took it to 300-420 MB or were accepted.
 * BOMB_FIGURES=1 prints each file's sizes and the figures measured.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'xlsx-bomb-child.ts');
const run = promisify(execFile);
const MAX_RSS_MB = 280;

/** A directory of the file's own for its crafted files, removed after them: `const file = bombFiles()`, `file('a.xlsx')`. */
export function bombFiles(): (name: string) => string {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-bombs-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return (name) => path.join(dir, name);
}

export interface Outcome {
  code: string;
  message: string;
  seconds: number;
  peakRssMb: number;
}

export async function importInChild(crafted: CraftedFile, maxRows?: number): Promise<Outcome> {
  const args = [
    '--max-old-space-size=300',
    '--import',
    'tsx',
    child,
    crafted.file,
    ...(maxRows ? [String(maxRows)] : []),
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20, timeout: 60_000 });
  const outcome = JSON.parse(stdout.trim().split('\n').pop()!) as Outcome;
  if (process.env.BOMB_FIGURES) {
    const mb = (n: number) => (n / 2 ** 20).toFixed(2);
    process.stdout.write(
      `[bomb] ${path.basename(crafted.file)}: ${mb(crafted.compressedBytes)} MB → ${mb(crafted.expandedBytes)} MB; ${outcome.code} "${outcome.message}" in ${outcome.seconds.toFixed(2)} s, peak RSS ${outcome.peakRssMb.toFixed(0)} MB\n`,
    );
  }
  return outcome;
}

const header = inlineRows([['名称', '备注']]);
/** A sheet whose first row is the header, then whatever `rows` yields, as a stream. */
export const sheet = (rows: () => Iterable<string>): PartBody =>
  function* () {
    yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    yield header;
    yield* rows();
    yield '</sheetData></worksheet>';
  };
/** Pieces built by `make(i)` for i < count, in chunks of about 64 KB. */
export function* numbered(count: number, make: (i: number) => string): Generator<string> {
  let s = '';
  for (let i = 0; i < count; i++) {
    s += make(i);
    if (s.length > 65_536) {
      yield s;
      s = '';
    }
  }
  if (s) yield s;
}
export const oneSharedCell = sheetXml(`${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`);

export function expectRefused(o: Outcome, code: string, message: string) {
  expect(o.code).toBe(code);
  expect(o.message).toContain(message);
  expect(o.seconds).toBeLessThan(15);
  expect(o.peakRssMb).toBeLessThan(MAX_RSS_MB);
}
