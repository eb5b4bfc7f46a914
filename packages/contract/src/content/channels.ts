/** Article channels (PRODUCT.md section 9). */
export const ARTICLE_CHANNELS = [
  'news',
  'policy',
  'announcement',
  'guide',
  'intro',
  'tech',
  'countryside-news',
  'countryside-policy',
  'chain',
  'city',
] as const;
export type ArticleChannel = (typeof ARTICLE_CHANNELS)[number];
