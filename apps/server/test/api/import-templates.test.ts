import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { chainCast, type ChainCast } from './chain-records-helpers.ts';

/**
 * Issue 30, item 4: an import template downloaded and uploaded unedited imports nothing. Each template's data sheet
 * holds only its header row; the example, where there is one, sits on the 填写说明 sheet.
 */
let t: TestApp;
let c: ChainCast;
let operator: Tokens;
let gov: Tokens;
const tag = `IT${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
  operator = await signInAs(t.app, 'operator');
  gov = await signInAs(t.app, 'gov');
});
afterAll(() => t.close());

function multipart(file: Buffer) {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="template.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The non-empty cell values of a sheet, row by row. */
const cells = (ws: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
};

const templates = () => [
  {
    name: 'farmers',
    tokens: gov,
    template: farmerOps.importTemplate.path,
    upload: farmerOps.importFarmers.path,
    example: '张三',
  },
  {
    name: 'chain members',
    tokens: c.bank.tokens.head,
    template: chainOps.importTemplate.path,
    upload: `${chainOps.importEnterprises.path}?industrialChainId=${c.x}`,
    example: '示范市绿源茶业有限公司',
  },
  {
    name: 'makeup loans',
    tokens: operator,
    template: '/finance/demand/makeup/import/template.json',
    upload: '/finance/demand/makeup/import/upload.json',
    example: '示范市绿源茶业有限公司',
  },
  {
    name: 'users',
    tokens: operator,
    template: '/finance/user/import/template.json',
    upload: '/finance/user/import/upload.json',
    example: null,
  },
];

describe('an import template uploaded unedited', () => {
  it('has only the header row in its data sheet, the example on 填写说明, and is refused as a file with no rows', async () => {
    for (const tp of templates()) {
      const got = await call(t.app, tp.tokens, { method: 'GET', url: tp.template });
      expect(got.statusCode, tp.name).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(got.rawPayload as unknown as ArrayBuffer);
      expect(cells(wb.worksheets[0]).length, tp.name).toBe(1);
      if (tp.example) expect(cells(wb.getWorksheet('填写说明')!).flat(), tp.name).toContain(tp.example);

      const { payload, headers } = multipart(got.rawPayload);
      const sep = tp.upload.includes('?') ? '&' : '?';
      const res = await call(t.app, tp.tokens, {
        method: 'POST',
        url: `${tp.upload}${sep}dryRun=true`,
        payload,
        headers,
      });
      expect(res.statusCode, `${tp.name}: ${res.body}`).toBe(400);
      expect(res.json().errorMessage, tp.name).toBe('文件中没有数据行');
    }
  });
});
