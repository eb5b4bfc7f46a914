import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FARMER_IMPORT_COLUMNS } from '../../packages/contract/src/farmers/farmer.ts';
import { choose, newPage, screenshot, signInAs, stepsOf, useBrowser } from '../fixtures.ts';

/**
 * Issue 30, smaller items of engineer D, as a user sees them: a farmer file refused whole (a sensitive column) stays
 * refused in the import drawer with its reason, and the user picks another file.
 */
const browser = useBrowser();
const run = stepsOf('issue30-d');
const tag = Date.now().toString(36).slice(-5);
/** antd puts a space between two Chinese characters of a button: 检查 reads "检 查". */
const exact = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** The template's header plus a 宗教信仰 column, and one row. */
async function sensitiveFile(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('农户导入');
  ws.columns = [
    ...FARMER_IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 20 })),
    { header: '宗教信仰', key: 'religion', width: 12 },
  ];
  ws.addRow({ kind: '农户', name: `敏感列${tag}`, religion: '无' });
  const file = path.resolve(import.meta.dirname, `../../.tmp/farmers-sensitive-${tag}.xlsx`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await wb.xlsx.writeFile(file);
  return file;
}

describe('issue 30, smaller items (D)', () => {
  it('a refused farmer file stays refused in the drawer, with its reason, and another file can be chosen', async () => {
    const gov = await newPage(browser());
    try {
      await run(gov.page, 'farmer-file-refused', async () => {
        const page = gov.page;
        await signInAs(page, 'gov', '/supervisionClient/farmer-data');
        await page.locator('tr.ant-table-row').first().waitFor();
        await page.getByRole('button', { name: '导入农户数据' }).click();
        const drawer = page.getByRole('dialog', { name: '导入农户数据' });
        const file = await sensitiveFile();
        await drawer.locator('input[type=file]').setInputFiles(file);
        await drawer.getByRole('button', { name: exact('检查') }).click();
        const refused = drawer.getByTestId('import-refused');
        await refused.waitFor();
        expect(await refused.innerText()).toContain(path.basename(file));
        expect(await refused.innerText()).toMatch(/宗教/);
        // Still there once every toast has gone (a toast is all there was before).
        await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await refused.isVisible()).toBe(true);
        await screenshot(page, 'farmers-import-refused');
        // The refused file is let go: nothing to check until another file is chosen, which clears the refusal.
        expect(await drawer.getByRole('button', { name: exact('检查') }).isDisabled()).toBe(true);
        await drawer.locator('input[type=file]').setInputFiles(file);
        await refused.waitFor({ state: 'detached' });
        expect(await drawer.getByRole('button', { name: exact('检查') }).isDisabled()).toBe(false);
      });
    } finally {
      await gov.context.close();
    }
  });

  it('a chain member file refused whole stays refused in the import drawer, with its reason', async () => {
    const op = await newPage(browser());
    try {
      await run(op.page, 'chain-file-refused', async () => {
        const page = op.page;
        await signInAs(page, 'operator', '/operateClient/chain/list');
        await page.getByRole('button', { name: '导入企业' }).click();
        const drawer = page.getByRole('dialog', { name: '导入成员企业' });
        await choose(page, drawer.getByLabel('导入到产业链'), '茶叶产业链');
        // Not a workbook at all, whatever its name says.
        const file = path.resolve(import.meta.dirname, `../../.tmp/chain-members-not-xlsx-${tag}.xlsx`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'name,phone\n这不是 Excel 文件,13800000000\n');
        await drawer.locator('input[type=file]').setInputFiles(file);
        await drawer.getByRole('button', { name: exact('检查') }).click();
        const refused = drawer.getByTestId('import-refused');
        await refused.waitFor();
        expect(await refused.innerText()).toContain(path.basename(file));
        await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await refused.isVisible()).toBe(true);
        expect(await drawer.getByRole('button', { name: exact('检查') }).isDisabled()).toBe(true);
      });
    } finally {
      await op.context.close();
    }
  });

  it('looks: the chain import-fail list and the farmer donut at 1440 px', async () => {
    const op = await newPage(browser());
    try {
      await run(op.page, 'shots', async () => {
        const page = op.page;
        await signInAs(page, 'operator', '/operateClient/chain/importFail');
        await page.locator('tr.ant-table-row').first().waitFor();
        // The state column is in view, not under the fixed action column (issue 30).
        const state = page.locator('tr.ant-table-row').first().locator('.ant-tag').first();
        const box = (await state.boundingBox())!;
        const actions = await page
          .locator('th.ant-table-cell-fix-right, th.ant-table-cell-fix-end')
          .first()
          .boundingBox();
        if (actions) expect(box.x + box.width).toBeLessThanOrEqual(actions.x);
        await screenshot(page, 'chain-import-fail-1440');
        await page.goto('/countryside-develop/farmer-base-info');
        await page.locator('canvas, svg').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.mouse.wheel(0, 700);
        await page.waitForLoadState('networkidle');
        await screenshot(page, 'farmer-base-info-1440');
        await page.mouse.wheel(0, 500);
        await screenshot(page, 'farmer-base-info-1440-b');
      });
    } finally {
      await op.context.close();
    }
  });
});
