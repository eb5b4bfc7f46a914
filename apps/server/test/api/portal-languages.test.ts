import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { get, post } from './content-helpers.ts';

/**
 * Issue 13 (7): banners (pictures) and showcase items (achievements) keep an English text beside the Chinese one.
 * The English fields are optional; a missing or empty one is served as null, and the portal then shows the Chinese
 * text (apps/web/src/lib/localized.ts).
 */
let t: TestApp;
let op: Tokens;
const tag = `L${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
});
/** What this file made, removed at the end: the API run's database is shared by every file. */
const made = { pictures: [] as number[], items: [] as number[] };
afterAll(async () => {
  for (const id of made.pictures) await post(t.app, op, '/finance/door/picture/remove.json', { id });
  for (const id of made.items) await post(t.app, op, '/finance/door/achievement/remove.json', { id });
  await t.close();
});

async function savePicture(input: object): Promise<number> {
  const res = await post(t.app, op, '/finance/door/picture/save.json', input);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  made.pictures.push(id);
  return id;
}

type Served = { id: number; title: string; url: string; place: string } & Record<string, unknown>;
const startupImages = async () =>
  (await get(t.app, null, '/finance/portal/system/sysImageInfo/getAllPcSimpleImages')).json().data as Served[];
const portalItems = async () =>
  (await get(t.app, null, '/finance/portal/achievement/list.json')).json().data as Served[];
const adminPictures = async () =>
  (await get(t.app, op, '/finance/door/picture/list.json')).json().data as { id: number }[];

describe('pictures in two languages', () => {
  const base = {
    place: 'HOME_BANNER',
    title: `横幅 ${tag}`,
    url: '/banners/banner-1.svg',
    link: '/supermarket',
    sort: 90,
    active: true,
  };

  it('saves the English title and image, and serves them to the back office and at start-up', async () => {
    const input = { ...base, titleEn: `Banner ${tag}`, urlEn: '/banners/banner-1-en.svg' };
    const id = await savePicture(input);
    expect((await adminPictures()).find((p) => p.id === id)).toMatchObject({ ...input, id });
    expect((await startupImages()).find((p) => p.id === id)).toMatchObject({
      id,
      title: base.title,
      titleEn: input.titleEn,
      url: base.url,
      urlEn: input.urlEn,
    });

    // An edit without English texts clears them: English readers then see the Chinese ones.
    expect(
      (await post(t.app, op, '/finance/door/picture/save.json', { ...base, id, titleEn: '  ', urlEn: null }))
        .statusCode,
    ).toBe(200);
    expect((await startupImages()).find((p) => p.id === id)).toMatchObject({
      id,
      title: base.title,
      titleEn: null,
      url: base.url,
      urlEn: null,
    });
  });

  it('serves null English texts for a picture saved without them (the Chinese ones stand in)', async () => {
    const id = await savePicture({ ...base, title: `无英文 ${tag}` });
    expect((await startupImages()).find((p) => p.id === id)).toMatchObject({
      title: `无英文 ${tag}`,
      titleEn: null,
      urlEn: null,
    });
  });

  it('keeps the English title plain text and refuses an English image from another site', async () => {
    const id = await savePicture({ ...base, titleEn: '<b>Bold</b> banner' });
    expect((await adminPictures()).find((p) => p.id === id)).toMatchObject({ titleEn: 'Bold banner' });
    for (const urlEn of ['https://evil.example/x.png', '//evil.example/x.png']) {
      expect((await post(t.app, op, '/finance/door/picture/save.json', { ...base, urlEn })).statusCode, urlEn).toBe(
        400,
      );
    }
    expect(
      (await post(t.app, op, '/finance/door/picture/save.json', { ...base, titleEn: 'x'.repeat(121) })).statusCode,
    ).toBe(400);
  });

  it('has English titles and images for the demo home banners', async () => {
    // The demo's own banners (other tests may add theirs).
    const banners = (await startupImages()).filter(
      (p) => p.place === 'HOME_BANNER' && /^\/banners\/banner-\d\.svg$/.test(p.url) && !p.title.includes(tag),
    );
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const b of banners) {
      expect(b.titleEn).toMatch(/^[\x20-\x7e]+$/);
      expect(b.urlEn).toMatch(/-en\.svg$/);
    }
  });
});

describe('showcase items in two languages', () => {
  const base = {
    title: `成果 ${tag}`,
    figure: '12.6',
    unit: '亿元',
    summary: '一句说明',
    cover: null,
    link: '/intro',
    sort: 95,
    active: true,
  };

  it('saves the English title, unit and summary, and serves them on the portal', async () => {
    const input = { ...base, titleEn: 'Financing matched', unitEn: '100M CNY', summaryEn: 'One line of English.' };
    const res = await post(t.app, op, '/finance/door/achievement/save.json', input);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    made.items.push(id);
    expect((await portalItems()).find((a) => a.id === id)).toMatchObject(input);
    const all = (await get(t.app, op, '/finance/door/achievement/list.json')).json().data as { id: number }[];
    expect(all.find((a) => a.id === id)).toMatchObject({
      titleEn: 'Financing matched',
      unitEn: '100M CNY',
      summaryEn: 'One line of English.',
    });

    // Only some English texts: the others are null, and the portal shows their Chinese ones.
    expect(
      (await post(t.app, op, '/finance/door/achievement/save.json', { ...base, id, titleEn: 'Matched', summaryEn: '' }))
        .statusCode,
    ).toBe(200);
    expect((await portalItems()).find((a) => a.id === id)).toMatchObject({
      title: base.title,
      titleEn: 'Matched',
      unit: '亿元',
      unitEn: null,
      summary: '一句说明',
      summaryEn: null,
    });
  });

  it('refuses English texts past their limits', async () => {
    for (const over of [{ titleEn: 'x'.repeat(121) }, { unitEn: 'x'.repeat(21) }, { summaryEn: 'x'.repeat(601) }]) {
      expect(
        (await post(t.app, op, '/finance/door/achievement/save.json', { ...base, ...over })).statusCode,
        JSON.stringify(over),
      ).toBe(400);
    }
  });

  it('has English texts for every demo item', async () => {
    const titles = ['累计放款金额', '服务企业', '入驻银行', '农户信用建档', '金融方舱纾困', '重点产业链'];
    const demo = (await portalItems()).filter((a) => titles.includes(a.title));
    expect(demo).toHaveLength(titles.length);
    for (const a of demo) {
      expect(a.titleEn, a.title).toBeTruthy();
      expect(a.summaryEn, a.title).toBeTruthy();
      // A live item's figure and unit come from its metric, which the web words in either language (issue 30 item 6);
      // only an editorial item has a unit of its own to translate.
      if (a.metric === null) expect(a.unitEn, a.title).toBeTruthy();
      else expect([a.figure, a.unit], a.title).toEqual([null, null]);
    }
  });
});
