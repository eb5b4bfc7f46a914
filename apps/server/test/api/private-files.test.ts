import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { demandOps } from '@phjr/contract/demands/calls';
import { FILE_LINK_TTL_SECONDS } from '@phjr/contract/files/file-link';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { call, createTestApp, TEST_SERVER_SECRET, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { encodePng } from '../../src/seed/demo-images.ts';
import { createFileLinksService, FILE_COOKIE } from '../../src/modules/files/file-links.ts';
import { addMember, chainCast, ok, visitInput, type ChainCast } from './chain-records-helpers.ts';
import { applyInput, must, testDistrictSupervisor, testEnterprise } from './shelter-helpers.ts';
import { demandInput, testApplicant } from './demands-helpers.ts';

/**
 * Issue 30, item 1: private files open in a browser, which cannot send the `satoken` header from an `<img>` or a link
 * in a new tab. The record answers carry links signed for their reader (docs/security.md "Private files (issue 30)");
 * each opens its file without the header, in the browser of the reader's session (its cookie), until it expires, and
 * for no one else.
 */

let t: TestApp;
let c: ChainCast;
const tag = randomBytes(3).toString('hex');
const PNG = encodePng(6, 4, (x, y) => [x * 40, y * 60, 90]);
const PDF = Buffer.from(`%PDF-1.4\n% ${tag}\n%%EOF\n`);

const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userIdOf = async (tokens: Tokens) =>
  (await sql('SELECT user_id FROM sessions WHERE client_token_hash = $1', [sha256(tokens.satokenClient)]))[0]
    .user_id as number;
const sessionIdOf = async (tokens: Tokens) =>
  Number((await sql('SELECT id FROM sessions WHERE client_token_hash = $1', [sha256(tokens.satokenClient)]))[0].id);

/** A PRIVATE file uploaded by the session's user (written straight to the files table). */
async function privateFile(uploader: Tokens, name: string, type: string, data: Buffer) {
  const id = randomBytes(18).toString('base64url');
  await sql(
    `INSERT INTO files (id, name, content_type, size, data, visibility, uploaded_by) VALUES ($1, $2, $3, $4, $5, 'PRIVATE', $6)`,
    [id, name, type, data.length, data, await userIdOf(uploader)],
  );
  return id;
}

/** The browser cookie of a session: what the server sets on that session's own calls. */
async function cookieOf(tokens: Tokens) {
  const res = await call(t.app, tokens, { method: 'GET', url: '/isLogin' });
  const set = res.cookies.find((k) => k.name === FILE_COOKIE);
  if (!set) throw new Error('no file cookie set');
  expect(set.httpOnly).toBe(true);
  expect(set.path).toBe('/');
  return `${FILE_COOKIE}=${set.value}`;
}

/** Opens a link as a browser does: no header, with the cookies it holds (`cookie`, or none). */
const open = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A link signed as the server signs (its key), at another time (`at`, ms): e.g. one past its lifetime. */
function signedAt(
  at: number,
  session: { sessionId: number; userId: number },
  path: string,
  params: Record<string, string | number>,
) {
  return createFileLinksService(Buffer.from(TEST_SERVER_SECRET, 'utf8'), t.app.services.auth.resolveSessionById, {
    secureCookie: false,
    now: () => at,
  }).sign(session, path, params);
}

const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name);
const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set(name, value);
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

