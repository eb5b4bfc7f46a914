import type { Achievement, SaveAchievementRequest } from '@phjr/contract/content/achievement';
import type { Agreement, AgreementKind, SaveAgreementRequest } from '@phjr/contract/content/agreement';
import {
  PICTURE_PLACES,
  type Picture,
  type PicturePlace,
  type SavePictureRequest,
} from '@phjr/contract/content/pictures';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from './articles.service.ts';
import * as repo from './door.repo.ts';
import { plainText, sanitizeRichText } from './sanitize.ts';

type AgreementRow = NonNullable<Awaited<ReturnType<typeof repo.latestAgreement>>>;
type AchievementRow = NonNullable<Awaited<ReturnType<typeof repo.findAchievement>>>;

const toAgreement = (r: AgreementRow): Agreement => ({
  ...r,
  kind: r.kind as AgreementKind,
  createdAt: r.createdAt.toISOString(),
});
const toAchievement = (r: AchievementRow): Achievement => ({
  ...r,
  metric: (r.metric as Achievement['metric']) ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The operator's portal furniture (/operateClient/door): pictures (banners and system images), the versioned user
 * agreement and privacy policy, and the achievements showcase.
 */
export function createDoorService(db: Db) {
  // ---------- pictures

  async function pictures(place?: PicturePlace): Promise<Picture[]> {
    // Rows of a place the contract does not know (written by hand) are left out rather than failing the list.
    const rows = await repo.listPictures(db, place);
    return rows.filter((r): r is typeof r & { place: PicturePlace } => isPlace(r.place));
  }

  async function savePicture(actor: Actor, req: SavePictureRequest) {
    const values = {
      place: req.place,
      title: plainText(req.title) || req.title,
      titleEn: englishText(req.titleEn),
      url: req.url,
      urlEn: req.urlEn || null,
      link: req.link ?? null,
      sort: req.sort,
      active: req.active,
    };
    return db.transaction(async (tx) => {
      let id = req.id;
      if (id) {
        const before = await repo.findPicture(tx, id);
        if (!before) throw new AppError('NOT_FOUND', '图片不存在');
        await repo.updatePicture(tx, id, values);
      } else {
        id = await repo.insertPicture(tx, values);
      }
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'picture.save',
        target: `picture:${id}`,
        detail: { ...values, created: !req.id },
        ip: actor.ip,
      });
      return { id };
    });
  }

  async function removePicture(actor: Actor, id: number) {
    return db.transaction(async (tx) => {
      const before = await repo.findPicture(tx, id);
      if (!before) throw new AppError('NOT_FOUND', '图片不存在');
      await repo.deletePicture(tx, id);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'picture.remove',
        target: `picture:${id}`,
        detail: { before },
        ip: actor.ip,
      });
      return { id };
    });
  }

  // ---------- agreements

  async function latestAgreement(kind: AgreementKind): Promise<Agreement> {
    const row = await repo.latestAgreement(db, kind);
    if (!row) throw new AppError('AGREEMENT_NOT_FOUND');
    return toAgreement(row);
  }

  async function agreementVersions(kind: AgreementKind): Promise<Agreement[]> {
    return (await repo.agreementVersions(db, kind)).map(toAgreement);
  }

  /** Every save is a new version (max + 1), in force at once; old versions stay for the record. */
  async function saveAgreement(actor: Actor, req: SaveAgreementRequest): Promise<Agreement> {
    const body = sanitizeRichText(req.body);
    if (!plainText(body)) throw new AppError('VALIDATION', '正文不能为空');
    const title = plainText(req.title);
    if (!title) throw new AppError('VALIDATION', '请输入标题');
    const id = await db.transaction(async (tx) => {
      const saved = await repo.insertAgreementVersion(tx, {
        kind: req.kind,
        title,
        body,
        createdBy: actor.session.userId,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'agreement.save',
        target: `agreement:${req.kind}`,
        detail: { title, version: saved.version },
        ip: actor.ip,
      });
      return saved.id;
    });
    return toAgreement((await repo.findAgreement(db, id))!);
  }

  // ---------- achievements

  async function achievements(activeOnly: boolean): Promise<Achievement[]> {
    return (await repo.listAchievements(db, activeOnly)).map(toAchievement);
  }

  async function saveAchievement(actor: Actor, req: SaveAchievementRequest) {
    const cover = req.cover?.trim() || null;
    if (cover && !((cover.startsWith('/') && !cover.startsWith('//')) || /^https?:\/\/\S+$/i.test(cover))) {
      throw new AppError('VALIDATION', '封面须为本站图片或 http(s) 地址');
    }
    const values = {
      title: plainText(req.title) || req.title,
      // A live figure replaces the typed one: never both (the portal would not know which to believe).
      metric: req.metric ?? null,
      figure: !req.metric && req.figure ? plainText(req.figure) || null : null,
      unit: !req.metric && req.unit ? plainText(req.unit) || null : null,
      summary: plainText(req.summary) || req.summary,
      titleEn: englishText(req.titleEn),
      unitEn: englishText(req.unitEn),
      summaryEn: englishText(req.summaryEn),
      cover,
      link: req.link ?? null,
      sort: req.sort,
      active: req.active,
      updatedBy: actor.session.userId,
    };
    return db.transaction(async (tx) => {
      let id = req.id;
      if (id) {
        if (!(await repo.findAchievement(tx, id))) throw new AppError('NOT_FOUND', '成果不存在');
        await repo.updateAchievement(tx, id, values);
      } else {
        id = await repo.insertAchievement(tx, values);
      }
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'achievement.save',
        target: `achievement:${id}`,
        detail: { title: values.title, created: !req.id },
        ip: actor.ip,
      });
      return { id };
    });
  }

  async function removeAchievement(actor: Actor, id: number) {
    return db.transaction(async (tx) => {
      const before = await repo.findAchievement(tx, id);
      if (!before) throw new AppError('NOT_FOUND', '成果不存在');
      await repo.deleteAchievement(tx, id);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'achievement.remove',
        target: `achievement:${id}`,
        detail: { title: before.title },
        ip: actor.ip,
      });
      return { id };
    });
  }

  return {
    pictures,
    savePicture,
    removePicture,
    latestAgreement,
    agreementVersions,
    saveAgreement,
    achievements,
    saveAchievement,
    removeAchievement,
  };
}

/**
 * An optional English text as stored: plain text, or null when empty, so that English readers fall back to the
 * Chinese text (a blank English title would show nothing).
 */
function englishText(s: string | null | undefined): string | null {
  return s ? plainText(s) || null : null;
}

function isPlace(p: string): p is PicturePlace {
  return (PICTURE_PLACES as readonly string[]).includes(p);
}

export type DoorService = ReturnType<typeof createDoorService>;
