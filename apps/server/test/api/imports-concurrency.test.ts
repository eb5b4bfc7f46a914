import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import { upsertFarmers } from '../../src/modules/farmers/farmers.repo.ts';
import { tryImportSlot, tryUserImportLock } from '../../src/modules/imports/imports.repo.ts';
import { runImport, type ImportSpec } from '../../src/modules/imports/xlsx-import.ts';
import { IMPORT_SLOTS, MAX_KEPT_FAILURES } from '../../src/modules/imports/xlsx-limits.ts';
import { craftXlsx } from '../xlsx-craft.ts';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { testDistrictSupervisor } from './demands-helpers.ts';
import { household, nextIdNumber, row, upload, xlsx } from './farmers-helpers.ts';

/**
 * Imports under load (issue 29, findings 1 and 4): a failing file keeps only the failures its answer lists (counts
 * stay true); imports running at once are bounded in the database (one per user, IMPORT_SLOTS.platform in all), one
 * more answered 429 IMPORT_BUSY with Retry-After; and the farmer upsert writes only records in the importer's scope,
 * counted from what its statement did, when another import writes the same number at the same time.
 */
let t: TestApp;
let gov: Tokens;
let dir: string;
const tag = `IC${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userId = async (username: string) =>
  (await sql('SELECT id FROM users WHERE username = $1', [username]))[0].id as number;

beforeAll(async () => {
  t = await createTestApp();
  gov = await signInAs(t.app, 'gov');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-import-conc-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** A spec that refuses every row on two columns, and says which rows repeat a key. */
const failingSpec = (): ImportSpec<never, void> => ({
  kind: 'TEST_FAILING',
  columns: [
    { key: 'a', header: 'A' },
    { key: 'b', header: 'B' },
  ],
  validate: (r) => ({
    error: 'bad a；bad b',
    errors: [
      { column: 'a', reason: `bad a ${r.a}` },
      { column: 'b', reason: 'bad b' },
    ],
    keys: [`b:${r.b}`],
  }),
  insert: async () => {},
});

describe('a file of failing rows', () => {
  const ROWS = 12_000;
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, 'failing.xlsx');
    // Every tenth row repeats the key of the row before it: a duplicate within the file.
    const rows = function* () {
      yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      yield '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="B1" t="inlineStr"><is><t>B</t></is></c></row>';
      for (let i = 0; i < ROWS; i++) {
        const r = i + 2;
        const key = i % 10 === 9 ? i - 1 : i;
        yield `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>x${i}</t></is></c><c r="B${r}" t="inlineStr"><is><t>k${key}</t></is></c></row>`;
      }
      yield '</sheetData></worksheet>';
    };
    await craftXlsx(file, rows);
  });

  it('a dry run keeps only the first failures its answer lists, and counts them all', async () => {
    const out = await runImport(t.database.db, failingSpec(), {
      input: fs.createReadStream(file),
      fileName: 'f.xlsx',
      userId: null,
      dryRun: true,
    });
    expect(out).toMatchObject({ total: ROWS, succeeded: 0, failed: ROWS, duplicates: ROWS / 10 });
    expect(out.failures).toHaveLength(MAX_KEPT_FAILURES);
    expect(out.failures.map((f) => f.rowNo)).toEqual(Array.from({ length: MAX_KEPT_FAILURES }, (_, k) => k + 2));
    expect(out.failures[0].errors).toEqual([
      { column: 'a', reason: 'bad a x0' },
      { column: 'b', reason: 'bad b' },
    ]);
  });

  it('a real import stores every failed row and keeps the same few in memory', async () => {
    const out = await runImport(t.database.db, failingSpec(), {
      input: fs.createReadStream(file),
      fileName: 'f.xlsx',
      userId: null,
      dryRun: false,
    });
    expect(out).toMatchObject({ total: ROWS, succeeded: 0, failed: ROWS, duplicates: ROWS / 10 });
    expect(out.failures).toHaveLength(MAX_KEPT_FAILURES);
    expect((await sql('SELECT count(*)::int AS n FROM import_failures WHERE job_id = $1', [out.jobId]))[0].n).toBe(
      ROWS,
    );
  });
});

/** A connection of the test's own, holding the import locks it takes until released. */
async function holder() {
  const client: pg.PoolClient = await t.database.pool.connect();
  const conn = drizzle(client, { schema }) as unknown as Db;
  return {
    conn,
    async release() {
      await client.query('SELECT pg_advisory_unlock_all()');
      client.release();
    },
  };
}

describe('imports running at once', () => {
  const file = () => xlsx([row(household({ idNumber: nextIdNumber(), name: `并发${tag}` }))]);

  it('one per user: a second import of the same user is answered 429 IMPORT_BUSY with Retry-After, before its file is read; the slot frees after', async () => {
    const h = await holder();
    try {
      expect(await tryUserImportLock(h.conn, await userId('gov'))).toBe(true);
      const jobs = (await sql("SELECT count(*)::int AS n FROM import_jobs WHERE kind = 'FARMERS'"))[0].n;
      const busy = await upload(t.app, gov, await file(), false);
      expect(busy.statusCode).toBe(429);
      expect(busy.headers['retry-after']).toBe(String(IMPORT_SLOTS.retryAfterSeconds));
      expect(busy.json()).toMatchObject({
        success: false,
        errorCode: 'IMPORT_BUSY',
        errorMessage: '另一个导入正在进行，请约1分钟后再试',
      });
      expect((await sql("SELECT count(*)::int AS n FROM import_jobs WHERE kind = 'FARMERS'"))[0].n).toBe(jobs);
      // Another user is not held back by it.
      const other = (await testDistrictSupervisor(t.app, t.database.db, `${tag}a`, '999903')).tokens;
      expect((await upload(t.app, other, await file(), false)).statusCode).toBe(200);
    } finally {
      await h.release();
    }
    const after = await upload(t.app, gov, await file(), false);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ valid: 1, invalid: 0 });
  });

  it(`${IMPORT_SLOTS.platform} in all: with every platform slot taken, any user's import is answered 429; a slot freed lets the next in`, async () => {
    const holders = [];
    try {
      for (let k = 0; k < IMPORT_SLOTS.platform; k++) {
        holders.push(await holder());
        expect(await tryImportSlot(holders[k].conn, IMPORT_SLOTS.platform)).toBe(k);
      }
      const busy = await upload(t.app, gov, await file(), true);
      expect(busy.statusCode).toBe(429);
      expect(busy.json().errorCode).toBe('IMPORT_BUSY');
      await holders.pop()!.release();
      expect((await upload(t.app, gov, await file(), false)).statusCode).toBe(200);
    } finally {
      for (const h of holders) await h.release();
    }
  });
});

