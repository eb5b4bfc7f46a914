import { z } from 'zod';

/** PRODUCT.md section 3. */
export const ACCOUNT_TYPES = ['PERSON', 'ENTERPRISE', 'BANK', 'GOVERNMENT', 'GUARANTEE', 'PLATFORM'] as const;
export const ZAccountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof ZAccountType>;

export const CLASSIFIED_ORG_TYPES = ['PLATFORM', 'GOVERNMENT', 'GUARANTEE', 'BANK', 'RENSHEJUE', 'JINRONGJU'] as const;
export const ZClassifiedOrgType = z.enum(CLASSIFIED_ORG_TYPES);
export type ClassifiedOrgType = z.infer<typeof ZClassifiedOrgType>;

/** orgTypeEnum: ROOT is the platform operator; the others follow the classification. */
export const ORG_TYPES = ['ROOT', 'GOVERNMENT', 'GUARANTEE', 'BANK', 'RENSHEJUE', 'JINRONGJU'] as const;
export const ZOrgType = z.enum(ORG_TYPES);
export type OrgType = z.infer<typeof ZOrgType>;

export const ACCOUNT_TYPE_NAMES: Record<AccountType, string> = {
  PERSON: '个人',
  ENTERPRISE: '企业',
  BANK: '银行',
  GOVERNMENT: '政府',
  GUARANTEE: '担保机构',
  PLATFORM: '平台运营',
};

export const ORG_TYPE_NAMES: Record<OrgType, string> = {
  ROOT: '平台运营方',
  GOVERNMENT: '政府部门',
  GUARANTEE: '担保机构',
  BANK: '银行',
  RENSHEJUE: '人社局',
  JINRONGJU: '金融局',
};

/** authUrlMapKey (SPEC section 4): which SSO page a client sends its users to. */
export const ZAuthUrlMapKey = z.enum(['platform', 'nonPlatform']);
export type AuthUrlMapKey = z.infer<typeof ZAuthUrlMapKey>;

/** The system ID of this platform (sysEnum). */
export const SYSTEM_ID = 'PHJR';
