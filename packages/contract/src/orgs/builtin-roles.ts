import type { AccountType, ClassifiedOrgType } from '../auth/enums.ts';
import type { Permission } from './permissions.ts';
import { PERMISSIONS } from './permissions.ts';
import { CLIENT_RESOURCES } from './resources.ts';

export interface BuiltinRole {
  code: string;
  name: string;
  nameEn: string;
  /** Which accounts get this role by default. */
  accountType: AccountType;
  classifiedOrgType: ClassifiedOrgType | null;
  resources: readonly string[];
  permissions: readonly Permission[];
}

/**
 * The roles every fresh database starts with (PRODUCT.md section 3). The operator may edit them and create more;
 * chain-client resources (/financialChain, /govermentChain) are added by the organisation's chain-access switch,
 * not by a role.
 */
export const BUILTIN_ROLES: readonly BuiltinRole[] = [
  {
    code: 'PLATFORM_ADMIN',
    name: '平台管理员',
    nameEn: 'Platform administrator',
    accountType: 'PLATFORM',
    classifiedOrgType: 'PLATFORM',
    resources: CLIENT_RESOURCES.operateClient,
    permissions: PERMISSIONS,
  },
  {
    code: 'GOV_SUPERVISOR',
    name: '政府监管',
    nameEn: 'Government supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'GOVERNMENT',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: ['supervise:read', 'demand:supervise', 'org-staff:manage', 'chain:read', 'farmer:read', 'article:write'],
  },
  {
    code: 'JRJ_SUPERVISOR',
    name: '金融局监管',
    nameEn: 'Finance bureau supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'JINRONGJU',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: ['supervise:read', 'demand:supervise', 'org-staff:manage', 'chain:read', 'farmer:read', 'article:write'],
  },
  {
    code: 'RSJ_SUPERVISOR',
    name: '人社局监管',
    nameEn: 'Human-resources bureau supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'RENSHEJUE',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: ['supervise:read', 'demand:supervise', 'org-staff:manage'],
  },
  {
    code: 'BANK_ADMIN',
    name: '银行管理员',
    nameEn: 'Bank administrator',
    accountType: 'BANK',
    classifiedOrgType: 'BANK',
    resources: CLIENT_RESOURCES.financialInstitution,
    permissions: ['org-staff:manage', 'chain:read', 'product:manage', 'demand:handle'],
  },
  {
    code: 'GUARANTEE_ADMIN',
    name: '担保机构管理员',
    nameEn: 'Guarantee institution administrator',
    accountType: 'GUARANTEE',
    classifiedOrgType: 'GUARANTEE',
    resources: CLIENT_RESOURCES.guaranteePlatform,
    permissions: ['org-staff:manage', 'product:manage', 'demand:guarantee'],
  },
  {
    code: 'PERSON',
    name: '个人用户',
    nameEn: 'Person',
    accountType: 'PERSON',
    classifiedOrgType: null,
    resources: CLIENT_RESOURCES.userClient.filter((p) => p !== '/userClient/my/userManagement'),
    permissions: ['demand:apply'],
  },
  {
    code: 'ENTERPRISE',
    name: '企业用户',
    nameEn: 'Enterprise',
    accountType: 'ENTERPRISE',
    classifiedOrgType: null,
    resources: CLIENT_RESOURCES.userClient,
    permissions: ['enterprise-sub:manage', 'demand:apply'],
  },
  {
    code: 'ENTERPRISE_SUB',
    name: '企业子账号',
    nameEn: 'Enterprise sub-account',
    accountType: 'ENTERPRISE',
    classifiedOrgType: null,
    // A sub-account acts for its enterprise but manages neither sub-accounts nor related subjects.
    resources: CLIENT_RESOURCES.userClient.filter((p) => p !== '/userClient/my/userManagement' && p !== '/userClient/my/relatedSubject'),
    permissions: ['demand:apply'],
  },
];

/** Resources the chain-access switch adds (SPEC section 6). */
export const CHAIN_ACCESS_RESOURCES = {
  BANK: CLIENT_RESOURCES.financialChain,
  GOVERNMENT: CLIENT_RESOURCES.govermentChain,
} as const;
