import type { SaveHolidayRequest } from '@phjr/contract/system/holidays';
import type { SaveSettingsRequest } from '@phjr/contract/system/save-settings';
import type { SystemSettings } from '@phjr/contract/system/settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { SETTING_KEYS, type SettingsService } from './settings.service.ts';
import { writeAudit } from '../audit/audit.ts';
import {
  deleteHoliday,
  findHoliday,
  holidaysBetween,
  listHolidays,
  upsertHoliday,
  writeConfig,
} from './system.repo.ts';
import { addWorkingDays, type Calendar, type DayKind, shanghaiDay, workingDeadline } from './working-days.ts';

export interface Actor {
  userId: number;
  ip: string;
}

/** Settings and the holiday calendar (Platform → configure). */
export function createPlatformService(db: Db, settings: SettingsService) {
  async function current(): Promise<SystemSettings> {
    return settings.get();
  }

  /** Saves every setting in one transaction with one audit row naming what changed; every process sees it. */
  async function saveSettings(actor: Actor, input: SaveSettingsRequest): Promise<SystemSettings> {
    if (input.sessionAbsoluteHours * 60 < input.sessionIdleMinutes) {
      throw new AppError('VALIDATION', '会话绝对时长不能短于空闲超时');
    }
    const before = await settings.get();
    const next = {
      sessionIdleMinutes: input.sessionIdleMinutes,
      sessionAbsoluteHours: input.sessionAbsoluteHours,
      slaAcceptDays: input.slaAcceptDays,
      slaDecisionDays: input.slaDecisionDays,
      toSyxUrl: input.toSyxUrl,
      firstLoanCentreUrl: input.firstLoanCentreUrl,
      redirectAllowlist: [
        ...new Set(
          input.redirectAllowlist.filter(
            (e) => !before.redirectAllowlist.includes(e) || before.customRedirectAllowlist.includes(e),
          ),
        ),
      ],
    };
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      const from = key === 'redirectAllowlist' ? before.customRedirectAllowlist : before[key];
      if (JSON.stringify(from) !== JSON.stringify(next[key])) changed[key] = { from, to: next[key] };
    }
    await db.transaction(async (tx) => {
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        await writeConfig(tx, SETTING_KEYS[key], next[key], actor.userId);
      }
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'config.update',
        target: Object.keys(changed).join(',') || '-',
        detail: changed,
        ip: actor.ip,
      });
    });
    settings.invalidate();
    return settings.get();
  }

  async function holidays(year: number) {
    return (await listHolidays(db, year)).map((h) => ({ ...h, kind: h.kind as DayKind }));
  }

  async function saveHoliday(actor: Actor, input: SaveHolidayRequest) {
    const weekday = new Date(`${input.day}T00:00:00Z`).getUTCDay();
    if (input.kind === 'WORKDAY' && weekday !== 0 && weekday !== 6) {
      throw new AppError('VALIDATION', '调休工作日须为周六或周日');
    }
    await db.transaction(async (tx) => {
      const before = await findHoliday(tx, input.day);
      await upsertHoliday(tx, input);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'holiday.save',
        target: input.day,
        detail: { before, after: input },
        ip: actor.ip,
      });
    });
  }

  async function removeHoliday(actor: Actor, day: string) {
    await db.transaction(async (tx) => {
      const before = await findHoliday(tx, day);
      if (!before) throw new AppError('NOT_FOUND', '该日期不在节假日安排中');
      await deleteHoliday(tx, day);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'holiday.remove',
        target: day,
        detail: { before },
        ip: actor.ip,
      });
    });
  }

  return { current, saveSettings, holidays, saveHoliday, removeHoliday };
}

export type PlatformService = ReturnType<typeof createPlatformService>;

/**
 * The operator's calendar from `from` for about a year ahead, for later domains' SLA deadlines: load once, then
 * use the pure functions of working-days.ts.
 */
export async function loadCalendar(db: DbOrTx, from: string, days = 400): Promise<Calendar> {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const rows = await holidaysBetween(db, from, to);
  return new Map(rows.map((r) => [r.day, r.kind as DayKind]));
}

/** The acceptance and decision deadlines of something submitted at `at`, with the current settings. */
export async function slaDeadlines(db: DbOrTx, settings: SettingsService, at: Date) {
  const s = await settings.get();
  const from = shanghaiDay(at);
  const calendar = await loadCalendar(db, from, Math.max(s.slaDecisionDays, s.slaAcceptDays) * 3 + 60);
  return {
    acceptBy: workingDeadline(at, s.slaAcceptDays, calendar),
    decideBy: workingDeadline(at, s.slaDecisionDays, calendar),
    acceptDay: addWorkingDays(from, s.slaAcceptDays, calendar),
  };
}
