import { z } from 'zod';
import { ZId, ZSort } from '../bounds.ts';
import { defineOperation } from '../operation.ts';
import { ZLink } from './pictures.ts';

/**
 * Live figures a showcase item may show instead of a typed one (issue 30, item 6: a public page's figure comes from
 * the data, with its definition, or is marked as the operator's editorial text). Each is a public answer's figure:
 * amountGranted, enterprises, banks, demands: the homepage overview (docs/statistics.md "Homepage overview"); chains:
 * the active industrial chains (chain totals); shelterApplications: the shelter's applications, city total;
 * farmersCollected: the farmer records collected, city total (both may be withheld as small cells: shown "—").
 */
export const ACHIEVEMENT_METRICS = [
  'amountGranted',
  'enterprises',
  'banks',
  'demands',
  'chains',
  'shelterApplications',
  'farmersCollected',
] as const;
export const ZAchievementMetric = z.enum(ACHIEVEMENT_METRICS);
export type AchievementMetric = z.infer<typeof ZAchievementMetric>;

/** Showcase items (/operateClient/door/achievement): the platform's results, shown on the portal's intro and home. */
export const ZAchievement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A headline figure such as "12.6" with its unit "亿元"; both optional: the operator's editorial text. */
  figure: z.string().nullable(),
  unit: z.string().nullable(),
  /** A live figure shown instead of `figure` / `unit` (the portal reads it from the data); null: editorial. */
  metric: ZAchievementMetric.nullable(),
  summary: z.string(),
  /**
   * The English texts; each null one falls back to its Chinese text for English readers (the portal shows the active
   * language's text). The figure is the same in both languages.
   */
  titleEn: z.string().nullable(),
  unitEn: z.string().nullable(),
  summaryEn: z.string().nullable(),
  cover: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Achievement = z.infer<typeof ZAchievement>;

/** GET /finance/portal/achievement/list.json (public): active items by sort. */
export const ZAchievementListResponse = z.array(ZAchievement);
/** GET /finance/door/achievement/list.json (content:manage): every item. */

/** POST /finance/door/achievement/save.json (content:manage) */
export const ZSaveAchievementRequest = z.strictObject({
  id: ZId.optional(),
  title: z.string().trim().min(1, '请输入标题').max(60),
  figure: z.string().trim().max(20).nullable().optional(),
  unit: z.string().trim().max(10).nullable().optional(),
  /** A live figure instead of the typed one: `figure` and `unit` are then not kept. */
  metric: ZAchievementMetric.nullable().optional(),
  summary: z.string().trim().min(1, '请输入简介').max(300),
  /** Optional English texts: empty or missing, English readers see the Chinese ones. */
  titleEn: z.string().trim().max(120).nullable().optional(),
  unitEn: z.string().trim().max(20).nullable().optional(),
  summaryEn: z.string().trim().max(600).nullable().optional(),
  cover: z.string().trim().max(300).nullable().optional(),
  link: ZLink.nullable().optional(),
  sort: ZSort,
  active: z.boolean(),
});
export type SaveAchievementRequest = z.infer<typeof ZSaveAchievementRequest>;
/** The answer of save.json and remove.json. */
export const ZAchievementIdResponse = z.object({ id: z.number().int() });
/** POST /finance/door/achievement/remove.json: `{ id }`. */
export const ZAchievementIdRequest = z.strictObject({ id: ZId });

const manage = { permission: 'content:manage' } as const;

/** The achievement calls: the portal's active items (public), and the back office's list and writes (content:manage). */
export const achievementOps = {
  portalList: defineOperation({
    method: 'GET',
    path: '/finance/portal/achievement/list.json',
    auth: 'public',
    response: ZAchievementListResponse,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/finance/door/achievement/list.json',
    auth: manage,
    response: ZAchievementListResponse,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/finance/door/achievement/save.json',
    auth: manage,
    body: ZSaveAchievementRequest,
    response: ZAchievementIdResponse,
  }),
  remove: defineOperation({
    method: 'POST',
    path: '/finance/door/achievement/remove.json',
    auth: manage,
    body: ZAchievementIdRequest,
    response: ZAchievementIdResponse,
  }),
};
