import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/seed/demo-images.ts';
import {
  beijingDay,
  e2eDatabase,
  newPage,
  screenshot,
  signInAs,
  stepsOf,
  useBrowser,
  type DemoAccountName,
} from '../fixtures.ts';

/**
 * Issue 30, item 1: private files open for every user allowed to see them, in a real browser, where an `<img>` or a
 * link in a new tab cannot send the `satoken` header (docs/security.md "Private files (issue 30)"). The demo bank
 * records a visit with a photo; the bank, the operator and the chain's chief department (`gov`) each open the visit
 * and the photo actually loads. The demo enterprise's case in the shelter carries a 证明材料 file; the enterprise, the
 * city supervisor and the case's lead bank each open it in a new tab and get its bytes. The guarantee company may see
 * neither: the links the others were given open nothing in its browser, nor in a browser nobody signed in to.
 */

const browser = useBrowser();
const run = stepsOf('private-files');
const tag = Math.random().toString(36).slice(2, 8);

const token = (page: Page) => page.evaluate(() => localStorage.getItem('satokenClient') ?? '');

/** A call of the API with the page's own session, as the web makes it (setting up what the test then opens). */
async function api<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const headers = { satoken: await token(page) };
  const res =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data: body });
  const json = (await res.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A PRIVATE upload of the page's user (fileOps.upload, as the forms send it). */
async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const res = await page.request.post('/zscms/files/upload.json?visibility=PRIVATE', {
    headers: { satoken: await token(page) },
    multipart: { file: { name, mimeType, buffer } },
  });
  const json = (await res.json()) as { success: boolean; data: { id: string } };
  if (!json.success) throw new Error(JSON.stringify(json));
  return json.data.id;
}

async function signedIn(who: DemoAccountName) {
  const s = await newPage(browser());
  await signInAs(s.page, who);
  return s;
}

/** The photo on a visit's detail page has loaded: its natural size is the picture's. */
async function photoLoads(page: Page, url: string, alt: string) {
  await page.goto(url);
  const img = page.getByRole('img', { name: alt });
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
}

/** Clicks an attachment link of the open drawer: the new tab's answer is 200 with the file's bytes. */
async function attachmentOpens(context: BrowserContext, page: Page, name: string, bytes: Buffer, shot?: string) {
  const answered = context.waitForEvent('response', (r) => r.url().includes('/finance/shelter/attachment.json'));
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name }).click()]);
  const res = await answered;
  expect(res.status()).toBe(200);
  expect((await res.body()).equals(bytes)).toBe(true);
  expect(res.headers()['content-disposition']).toMatch(/^inline;/);
  await tab.waitForLoadState();
  if (shot) await screenshot(tab, shot);
  await tab.close();
  return res.url();
}

