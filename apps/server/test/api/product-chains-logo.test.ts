import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { encodePng } from '../../src/seed/demo-images.ts';
import { must as mustChain, chainInput } from './chains-helpers.ts';
import { createProduct, get, manageDetail, post, productIn, productInput, testBank } from './products-helpers.ts';

/**
 * Issue 13 point 2: a product names its industrial chains (active ones only, a field error otherwise) and carries a
 * logo its provider uploads as a PUBLIC image; the supermarket's chain filter returns exactly the products tied to it.
 */

let t: TestApp;
let operator: Tokens;
let person: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
const tag = `PC${Math.random().toString(36).slice(2, 7)}`;
let active: number;
let archived: number;
const PNG = encodePng(8, 8, (x, y) => [x * 30, 200 - y * 20, 90]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function upload(tokens: Tokens, name: string, data: Buffer, visibility: 'PUBLIC' | 'PRIVATE') {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return call(t.app, tokens, {
    method: 'POST',
    url: `/zscms/files/upload.json?visibility=${visibility}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const save = (tokens: Tokens, body: unknown) => post(t.app, tokens, '/finance/product/manage/save.json', body);
const fieldsOf = (res: { json(): { data?: { fields?: { field: string }[] } } }) =>
  (res.json().data?.fields ?? []).map((f) => f.field);

beforeAll(async () => {
  t = await createTestApp();
  [operator, person] = await Promise.all([signInAs(t.app, 'operator'), signInAs(t.app, 'person')]);
  bank = await testBank(t.app, t.database.db, tag);
  active = (await mustChain(t.app, operator, chainOps.save, chainInput(`产品链${tag}`))).id;
  archived = (await mustChain(t.app, operator, chainOps.save, chainInput(`停用链${tag}`))).id;
  await mustChain(t.app, operator, chainOps.setStatus, { id: archived, status: 'ARCHIVED' });
});
afterAll(async () => {
  // The portal and the chain lists of other files see the demo data alone.
  await t.database.pool.query(`UPDATE products SET status = 'DELISTED' WHERE name LIKE $1 AND status = 'LISTED'`, [
    `%${tag}%`,
  ]);
  await t.database.pool.query(`UPDATE industrial_chains SET status = 'ARCHIVED' WHERE name LIKE $1`, [`%${tag}%`]);
  await t.close();
});

describe('the chains of a product', () => {
  it('keeps active chains, and refuses an unknown or archived one with an error on the field', async () => {
    const id = await createProduct(
      t.app,
      bank.tokens.head,
      productInput(`链贷${tag}`, { industrialChainIds: [active, active] }),
    );
    expect((await manageDetail(t.app, bank.tokens.head, id)).json().data.industrialChainIds).toEqual([active]);
    for (const bad of [archived, 2_000_000_000]) {
      const res = await save(bank.tokens.head, productInput(`坏链${tag}`, { industrialChainIds: [active, bad] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION');
      expect(fieldsOf(res)).toEqual(['industrialChainIds']);
      expect(res.json().errorMessage).toContain(String(bad));
    }
    // An edit is checked the same way.
    const edit = await save(bank.tokens.head, {
      ...productInput(`链贷${tag}`, { industrialChainIds: [archived] }),
      id,
    });
    expect(fieldsOf(edit)).toEqual(['industrialChainIds']);
  });
});

describe('the logo of a product', () => {
  it('a provider uploads a PUBLIC image and saves it as the logo, which anyone may see', async () => {
    const up = await upload(bank.tokens.branchA, 'logo.png', PNG, 'PUBLIC');
    expect(up.statusCode).toBe(200);
    const file = up.json().data as { id: string; url: string };
    const id = await createProduct(t.app, bank.tokens.branchA, productInput(`图标贷${tag}`, { logoFileId: file.id }));
    const d = (await manageDetail(t.app, bank.tokens.branchA, id)).json().data;
    expect(d).toMatchObject({ logoFileId: file.id, logo: file.url });
    const view = await call(t.app, null, { method: 'GET', url: file.url });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    // Saved without it, the product has no logo again.
    await save(bank.tokens.branchA, { ...productInput(`图标贷${tag}`), id });
    expect((await manageDetail(t.app, bank.tokens.branchA, id)).json().data).toMatchObject({
      logoFileId: null,
      logo: null,
    });
  });

  it('a provider may not make a PUBLIC file that is not an image; PRIVATE stays open to it', async () => {
    const res = await upload(bank.tokens.head, 'rates.pdf', PDF, 'PUBLIC');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await upload(bank.tokens.head, 'rates.pdf', PDF, 'PRIVATE')).statusCode).toBe(200);
    // The operator (content:manage) still publishes any accepted type; a person publishes nothing.
    expect((await upload(operator, 'rates.pdf', PDF, 'PUBLIC')).statusCode).toBe(200);
    expect((await upload(person, 'logo.png', PNG, 'PUBLIC')).statusCode).toBe(403);
  });

  it('refuses a logo that is not a PUBLIC image: a private image, a public PDF, an unknown id', async () => {
    const privateImage = (await upload(bank.tokens.head, 'logo.png', PNG, 'PRIVATE')).json().data.id as string;
    const publicPdf = (await upload(operator, 'rates.pdf', PDF, 'PUBLIC')).json().data.id as string;
    for (const logoFileId of [privateImage, publicPdf, randomBytes(24).toString('base64url')]) {
      const res = await save(bank.tokens.head, productInput(`坏图标${tag}`, { logoFileId }));
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['logoFileId']);
    }
    // Not a file id at all: refused by the schema, on the field.
    const res = await save(bank.tokens.head, productInput(`坏图标${tag}`, { logoFileId: '../x' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['logoFileId']);
  });
});

describe('the supermarket’s chain filter', () => {
  it('returns exactly the LISTED products tied to the chain, with their logos', async () => {
    const logo = (await upload(bank.tokens.head, 'logo.png', PNG, 'PUBLIC')).json().data as { id: string; url: string };
    const tied = await productIn(
      t.app,
      bank.tokens.head,
      operator,
      'LISTED',
      productInput(`链上贷${tag}`, { industrialChainIds: [active], logoFileId: logo.id }),
    );
    const tiedToo = await productIn(
      t.app,
      bank.tokens.branchB,
      operator,
      'LISTED',
      productInput(`链上二贷${tag}`, { industrialChainIds: [1, active] }),
    );
    await productIn(t.app, bank.tokens.head, operator, 'LISTED', productInput(`链外贷${tag}`));
    await productIn(
      t.app,
      bank.tokens.head,
      operator,
      'PENDING_REVIEW',
      productInput(`链上待审${tag}`, { industrialChainIds: [active] }),
    );
    const page = (
      await get(
        t.app,
        null,
        `/finance/portal/product/page.json?sourceValue=supermarket&industrialChainIds=${active}&pageSize=50`,
      )
    ).json().data;
    expect(page.list.map((p: { id: number }) => p.id).sort()).toEqual([tied, tiedToo].sort());
    expect(page.total).toBe(2);
    expect(page.list.find((p: { id: number }) => p.id === tied).logo).toBe(logo.url);
    expect(page.list.find((p: { id: number }) => p.id === tiedToo).logo).toBeNull();
    // The portal's detail carries the logo too.
    expect((await get(t.app, null, `/finance/portal/product/detail.json?id=${tied}`)).json().data.logo).toBe(logo.url);
  });
});
