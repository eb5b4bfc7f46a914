import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Achievement } from '@phjr/contract/content/achievement';
import type { SysImage } from '@phjr/contract/system/sys-images';
import { AchievementGrid } from '../src/features/content/components/AchievementGrid.tsx';
import { BannerCarousel } from '../src/features/content/components/BannerCarousel.tsx';
import { localized } from '../src/lib/localized.ts';
import i18n from '../src/lib/i18n.ts';

/**
 * Issue 13 (7): banners and showcase items are kept in both languages; the portal shows the active language's text,
 * and the Chinese one where the operator gave no English text.
 */
function render(element: ReactElement, seed: (qc: QueryClient) => void = () => undefined) {
  const qc = new QueryClient();
  seed(qc);
  const router = createMemoryRouter([{ path: '/home', element }], { initialEntries: ['/home'] });
  return renderToString(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const achievement = (id: number, en: Partial<Pick<Achievement, 'titleEn' | 'unitEn' | 'summaryEn'>>): Achievement => ({
  id,
  title: `成果${id}`,
  figure: '12.6',
  unit: '亿元',
  metric: null,
  summary: `中文简介${id}`,
  titleEn: null,
  unitEn: null,
  summaryEn: null,
  ...en,
  cover: null,
  link: null,
  sort: id,
  active: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const banner = (id: number, en: Partial<Pick<SysImage, 'titleEn' | 'urlEn'>>): SysImage => ({
  id,
  place: 'HOME_BANNER',
  title: `横幅${id}`,
  url: `/banners/banner-${id}.svg`,
  titleEn: null,
  urlEn: null,
  ...en,
  link: null,
  sort: id,
});

const ITEMS = [
  achievement(1, { titleEn: 'Financing matched', unitEn: '100M CNY', summaryEn: 'Matched through the platform.' }),
  achievement(2, {}),
];
const BANNERS = [banner(1, { titleEn: 'Inclusive finance for all', urlEn: '/banners/banner-1-en.svg' }), banner(2, {})];
const seedItems = (qc: QueryClient) => qc.setQueryData(['portal', 'achievements'], ITEMS);

describe('banner and showcase texts per language', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(['portal', 'common']);
  });
  afterAll(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('picks the English text in English when there is one, else the Chinese text', () => {
    expect(localized('en-US', '中文', 'English')).toBe('English');
    expect(localized('en-US', '中文', null)).toBe('中文');
    expect(localized('en-US', '中文', '  ')).toBe('中文');
    expect(localized('zh-CN', '中文', 'English')).toBe('中文');
  });

  it('shows the showcase items in English in en-US, falling back to Chinese per field', () => {
    const html = render(<AchievementGrid emptyHint="-" />, seedItems);
    expect(html).toContain('Financing matched');
    expect(html).toContain('100M CNY');
    expect(html).toContain('Matched through the platform.');
    expect(html).not.toContain('成果1<');
    expect(html).not.toContain('中文简介1');
    // The second item has no English text: its Chinese one shows.
    expect(html).toContain('成果2');
    expect(html).toContain('中文简介2');
  });

  it('shows the banners with their English title and image in en-US', () => {
    const html = render(<BannerCarousel images={BANNERS} label="Banners" />);
    expect(html).toContain('alt="Inclusive finance for all"');
    expect(html).toContain('src="/banners/banner-1-en.svg"');
    expect(html).toContain('alt="横幅2"');
    expect(html).toContain('src="/banners/banner-2.svg"');
  });

  it('shows the Chinese texts in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      const items = render(<AchievementGrid emptyHint="-" />, seedItems);
      expect(items).toContain('成果1');
      expect(items).not.toContain('Financing matched');
      const banners = render(<BannerCarousel images={BANNERS} label="横幅" />);
      expect(banners).toContain('alt="横幅1"');
      expect(banners).toContain('src="/banners/banner-1.svg"');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
