/** PRODUCT.md section 13: one demo account for each role, all with the same password. */
export const DEMO_PASSWORD = 'Demo@2026';

/** The bank of the `bank` demo account (its head office): the demo products, demands, chains and shelter cases. */
export const DEMO_BANK = '示范市农村商业银行股份有限公司';

export type DemoAccountName = 'operator' | 'gov' | 'jrj' | 'rsj' | 'bank' | 'guarantee' | 'person' | 'enterprise';

export const DEMO_ACCOUNTS: readonly {
  username: DemoAccountName;
  role: string;
  home: string;
  roleCode: string;
  institutional: boolean;
}[] = [
  {
    username: 'operator',
    role: '平台运营 platform operator (ROOT)',
    home: '/operateClient/home',
    roleCode: 'PLATFORM_ADMIN',
    institutional: true,
  },
  {
    username: 'gov',
    role: '政府监管 government supervisor (city)',
    home: '/supervisionClient/home',
    roleCode: 'GOV_SUPERVISOR',
    institutional: true,
  },
  {
    username: 'jrj',
    role: '金融局 finance bureau (JINRONGJU), with chain access',
    home: '/supervisionClient/home',
    roleCode: 'JRJ_SUPERVISOR',
    institutional: true,
  },
  {
    username: 'rsj',
    role: '人社局 human-resources bureau (RENSHEJUE)',
    home: '/supervisionClient/home',
    roleCode: 'RSJ_SUPERVISOR',
    institutional: true,
  },
  {
    username: 'bank',
    role: '银行 bank head office, with chain access',
    home: '/financialInstitution/home',
    roleCode: 'BANK_ADMIN',
    institutional: true,
  },
  {
    username: 'guarantee',
    role: '担保机构 guarantee institution',
    home: '/guaranteePlatform/home',
    roleCode: 'GUARANTEE_ADMIN',
    institutional: true,
  },
  { username: 'person', role: '个人 person', home: '/userClient/home', roleCode: 'PERSON', institutional: false },
  {
    username: 'enterprise',
    role: '企业 enterprise main account (certified)',
    home: '/userClient/home',
    roleCode: 'ENTERPRISE',
    institutional: false,
  },
];
