import type { AccountType, ClassifiedOrgType } from '../auth/enums.ts';
import type { Permission } from './permissions.ts';
import type { RoleGrantor } from './role-grantors.ts';
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
  /**
   * Who may give it to the accounts they create (ROLE_GRANTORS of role-admin.ts): an enterprise main account to its
   * sub-accounts, an institution's staff admin to its staff. Among the roles one may give, the least is the default.
   */
  assignableTo: readonly RoleGrantor[];
}

/** A sub-account's pages: the user client without sub-account management and related subjects. */
const SUB_RESOURCES = CLIENT_RESOURCES.userClient.filter(
  (p) => p !== '/userClient/my/userManagement' && p !== '/userClient/my/relatedSubject',
);
/** A view-only sub-account's: the same without certification (its main account's business). */
const USER_VIEW_RESOURCES = SUB_RESOURCES.filter((p) => p !== '/userClient/certification');

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
    assignableTo: [],
  },
  {
    code: 'GOV_SUPERVISOR',
    name: '政府监管',
    nameEn: 'Government supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'GOVERNMENT',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: [
      'supervise:read',
      'demand:supervise',
      'report:read',
      'org-staff:manage',
      'chain:read',
      'farmer:read',
      'farmer:import',
      'shelter:supervise',
      'credit:audit',
      'article:write',
    ],
    assignableTo: ['GOVERNMENT'],
  },
  {
    code: 'JRJ_SUPERVISOR',
    name: '金融局监管',
    nameEn: 'Finance bureau supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'JINRONGJU',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: [
      'supervise:read',
      'demand:supervise',
      'report:read',
      'org-staff:manage',
      'chain:read',
      'farmer:read',
      'farmer:import',
      'farmer:sensitive',
      'shelter:supervise',
      'credit:audit',
      'article:write',
    ],
    assignableTo: ['JINRONGJU'],
  },
  {
    code: 'RSJ_SUPERVISOR',
    name: '人社局监管',
    nameEn: 'Human-resources bureau supervisor',
    accountType: 'GOVERNMENT',
    classifiedOrgType: 'RENSHEJUE',
    resources: CLIENT_RESOURCES.supervisionClient,
    permissions: ['supervise:read', 'demand:supervise', 'report:read', 'org-staff:manage'],
    assignableTo: ['RENSHEJUE'],
  },
  {
    code: 'BANK_ADMIN',
    name: '银行管理员',
    nameEn: 'Bank administrator',
    accountType: 'BANK',
    classifiedOrgType: 'BANK',
    resources: CLIENT_RESOURCES.financialInstitution,
    permissions: [
      'org-staff:manage',
      'chain:read',
      'chain:work',
      'product:manage',
      'demand:handle',
      'shelter:help',
      'credit:query',
    ],
    assignableTo: ['BANK'],
  },
  {
    code: 'GUARANTEE_ADMIN',
    name: '担保机构管理员',
    nameEn: 'Guarantee institution administrator',
    accountType: 'GUARANTEE',
    classifiedOrgType: 'GUARANTEE',
    resources: CLIENT_RESOURCES.guaranteePlatform,
    permissions: ['org-staff:manage', 'product:manage', 'demand:guarantee', 'credit:query'],
    assignableTo: ['GUARANTEE'],
  },
  {
    code: 'PERSON',
    name: '个人用户',
    nameEn: 'Person',
    accountType: 'PERSON',
    classifiedOrgType: null,
    resources: CLIENT_RESOURCES.userClient.filter((p) => p !== '/userClient/my/userManagement'),
    permissions: ['demand:apply', 'credit:consent'],
    assignableTo: [],
  },
  {
    code: 'ENTERPRISE',
    name: '企业用户',
    nameEn: 'Enterprise',
    accountType: 'ENTERPRISE',
    classifiedOrgType: null,
    resources: CLIENT_RESOURCES.userClient,
    // demand:view too, so that it may give the view-only sub-account role (no one gives what they lack).
    permissions: ['enterprise-sub:manage', 'demand:apply', 'demand:view', 'shelter:apply', 'credit:consent'],
    assignableTo: [],
  },
  {
    code: 'ENTERPRISE_SUB',
    name: '企业子账号',
    nameEn: 'Enterprise sub-account',
    accountType: 'ENTERPRISE',
    classifiedOrgType: null,
    // A sub-account acts for its enterprise but manages neither sub-accounts nor related subjects.
    resources: SUB_RESOURCES,
    permissions: ['demand:apply', 'shelter:apply'],
    assignableTo: ['ENTERPRISE'],
  },
  // The least role each kind of creator gives by default (PRODUCT.md section 3: a sub-account or staff member has
  // the rights its main account or admin gave it, and nothing more unless they choose so).
  {
    code: 'ENTERPRISE_SUB_VIEWER',
    name: '企业子账号（仅查看）',
    nameEn: 'Enterprise sub-account (view only)',
    accountType: 'ENTERPRISE',
    classifiedOrgType: null,
    // Sees its enterprise's demands; posts and withdraws none.
    resources: USER_VIEW_RESOURCES,
    permissions: ['demand:view'],
    assignableTo: ['ENTERPRISE'],
  },
  {
    code: 'BANK_STAFF',
    name: '银行业务员',
    nameEn: 'Bank clerk',
    accountType: 'BANK',
    classifiedOrgType: 'BANK',
    // Handles demands; manages neither staff nor products.
    resources: CLIENT_RESOURCES.financialInstitution.filter(
      (p) => p !== '/financialInstitution/my/userManage' && p !== '/financialInstitution/product',
    ),
    permissions: ['demand:handle', 'shelter:help', 'credit:query'],
    assignableTo: ['BANK'],
  },
  {
    code: 'GUARANTEE_STAFF',
    name: '担保业务员',
    nameEn: 'Guarantee clerk',
    accountType: 'GUARANTEE',
    classifiedOrgType: 'GUARANTEE',
    resources: CLIENT_RESOURCES.guaranteePlatform.filter(
      (p) => p !== '/guaranteePlatform/my/userManage' && p !== '/guaranteePlatform/guarantee',
    ),
    permissions: ['demand:guarantee', 'credit:query'],
    assignableTo: ['GUARANTEE'],
  },
  {
    code: 'GOV_STAFF',
    name: '监管查看员',
    nameEn: 'Supervision viewer',
    accountType: 'GOVERNMENT',
    classifiedOrgType: null,
    // Any government department may give it: the rights every supervisor role has, without staff management.
    resources: CLIENT_RESOURCES.supervisionClient.filter(
      (p) => p !== '/supervisionClient/my/userManage' && p !== '/supervisionClient/farmer-data',
    ),
    permissions: ['supervise:read', 'demand:supervise', 'report:read'],
    assignableTo: ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'],
  },
];

/** Resources the chain-access switch adds (SPEC section 6). */
export const CHAIN_ACCESS_RESOURCES = {
  BANK: CLIENT_RESOURCES.financialChain,
  GOVERNMENT: CLIENT_RESOURCES.govermentChain,
} as const;

/**
 * Issue 30: every account owns its account, whatever its roles: the "my account" pages of its kind are in every
 * session's resourceList (as the chain-access pages are added by the organisation's switch), so no role edit can take
 * away a user's way to change its own password or phone.
 */
export const OWN_ACCOUNT_RESOURCES: Record<AccountType, readonly string[]> = {
  PLATFORM: ['/operateClient/my/account'],
  BANK: ['/financialInstitution/my/account'],
  GUARANTEE: ['/guaranteePlatform/my/account'],
  GOVERNMENT: ['/supervisionClient/my/account'],
  PERSON: [
    '/userClient/my/accountInfo',
    '/userClient/my/editPassword',
    '/userClient/my/editPhone',
    '/userClient/my/bindPhone',
  ],
  ENTERPRISE: [
    '/userClient/my/accountInfo',
    '/userClient/my/editPassword',
    '/userClient/my/editPhone',
    '/userClient/my/bindPhone',
  ],
};
