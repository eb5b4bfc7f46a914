import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { ownContactOps } from '@phjr/contract/auth/own-contact';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { applyInput, must, refused, testDistrictSupervisor, testEnterprise } from './shelter-helpers.ts';

/**
 * The shelter application's draft (issue 30, docs/shelter.md "The draft"): saved half written, read and resumed only
 * by the account that saved it, submitted as the application (the draft goes in the same transaction), discarded;
 * never a case, so no list, figure or statistic counts it. And the contact the forms prefill from the account.
 */
let t: TestApp;
let sup: Tokens;
const tag = `SD${Math.random().toString(36).slice(2, 6)}`;
const REGION = '999902';
const q = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  sup = (await testDistrictSupervisor(t.app, t.database.db, `sd${tag}`, REGION)).tokens;
});
afterAll(() => t.close());

/** A PRIVATE file uploaded by `uploader` (written straight to the files table). */
async function file(uploader: number) {
  const id = randomBytes(18).toString('base64url');
  await q(
    `INSERT INTO files (id, name, content_type, size, data, visibility, uploaded_by) VALUES ($1, '证明.pdf', 'application/pdf', 4, '\\x25504446', 'PRIVATE', $2)`,
    [id, uploader],
  );
  return id;
}

describe('the shelter draft', () => {
  it('is saved half written, seen and resumed by its author only, and is never a case, a list row or a figure', async () => {
    const ent = await testEnterprise(t.app, t.database.db, `${tag}a`, REGION);
    const other = await testEnterprise(t.app, t.database.db, `${tag}b`, REGION);
    const figuresBefore = await must(t.app, sup, shelterOps.superviseFigures, { regionCode: REGION });
    expect(await must(t.app, ent.tokens, shelterOps.draft)).toBeNull();

    const proof = await file(ent.id);
    const half = {
      industry: 'MANUFACTURING',
      cause: '订单',
      helpAsked: [{ type: 'EXTENSION' }],
      contactName: '草稿联系人',
      attachmentIds: [proof],
    };
    const saved = await must(t.app, ent.tokens, shelterOps.draftSave, half);
    expect(saved).toMatchObject({
      content: { industry: 'MANUFACTURING', cause: '订单', loans: [], attachmentIds: [proof] },
      attachments: [{ id: proof, name: '证明.pdf' }],
      actions: ['submit', 'discard'],
    });
    // Saved again: one draft, the latest content.
    const again = await must(t.app, ent.tokens, shelterOps.draftSave, { ...half, cause: '订单延迟，回款周期拉长' });
    expect((await must(t.app, ent.tokens, shelterOps.draft)).content.cause).toBe('订单延迟，回款周期拉长');
    expect(Date.parse(again.savedAt)).toBeGreaterThanOrEqual(Date.parse(saved.savedAt));
    expect(await q('SELECT count(*)::int AS n FROM shelter_drafts WHERE user_id = $1', [ent.id])).toEqual([{ n: 1 }]);

    // Nobody else sees it: another enterprise has none, the supervisor's lists and figures know nothing of it.
    expect(await must(t.app, other.tokens, shelterOps.draft)).toBeNull();
    expect(await q('SELECT count(*)::int AS n FROM shelter_cases WHERE enterprise_user_id = $1', [ent.id])).toEqual([
      { n: 0 },
    ]);
    expect((await must(t.app, ent.tokens, shelterOps.myPage, {})).total).toBe(0);
    const name = (await q('SELECT name FROM users WHERE id = $1', [ent.id]))[0].name as string;
    expect((await must(t.app, sup, shelterOps.supervisePage, { view: 'ALL', keyword: name })).total).toBe(0);
    expect(await must(t.app, sup, shelterOps.superviseFigures, { regionCode: REGION })).toEqual(figuresBefore);
    // The supervisor and the operator hold no draft call of the enterprise's (shelter:apply).
    expect((await refused(t.app, sup, shelterOps.draft)).status).toBe(403);
    expect((await refused(t.app, await signInAs(t.app, 'bank'), shelterOps.draftSave, half)).status).toBe(403);
  });

  it('keeps a draft within the bounds and to its author own files; bad input changes nothing', async () => {
    const ent = await testEnterprise(t.app, t.database.db, `${tag}c`, REGION);
    const other = await testEnterprise(t.app, t.database.db, `${tag}d`, REGION);
    await must(t.app, ent.tokens, shelterOps.draftSave, { cause: '第一版' });
    const foreign = await file(other.id);
    for (const [body, field] of [
      [{ cause: '长'.repeat(1001) }, 'cause'],
      [{ attachmentIds: [foreign] }, 'attachmentIds'],
      [{ helpAsked: [{ type: 'EXTENSION' }, { type: 'EXTENSION' }] }, 'helpAsked'],
      [{ loans: [{ amount: -1 }] }, 'loans.0.amount'],
      [{ surprise: 1 }, ''],
    ] as const) {
      const r = await refused(t.app, ent.tokens, shelterOps.draftSave, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (field) expect(r.fields).toContain(field);
    }
    expect((await must(t.app, ent.tokens, shelterOps.draft)).content.cause).toBe('第一版');
  });

  it('is submitted as the application (the draft goes with it), offers no submit while a case is open, and is discarded', async () => {
    const ent = await testEnterprise(t.app, t.database.db, `${tag}e`, REGION);
    await must(t.app, ent.tokens, shelterOps.draftSave, { cause: '草稿' });
    // A submission the rules refuse keeps the draft.
    expect((await refused(t.app, ent.tokens, shelterOps.apply, applyInput({ cause: '太短' }))).status).toBe(400);
    expect(await must(t.app, ent.tokens, shelterOps.draft)).not.toBeNull();
    const created = await must(t.app, ent.tokens, shelterOps.apply, applyInput());
    expect(created.state).toBe('APPLIED');
    expect(await must(t.app, ent.tokens, shelterOps.draft)).toBeNull();
    // With the case open a new draft may be written and kept, not submitted; discarding removes it.
    const next = await must(t.app, ent.tokens, shelterOps.draftSave, { cause: '下一次的申请' });
    expect(next.actions).toEqual(['discard']);
    expect(await must(t.app, ent.tokens, shelterOps.draftDiscard, {})).toBeNull();
    expect(await must(t.app, ent.tokens, shelterOps.draft)).toBeNull();
    expect((await refused(t.app, ent.tokens, shelterOps.draftDiscard, {})).status).toBe(404);
    // An uncertified enterprise keeps a draft but may not submit it.
    const uncertified = await testEnterprise(t.app, t.database.db, `${tag}f`, REGION, { certified: false });
    expect((await must(t.app, uncertified.tokens, shelterOps.draftSave, { cause: '草稿' })).actions).toEqual([
      'discard',
    ]);
  });
});

describe('the contact prefill', () => {
  it('gives the signed-in account its own contact with the full phone, nobody else', async () => {
    const ent = await testEnterprise(t.app, t.database.db, `${tag}g`, REGION);
    await q(`UPDATE users SET legal_rep = '王法人' WHERE id = $1`, [ent.id]);
    expect(await must(t.app, ent.tokens, ownContactOps.own)).toEqual({
      contactName: '王法人',
      contactPhone: ent.phone,
    });
    const person = await signInAs(t.app, 'person');
    const own = await must(t.app, person, ownContactOps.own);
    const [row] = await q(`SELECT name, phone FROM users WHERE username = 'person'`);
    expect(own).toEqual({ contactName: row.name, contactPhone: row.phone });
    expect((await refused(t.app, null, ownContactOps.own)).status).toBe(401);
  });
});