describe('a visit photo', () => {
  it('opens for every reader of the visit by the link its answer carries, with no header, in that reader’s browser only', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const photo = await privateFile(c.bank2.tokens.head, `走访${tag}.png`, 'image/png', PNG);
    const v = await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, { photoIds: [photo] }));
    for (const reader of [c.bank2.tokens.head, c.gov2, c.operator]) {
      const detail = await ok(t.app, reader, chainOps.visitDetail, { id: v.id });
      const url = detail.photos[0].url as string;
      expect(url.startsWith(`${chainOps.visitPhoto.path}?`)).toBe(true);
      expect(param(url, 'sid')).toBe(String(await sessionIdOf(reader)));
      const res = await open(url, await cookieOf(reader));
      expect(res.statusCode).toBe(200);
      expect(Buffer.from(res.rawPayload).equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      // Inline, with an ASCII fallback name and the real name encoded (走访 = %E8%B5%B0%E8%AE%BF).
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="__${tag}.png"; filename*=UTF-8''%E8%B5%B0%E8%AE%BF${tag}.png`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private\b/);
    }
    // The link expires FILE_LINK_TTL_SECONDS after the answer that carried it.
    const detail = await ok(t.app, c.operator, chainOps.visitDetail, { id: v.id });
    const exp = Number(param(detail.photos[0].url, 'exp'));
    expect(Math.abs(exp - (Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS))).toBeLessThanOrEqual(5);
  });

  it('is refused without the reader’s cookie, in another user’s browser, tampered with, expired, or signed out', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const photo = await privateFile(c.bank2.tokens.head, `走访${tag}.png`, 'image/png', PNG);
    const other = await privateFile(c.bank2.tokens.head, `走访二${tag}.png`, 'image/png', PNG);
    const v = await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, { photoIds: [photo, other] }));
    const reader = await signInAs(t.app, 'operator');
    const url = (await ok(t.app, reader, chainOps.visitDetail, { id: v.id })).photos[0].url as string;
    const mine = await cookieOf(reader);
    const code = async (u: string, cookie?: string) => {
      const res = await open(u, cookie);
      return `${res.statusCode} ${res.json().errorCode}`;
    };
    expect((await open(url, mine)).statusCode).toBe(200);

    // No cookie (a link copied to a browser nobody signed in to), another user's browser.
    expect(await code(url)).toBe('403 FILE_LINK_INVALID');
    expect(await code(url, await cookieOf(c.gov2))).toBe('403 FILE_LINK_INVALID');
    // A forged cookie for the link's session.
    expect(await code(url, `${FILE_COOKIE}=${param(url, 'sid')}.${randomBytes(32).toString('base64url')}`)).toBe(
      '403 FILE_LINK_INVALID',
    );

    // Tampered: another file of the same visit, another record, a later expiry, another session (with its own cookie),
    // a second signature, the signature itself.
    expect(await code(withParam(url, 'fileId', other), mine)).toBe('403 FILE_LINK_INVALID');
    expect(await code(withParam(url, 'id', String(v.id + 1)), mine)).toBe('403 FILE_LINK_INVALID');
    expect(await code(withParam(url, 'exp', String(Number(param(url, 'exp')) + 3600)), mine)).toBe(
      '403 FILE_LINK_INVALID',
    );
    const gov2Session = String(await sessionIdOf(c.gov2));
    expect(await code(withParam(url, 'sid', gov2Session), await cookieOf(c.gov2))).toBe('403 FILE_LINK_INVALID');
    expect(await code(`${url}&sig=${param(url, 'sig')}`, mine)).toBe('403 FILE_LINK_INVALID');
    expect(await code(withParam(url, 'sig', randomBytes(32).toString('base64url')), mine)).toBe(
      '403 FILE_LINK_INVALID',
    );
    expect(await code(`${url}&download=1`, mine)).toBe('403 FILE_LINK_INVALID');
    // The bare path, as before: the header is needed.
    expect(await code(`${chainOps.visitPhoto.path}?id=${v.id}&fileId=${photo}`, mine)).toBe('401 UNAUTHENTICATED');

    // Expired: a link signed by the server's own key one second past its lifetime.
    const session = { sessionId: await sessionIdOf(reader), userId: await userIdOf(reader) };
    const past = Date.now() - (FILE_LINK_TTL_SECONDS + 1) * 1000;
    const expired = signedAt(past, session, chainOps.visitPhoto.path, { id: v.id, fileId: photo });
    expect(await code(expired, mine)).toBe('403 FILE_LINK_EXPIRED');
    // The same signer now: the link opens (the expiry alone refused it).
    expect(
      (await open(signedAt(Date.now(), session, chainOps.visitPhoto.path, { id: v.id, fileId: photo }), mine))
        .statusCode,
    ).toBe(200);

    // Signed out: every link of the session stops.
    expect((await call(t.app, reader, { method: 'POST', url: '/ssoserver/logout' })).statusCode).toBe(200);
    expect(await code(url, mine)).toBe('401 SESSION_INVALID');
  });

  it('gives a link signed for a user who may not read the visit nothing: the visit’s rule is checked for that user', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const photo = await privateFile(c.bank2.tokens.head, `走访${tag}.png`, 'image/png', PNG);
    const v = await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, { photoIds: [photo] }));
    // Another bank's head office (reads its own bank's visits only), a supervisor outside the chain, the person (no
    // chain permission at all): their detail answers 404 / 403, and a link signed for them opens nothing either.
    expect(
      (await call(t.app, c.bank.tokens.head, { method: 'GET', url: `${chainOps.visitDetail.path}?id=${v.id}` }))
        .statusCode,
    ).toBe(404);
    const cases: [Tokens, string][] = [
      [c.bank.tokens.head, '404 FILE_NOT_FOUND'],
      [c.gov, '404 NOT_FOUND'],
      [await signInAs(t.app, 'person'), '403 FORBIDDEN'],
    ];
    for (const [who, expected] of cases) {
      const link = signedAt(
        Date.now(),
        { sessionId: await sessionIdOf(who), userId: await userIdOf(who) },
        chainOps.visitPhoto.path,
        { id: v.id, fileId: photo },
      );
      const res = await open(link, await cookieOf(who));
      expect(`${res.statusCode}`).toBe(expected.split(' ')[0]);
      // A reader's header decides for itself, whatever link it holds.
      const url = (await ok(t.app, c.operator, chainOps.visitDetail, { id: v.id })).photos[0].url as string;
      expect((await call(t.app, who, { method: 'GET', url })).statusCode).toBe(Number(expected.split(' ')[0]));
    }
  });
});

describe('a shelter attachment', () => {
  it('opens for the enterprise and its supervisor by their signed links, as an inline PDF; not for a bank off the case', async () => {
    const ent = await testEnterprise(t.app, t.database.db, `pf${tag}`, '999905');
    const sup = (await testDistrictSupervisor(t.app, t.database.db, `pf${tag}`, '999905')).tokens;
    const file = await privateFile(ent.tokens, '证明材料.pdf', 'application/pdf', PDF);
    const kase = await must(t.app, ent.tokens, shelterOps.apply, applyInput({ attachmentIds: [file] }));
    for (const reader of [ent.tokens, sup, await signInAs(t.app, 'operator')]) {
      const d = await must(t.app, reader, shelterOps.detail, { id: kase.id });
      const url = d.attachments[0].url as string;
      expect(param(url, 'sig')).not.toBeNull();
      const res = await open(url, await cookieOf(reader));
      expect(res.statusCode).toBe(200);
      expect(Buffer.from(res.rawPayload).equals(PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^inline; filename="_+\.pdf"; filename\*=UTF-8''%E8%AF%81%E6%98%8E%E6%9D%90%E6%96%99\.pdf$/,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      // Another user's browser: refused.
      expect((await open(url, await cookieOf(c.gov2))).statusCode).toBe(403);
    }
    const bank = await signInAs(t.app, 'bank');
    const link = signedAt(
      Date.now(),
      { sessionId: await sessionIdOf(bank), userId: await userIdOf(bank) },
      shelterOps.attachment.path,
      { id: kase.id, fileId: file },
    );
    expect((await open(link, await cookieOf(bank))).statusCode).toBe(404);
  });
});

describe('a demand attachment and a PRIVATE upload', () => {
  it('open by their signed links: an office file as a download with a safe name', async () => {
    const applicant = await testApplicant(t.app, t.database.db, `pf${tag}`);
    const docx = Buffer.from(`PK\u0003\u0004${tag}`);
    const file = await privateFile(
      applicant.tokens,
      '经营"报表;.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      docx,
    );
    const { id: demandId } = await must(
      t.app,
      applicant.tokens,
      demandOps.create,
      demandInput({ attachmentIds: [file], purpose: `采购原料${tag}补充流动资金` }),
    );
    const d = await must(t.app, applicant.tokens, demandOps.detail, { id: demandId });
    const res = await open(d.attachments[0].url, await cookieOf(applicant.tokens));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="___+\.docx"; filename\*=UTF-8''/);
    expect(res.headers['content-disposition']).not.toMatch(/[\r\n]/);

    // An upload's own link: signed for the uploader when PRIVATE.
    const boundary = `----phjr${tag}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call(t.app, applicant.tokens, {
      method: 'POST',
      url: '/zscms/files/upload.json?visibility=PRIVATE',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const url = up.json().data.url as string;
    expect(param(url, 'sig')).not.toBeNull();
    expect((await open(url, await cookieOf(applicant.tokens))).statusCode).toBe(200);
    expect((await open(url, await cookieOf(c.gov2))).statusCode).toBe(403);
  });
});
