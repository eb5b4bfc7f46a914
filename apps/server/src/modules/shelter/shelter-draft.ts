import type { z } from 'zod';
import type { ShelterDraft, ShelterDraftAction, ZShelterDraftContent } from '@phjr/contract/shelter/shelter';
import { ZShelterDraftContent as DraftContent } from '@phjr/contract/shelter/shelter';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { ownFiles } from '../files/files.ts';
import { viewerOf } from './shelter-read.service.ts';
import * as repo from './shelter-draft.repo.ts';

type DraftInput = z.output<typeof ZShelterDraftContent>;

/**
 * The shelter application's draft (docs/shelter.md "The draft"): the applicant account's own, never anyone else's.
 * Saving checks what the draft's fields are (the contract's bounds) and that its attachments are the account's
 * uploads; the application's rules (a cause of 10 characters, a help asked...) wait for the submission (apply.json).
 * No case, history, figure, message or audit row is written for a draft: it is not an application yet.
 */
export function createShelterDrafts(db: Db) {
  /** Only an enterprise account that may apply keeps a draft; anyone else is told so, as apply tells it. */
  function applicant(s: SessionContext) {
    const v = viewerOf(s);
    if (v.enterpriseUserId === null || !v.canApply)
      throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业用户可以申请入驻金融方舱');
    return { userId: s.userId, enterpriseUserId: v.enterpriseUserId };
  }

  /** submit when the account may apply now (certified, no open case of its enterprise); discard always. */
  async function actionsOf(s: SessionContext, enterpriseUserId: number): Promise<ShelterDraftAction[]> {
    const maySubmit = s.certified && !(await repo.hasOpenCase(db, enterpriseUserId));
    return maySubmit ? ['submit', 'discard'] : ['discard'];
  }

  async function toDraft(
    s: SessionContext,
    enterpriseUserId: number,
    row: { content: unknown; updatedAt: Date },
  ): Promise<ShelterDraft> {
    // Stored content was checked when saved; parsing again fills what an older draft lacks with its defaults.
    const content = DraftContent.parse(row.content);
    const files = await ownFiles(db, content.attachmentIds, [s.userId, enterpriseUserId]);
    const names = new Map(files.map((f) => [f.id, f.name]));
    const attachmentIds = content.attachmentIds.filter((id) => names.has(id));
    return {
      content: { ...content, attachmentIds },
      attachments: attachmentIds.map((id) => ({ id, name: names.get(id)! })),
      savedAt: row.updatedAt.toISOString(),
      actions: await actionsOf(s, enterpriseUserId),
    };
  }

  async function draft(s: SessionContext): Promise<ShelterDraft | null> {
    const a = applicant(s);
    const row = await repo.findDraft(db, a.userId);
    return row ? toDraft(s, a.enterpriseUserId, row) : null;
  }

  async function saveDraft(s: SessionContext, input: DraftInput): Promise<ShelterDraft> {
    const a = applicant(s);
    const ids = [...new Set(input.attachmentIds)];
    const owned = await ownFiles(db, ids, [a.userId, a.enterpriseUserId]);
    if (owned.length !== ids.length) {
      throw new AppError('VALIDATION', '附件不存在或不是本人上传', {
        data: { fields: [{ field: 'attachmentIds', message: '附件不存在或不是本人上传' }] },
      });
    }
    const row = await repo.saveDraft(db, a.userId, { ...input, attachmentIds: ids });
    return toDraft(s, a.enterpriseUserId, row);
  }

  async function discardDraft(s: SessionContext): Promise<null> {
    const a = applicant(s);
    if ((await repo.deleteDraft(db, a.userId)) === 0) throw new AppError('NOT_FOUND', '草稿不存在');
    return null;
  }

  return { draft, saveDraft, discardDraft };
}