describe('two imports writing the same new ID number at once', () => {
  /** Values of a farmer record of `district` as the repository stores them. */
  const values = (idNumber: string, villageCode: string, name: string) => ({
    kind: 'HOUSEHOLD',
    name,
    idNumber,
    phone: null,
    districtCode: villageCode.slice(0, 6),
    townshipCode: villageCode.slice(0, 9),
    villageCode,
    grid: null,
    landArea: 1,
    landTenure: 'OWN',
    mainProducts: null,
    annualIncome: null,
    assets: null,
    liabilities: null,
    overdueCount: null,
    yearsFarming: null,
    creditGranted: 0,
    creditDrawn: 0,
    financingNeed: 0,
    needPurpose: null,
    rating: 'UNRATED',
    ratingScore: null,
    source: 'IMPORT',
    importJobId: null,
    createdBy: null,
  });

  /**
   * The first import's write of `idNumber` in `villageCode`, in a transaction left open while `second` runs: `second`
   * checks before the record is committed (it sees none), then its upsert waits on the number until the first
   * commits. Answers `second`'s answer.
   */
  async function whileFirstUncommitted(
    idNumber: string,
    villageCode: string,
    second: () => Promise<{ statusCode: number; json(): { data: unknown } }>,
  ) {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await upsertFarmers(
        drizzle(client, { schema }) as unknown as Db,
        [values(idNumber, villageCode, `先到${tag}`) as never],
        [villageCode.slice(0, 6)],
      );
      const answer = second();
      // The second import's upsert waits for this transaction on the number's unique index.
      const until = Date.now() + 20_000;
      for (;;) {
        const waiting = await sql(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO farmers%' AND pid <> pg_backend_pid()`,
        );
        if (waiting[0].n > 0) break;
        if (Date.now() > until) throw new Error("the second import never waited on the first one's record");
      }
      await client.query('COMMIT');
      return await answer;
    } finally {
      client.release();
    }
  }

  it("another district's import does not take the record over: its row is refused, the record stays in the first district", async () => {
    const id = nextIdNumber('999901');
    const second = (await testDistrictSupervisor(t.app, t.database.db, `${tag}b`, '999903')).tokens;
    const res = await whileFirstUncommitted(id, '999901001001', async () =>
      upload(
        t.app,
        second,
        await xlsx([row(household({ idNumber: id, name: `后到${tag}`, villageCode: '999903002003' }))]),
        false,
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, valid: 0, updated: 0, invalid: 1 });
    const [rec] = await sql(
      'SELECT name, district_code AS "districtCode", village_code AS "villageCode" FROM farmers WHERE id_number = $1',
      [id],
    );
    expect(rec).toEqual({ name: `先到${tag}`, districtCode: '999901', villageCode: '999901001001' });
    const failed = await sql('SELECT errors FROM farmer_fail_records WHERE job_id = $1', [
      (res.json().data as { importRecordId: number }).importRecordId,
    ]);
    expect(failed).toHaveLength(1);
    expect(failed[0].errors[0].column).toBe('idNumber');
  });

  it('an import that may update the record counts the update its statement made', async () => {
    const id = nextIdNumber('999903');
    const res = await whileFirstUncommitted(id, '999903002003', async () =>
      upload(
        t.app,
        gov,
        await xlsx([row(household({ idNumber: id, name: `后到${tag}`, villageCode: '999903002003' }))]),
        false,
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, valid: 1, updated: 1, invalid: 0 });
    expect((await sql('SELECT name FROM farmers WHERE id_number = $1', [id]))[0].name).toBe(`后到${tag}`);
  });
});
