import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { CHAIN_ENTERPRISE_IMPORT_COLUMNS } from '@phjr/contract/chains/chain';
import { MAKEUP_IMPORT_COLUMNS } from '@phjr/contract/demands/calls';
import { FARMER_IMPORT_COLUMNS } from '@phjr/contract/farmers/farmer';
import { idWithCheck } from '@phjr/contract/auth/certification';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { Db } from '../src/db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ImportFigures {
  total: number;
  succeeded: number;
  failed: number;
  seconds: number;
  peakRssMb: number;
  budgetSeconds: number;
  budgetMb: number;
  pass: boolean;
}

type ChildFigures = Pick<ImportFigures, 'total' | 'succeeded' | 'failed' | 'seconds' | 'peakRssMb'>;

const TYPES = ['个人', '农户', '新型农业经营主体', '企业'];
const INDUSTRIES = ['农业种植', '林牧渔业', '农产品加工', '批发零售'];
const GUARANTEES = ['信用', '抵押', '保证人担保'];

/**
 * Writes a makeup file of `rows` rows with exceljs' streaming writer (one row in a hundred refused: an unknown
 * district), then imports it in a child process (bench/import-child.ts) and returns its time and peak memory.
 */
export async function runImportStep(
  db: Db,
  databaseUrl: string,
  dir: string,
  log: (m: string) => void,
  rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000),
): Promise<ImportFigures> {
  const banks = (
    await db.execute<{ name: string }>(
      sql`SELECT name FROM orgs WHERE classified_type = 'BANK' AND status = 'ACTIVE' ORDER BY id`,
    )
  ).rows.map((b) => b.name);
  const districts = (
    await db.execute<{ name: string }>(sql`SELECT name FROM regions WHERE parent_code IS NOT NULL ORDER BY code`)
  ).rows.map((r) => r.name);
  const file = path.join(dir, 'bench-makeup-import.xlsx');
  const run = Date.now().toString(36);
  // Inline strings by default; BENCH_IMPORT_SHARED_STRINGS=true writes them as Excel does, in a shared-strings table
  // that follows the sheet (one distinct Chinese name per row: the table the import keeps in memory).
  const useSharedStrings = process.env.BENCH_IMPORT_SHARED_STRINGS === 'true';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings });
  const ws = wb.addWorksheet('补录放款导入');
  ws.addRow(MAKEUP_IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (let i = 1; i <= rows; i++) {
    const type = TYPES[i % TYPES.length];
    ws.addRow([
      `规模补录${run}主体${i}`,
      type,
      type === '企业' ? withCheckChar(`91999901MD${String(i % 10_000_000).padStart(7, '0')}`) : '',
      banks[i % banks.length],
      i % 100 === 0 ? '不存在区' : districts[i % districts.length],
      INDUSTRIES[i % INDUSTRIES.length],
      GUARANTEES[i % GUARANTEES.length],
      String(5 + (i % 500)),
      (3.5 + (i % 200) / 100).toFixed(2),
      String([6, 12, 24, 36][i % 4]),
      `2026-${String(1 + (i % 10)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  log(
    `makeup-import: ${rows.toLocaleString('en')} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB; importing in a child process...`,
  );
  const figures = await importInChild('makeup', databaseUrl, file);
  return { ...figures, budgetSeconds: 60, budgetMb: 300, pass: figures.seconds < 60 && figures.peakRssMb < 300 };
}

const TIERS = ['上游', '中游', '下游'];
const SCALES = ['微型', '小型', '中型', '大型', ''];
const TAGS = ['白名单', '', '龙头企业', '', '新型农业经营主体、首贷需求', ''];

/**
 * Writes a chain member file of `rows` rows (issue 14: 50,000) in the template's columns with exceljs' streaming writer
 * (one row in a hundred refused: a credit code whose check digit is wrong), then imports it into a chain of its own in
 * a child process, as the operator, and returns its time and peak memory (budget: 30 s, 300 MB).
 */
export async function runChainImportStep(
  _db: Db,
  databaseUrl: string,
  dir: string,
  log: (m: string) => void,
  rows = Number(process.env.BENCH_CHAIN_IMPORT_ROWS ?? 50_000),
): Promise<ImportFigures> {
  const file = path.join(dir, 'bench-chain-import.xlsx');
  const useSharedStrings = process.env.BENCH_IMPORT_SHARED_STRINGS === 'true';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings });
  const ws = wb.addWorksheet('企业导入');
  ws.addRow(CHAIN_ENTERPRISE_IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (let i = 1; i <= rows; i++) {
    const code = withCheckChar(`91999902MB${String(i).padStart(7, '0')}`);
    // A wrong check digit: the last character replaced by another valid one.
    const bad = i % 100 === 0 ? `${code.slice(0, 17)}${code.endsWith('0') ? '1' : '0'}` : code;
    ws.addRow([
      bad,
      `示范市规模导入第${i}号农业有限公司`,
      TIERS[i % 3],
      `法人${i}`,
      `联系人${i}`,
      `135${String(i).padStart(8, '0')}`,
      SCALES[i % SCALES.length],
      '种植、收购与加工',
      i % 3 === 0 ? String(10 + (i % 900)) : '',
      TAGS[i % TAGS.length],
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  log(
    `chain-import: ${rows.toLocaleString('en')} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB; importing in a child process...`,
  );
  const figures = await importInChild('chain', databaseUrl, file);
  return { ...figures, budgetSeconds: 30, budgetMb: 300, pass: figures.seconds < 30 && figures.peakRssMb < 300 };
}

const FARMER_KINDS_ZH = ['农户', '农户', '农户', '种养大户'];
const PRODUCTS = ['水稻', '蔬菜', '柑橘', '茶叶', '生猪'];

/** Which farmer file and how it is imported: `failing`, every row refused; `dryRun`, checked only (writes nothing). */
export interface FarmerImportVariant {
  failing?: boolean;
  dryRun?: boolean;
}

/**
 * Writes a farmer file of `rows` rows (issue 15: 100,000) in the template's columns with exceljs' streaming writer:
 * households and large growers over the villages of 东湖区 (births 1990 onward: never a demo or scale number), one row
 * in a hundred refused (a wrong check digit); then imports it as the operator in a child process and returns its time
 * and peak memory (budget: 60 s, 300 MB). `failing`: issue 29's attack file instead, every row refused on four columns
 * (phone, land tenure, annual income and credit drawn), its ID number valid; the budget is the same (ENGINEERING.md:
 * whatever the rows hold). `dryRun`: the file is only checked, as the attack posted it.
 */
export async function runFarmerImportStep(
  db: Db,
  databaseUrl: string,
  dir: string,
  log: (m: string) => void,
  rows = Number(process.env.BENCH_FARMER_IMPORT_ROWS ?? 100_000),
  { failing = false, dryRun = false }: FarmerImportVariant = {},
): Promise<ImportFigures> {
  const villages = (
    await db.execute<{ code: string }>(
      sql`SELECT code FROM farmer_villages WHERE district_code = '999902' ORDER BY code`,
    )
  ).rows.map((v) => v.code);
  const file = path.join(dir, 'bench-farmer-import.xlsx');
  const useSharedStrings = process.env.BENCH_IMPORT_SHARED_STRINGS === 'true';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings });
  const ws = wb.addWorksheet('农户导入');
  ws.addRow(FARMER_IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (let i = 1; i <= rows; i++) {
    const birth = new Date(Date.UTC(1990, 0, 1) + (i % 7000) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    const id = idWithCheck(`999902${birth}${String(Math.floor(i / 7000) % 1000).padStart(3, '0')}`);
    const bad = i % 100 === 0 ? `${id.slice(0, 17)}${id.endsWith('0') ? '1' : '0'}` : id;
    const granted = i % 3 === 0 ? 10 + (i % 40) : 0;
    ws.addRow([
      FARMER_KINDS_ZH[i % 4],
      `规模导入农户${i}`,
      failing ? id : bad,
      failing ? '12345' : `136${String(i).padStart(8, '0')}`,
      villages[i % villages.length],
      `第${1 + (i % 5)}网格`,
      String(2 + (i % 50)),
      failing ? '租来的' : '自有承包',
      PRODUCTS[i % PRODUCTS.length],
      failing ? '很多' : String(3 + (i % 40)),
      String(20 + (i % 200)),
      String(i % 30),
      String(i % 7 === 0 ? 1 : 0),
      String(1 + (i % 30)),
      String(granted),
      failing ? '二十' : String(granted ? Math.floor(granted / 2) : 0),
      i % 4 === 0 ? String(5 + (i % 20)) : '0',
      i % 4 === 0 ? '购买农资' : '',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  const name = `farmer-import${failing ? '-failing' : ''}${dryRun ? '-dry-run' : ''}`;
  log(
    `${name}: ${rows.toLocaleString('en')} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB; ${dryRun ? 'a dry run' : 'importing'} in a child process...`,
  );
  const figures = await importInChild('farmer', databaseUrl, file, dryRun);
  return { ...figures, budgetSeconds: 60, budgetMb: 300, pass: figures.seconds < 60 && figures.peakRssMb < 300 };
}

/** Runs bench/import-child.ts (bundled) on `file` and returns what it measured; removes the file. `dryRun`: farmer only. */
async function importInChild(
  kind: 'makeup' | 'chain' | 'farmer',
  databaseUrl: string,
  file: string,
  dryRun = false,
): Promise<ChildFigures> {
  // The child runs bundled, as the server runs in production (dist/server.js, built the same way by build.mjs): the
  // figure is the import's, not the TypeScript loader's.
  const pkg = JSON.parse(fs.readFileSync(path.join(here, '../package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Written under apps/server (its .tmp/ is ignored by git) so that the dependencies left external resolve from the
  // server's own node_modules too (sanitize-html is installed there only, not at the root).
  const childFile = path.join(here, '../.tmp', `import-child-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(here, 'import-child.ts')],
    outfile: childFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@phjr/')),
    logLevel: 'warning',
  });
  const figures = await new Promise<ChildFigures>((resolve, reject) => {
    // BENCH_IMPORT_CHILD_ARGS: node options for the child only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--heap-prof`.
    const execArgv = (process.env.BENCH_IMPORT_CHILD_ARGS ?? '').split(' ').filter(Boolean);
    const child = fork(childFile, {
      execArgv,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        IMPORT_FILE: file,
        IMPORT_KIND: kind,
        IMPORT_DRY_RUN: String(dryRun),
      },
      stdio: 'inherit',
    });
    child.once('message', (m) => resolve(m as ChildFigures));
    child.once('exit', (code) => reject(new Error(`import-child exited with ${code}`)));
  });
  fs.rmSync(file, { force: true });
  fs.rmSync(childFile, { force: true });
  return figures;
}
