import { ACCOUNT_TYPE_NAMES, CLASSIFIED_ORG_TYPES, ORG_TYPE_NAMES } from '@phjr/contract/auth/enums';
import type { EnumEntry } from '@phjr/contract/system/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listRegions } from '../orgs/orgs.repo.ts';
import type { SettingsService } from './settings.service.ts';
import { activeImages } from './system.repo.ts';

const CLASSIFIED_NAMES: Record<string, string> = {
  PLATFORM: '平台',
  GOVERNMENT: '政府部门',
  GUARANTEE: '担保机构',
  BANK: '银行',
  RENSHEJUE: '人社局',
  JINRONGJU: '金融局',
};

const fromRecord = (r: Record<string, string>): EnumEntry[] =>
  Object.entries(r).map(([code, message]) => ({ name: code, message, code, extName: null }));

/** Static enums by simple name; later domains register theirs here. Region is read from the database. */
const STATIC_ENUMS: Record<string, EnumEntry[]> = {
  AccountType: fromRecord(ACCOUNT_TYPE_NAMES),
  OrgType: fromRecord(ORG_TYPE_NAMES),
  ClassifiedOrgType: fromRecord(Object.fromEntries(CLASSIFIED_ORG_TYPES.map((c) => [c, CLASSIFIED_NAMES[c]]))),
};

export function createSystemService(db: Db, settings: SettingsService) {
  async function enumByName(name: string): Promise<Record<string, EnumEntry[]>> {
    if (name === 'Region') {
      const rows = await listRegions(db);
      return { Region: rows.map((r) => ({ name: r.code, message: r.name, code: r.code, extName: r.parentCode })) };
    }
    const entries = STATIC_ENUMS[name];
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
