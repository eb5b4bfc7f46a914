/**
 * One dry-run import of a crafted file in a process of its own (xlsx-bombs.test.ts starts it with a small heap):
 * reports how it ended, how long it took and the process's peak resident memory. A dry run with a spec that checks
 * nothing against the database needs no database (nor an import slot: runImportOn).
 */
import fs from 'node:fs';
import type { Db } from '../../src/db/client.ts';
import { runImportOn } from '../../src/modules/imports/xlsx-import.ts';

const [file, maxRows] = process.argv.slice(2);
const columns = [
  { key: 'name', header: '名称', required: true },
  { key: 'note', header: '备注' },
];
const started = performance.now();
let outcome: { code: string; message: string; total?: number };
try {
  const out = await runImportOn(
    null as unknown as Db,
    {
      kind: 'BOMB',
      columns,
      maxRows: maxRows ? Number(maxRows) : undefined,
      validate: (row) => ({ value: row }),
      insert: async () => {},
    },
    {
      input: fs.createReadStream(file),
      fileName: 'bomb.xlsx',
      userId: null,
      dryRun: true,
    },
  );
  outcome = { code: 'OK', message: '', total: out.total };
} catch (e) {
  const err = e as { code?: string; message: string };
  outcome = { code: err.code ?? 'THROWN', message: err.message };
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ ...outcome, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
