import { sql } from 'drizzle-orm';
import { ARTICLE_CHANNELS } from '@phjr/contract/content/channels';
import type { ScaleDomain } from './index.ts';

/** Published articles over every channel and district, two years of them; a few drafts and offline ones. */
export const articlesAtScale: ScaleDomain = {
  name: 'articles',
  rows: 20_000,
  async generate(db, rows) {
    const channels = `{${ARTICLE_CHANNELS.join(',')}}`;
    await db.execute(sql`
      INSERT INTO articles (title, channel, region_code, summary, body, source, author, status, pinned, views, publish_at, created_at, updated_at)
      SELECT '规模测试文章第' || n || '号：普惠金融服务进展',
             (${channels}::text[])[1 + n % ${ARTICLE_CHANNELS.length}],
             (ARRAY(SELECT code FROM regions ORDER BY code))[1 + n % 9],
             '第' || n || '号测试文章摘要',
             '<p>第' || n || '号测试文章正文。</p>',
             '示范市普惠金融服务平台',
             '平台运营中心',
             CASE WHEN n % 50 = 0 THEN 'DRAFT' WHEN n % 97 = 0 THEN 'OFFLINE' ELSE 'PUBLISHED' END,
             n % 1000 = 0,
             n % 5000,
             now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute',
             now() - (n % 730) * interval '1 day',
             now() - (n % 730) * interval '1 day'
      FROM generate_series(1, ${rows}) AS n`);
  },
};