describe('private files', () => {
  it('a visit photo and a shelter attachment open for each role that may see them, and for no other', async () => {
    const bank = await signedIn('bank');
    const opened: string[] = [];
    let visitId = 0;
    const photoName = `走访照片${tag}.png`;
    const photo = encodePng(320, 200, (x, y) => [40 + (x % 160), 120 + (y % 100), 200 - (x % 80)]);

    await run(bank.page, 'bank-records-a-visit-with-a-photo', async () => {
      // A member of one of the bank's chains it may visit (the demo's chains all have `gov` as chief department).
      const members = await api<{ list: { id: number; actions: string[] }[] }>(
        bank.page,
        'GET',
        '/finance/industrialChain/enterprise/page.json?current=1&pageSize=100',
      );
      const member = members.list.find((m) => m.actions.includes('visit'));
      expect(member?.actions, 'a member the demo bank may visit').toContain('visit');
      const fileId = await upload(bank.page, photoName, 'image/png', photo);
      const today = beijingDay();
      const visit = await api<{ id: number }>(
        bank.page,
        'POST',
        '/finance/industrialChain/enterprise/interview/save.json',
        {
          enterpriseId: member!.id,
          visitDate: today,
          staff: '张信贷',
          content: `走访企业了解融资需求并拍照留档 ${tag}`,
          intention: 'HAS_NEED',
          result: 'FOLLOW_UP',
          photoIds: [fileId],
        },
      );
      visitId = visit.id;
      await photoLoads(bank.page, `/financialChain/chain/interviewDetail?id=${visitId}`, photoName);
      await screenshot(bank.page, 'private-files-visit-photo');
      opened.push((await bank.page.getByRole('img', { name: photoName }).getAttribute('src'))!);
    });

    const operator = await signedIn('operator');
    await run(operator.page, 'operator-sees-the-photo', async () => {
      await photoLoads(operator.page, `/operateClient/chain/interviewDetail?id=${visitId}`, photoName);
    });
    await operator.context.close();
    const gov = await signedIn('gov');
    await run(gov.page, 'gov-sees-the-photo', async () => {
      await photoLoads(gov.page, `/govermentChain/chain/interviewDetail?id=${visitId}`, photoName);
    });

    // The demo enterprise's case in the shelter, with a 证明材料 of its own upload (the application form's upload; the
    // case was applied in the demo data, so the file is attached to it in the database).
    const ent = await signedIn('enterprise');
    const proofName = `证明材料${tag}.png`;
    const proof = encodePng(240, 320, (x, y) => [250 - (y % 60), 230, 180 + (x % 70)]);
    let caseId = 0;
    await run(ent.page, 'enterprise-opens-its-attachment', async () => {
      const mine = await api<{ list: { id: number; state: string }[] }>(
        ent.page,
        'GET',
        '/finance/shelter/my/page.json?current=1&pageSize=10',
      );
      caseId = mine.list.find((c) => c.state === 'IN_SHELTER')!.id;
      const fileId = await upload(ent.page, proofName, 'image/png', proof);
      await e2eDatabase().query('INSERT INTO shelter_attachments (case_id, file_id, name) VALUES ($1, $2, $3)', [
        caseId,
        fileId,
        proofName,
      ]);
      await ent.page.goto(`/userClient/shelter?id=${caseId}`);
      await ent.page.getByRole('link', { name: proofName }).waitFor();
      opened.push(await attachmentOpens(ent.context, ent.page, proofName, proof, 'private-files-shelter-attachment'));
    });

    for (const [who, page] of [
      ['gov', '/supervisionClient/shelter/allShelter'],
      ['bank', '/financialInstitution/shelter'],
    ] as const) {
      const s = who === 'bank' ? bank : gov;
      await run(s.page, `${who}-opens-the-attachment`, async () => {
        await s.page.goto(`${page}?id=${caseId}`);
        await s.page.getByRole('link', { name: proofName }).waitFor();
        await attachmentOpens(s.context, s.page, proofName, proof);
      });
    }

    // The guarantee company may see neither: its own calls answer nothing, and the links the others opened are theirs.
    const guarantee = await signedIn('guarantee');
    const nobody = await newPage(browser());
    await run(guarantee.page, 'refused-to-others', async () => {
      const detail = await guarantee.page.request.get(
        `/finance/industrialChain/enterprise/interview/detail.json?id=${visitId}`,
        { headers: { satoken: await token(guarantee.page) } },
      );
      expect(detail.status()).toBe(403);
      for (const url of opened) {
        for (const page of [guarantee.page, nobody.page]) {
          const res = await page.goto(url);
          expect(res!.status()).toBe(403);
          expect(((await res!.json()) as { errorCode: string }).errorCode).toBe('FILE_LINK_INVALID');
        }
      }
      await screenshot(guarantee.page, 'private-files-file-refused');
    });

    for (const s of [bank, gov, ent, guarantee, nobody]) await s.context.close();
    // Five sign-ins through the real SSO pages and eight page loads: minutes on a loaded machine.
  }, 420_000);
});
