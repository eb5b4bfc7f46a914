import { catalogEntries } from '@phjr/contract/system/enum-catalog';
import type { EnumEntry } from '@phjr/contract/system/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listRegions } from '../orgs/orgs.ts';
import type { SettingsService } from './settings.service.ts';
import { activeImages } from './system.repo.ts';

export function createSystemService(db: Db, settings: SettingsService) {
  async function enumByName(name: string): Promise<Record<string, EnumEntry[]>> {
    if (name === 'Region') {
      const rows = await listRegions(db);
      return { Region: rows.map((r) => ({ name: r.code, message: r.name, code: r.code, extName: r.parentCode })) };
    }
    // Static enums live in the contract (system/enum-catalog.ts): code, Chinese message, English name in extName.
    const entries = catalogEntries(name);
    if (!entries) throw new AppError('NOT_FOUND', `未知的枚举：${name}`);
    return { [name]: entries };
  }

  async function links() {
    const s = await settings.get();
    return { toSyxUrl: s.toSyxUrl, firstLoanCentreUrl: s.firstLoanCentreUrl };
  }

  return { images: () => activeImages(db), enumByName, settings: () => settings.get(), links };
}

export type SystemService = ReturnType<typeof createSystemService>;
