/**
 * The route table as plain data (no JSX, no imports of pages), so that node tests can read it.
 * `route-table.tsx` attaches the lazy page and the icon component to each entry; the router, the client menus,
 * the breadcrumbs and the guards are all built from this one list (SPEC section 2, spec/routes.json).
 */
import { PASSWORD_CHANGE_PATH } from '@phjr/contract/auth/center-path';
import type { ClientArea } from '@phjr/contract/orgs/resources';

export type SiteArea = 'portal' | 'subsite' | 'achievement-display' | 'standalone';
export type Area = SiteArea | ClientArea;

/** Names of the @ant-design/icons components the table uses; resolved to components in route-table.tsx. */
export type IconName =
  | 'AccountBookOutlined'
  | 'ApartmentOutlined'
  | 'AppstoreOutlined'
  | 'AuditOutlined'
  | 'BankOutlined'
  | 'BarChartOutlined'
  | 'BookOutlined'
  | 'BranchesOutlined'
  | 'CloudUploadOutlined'
  | 'ClusterOutlined'
  | 'CommentOutlined'
  | 'CompassOutlined'
  | 'ContactsOutlined'
  | 'DashboardOutlined'
  | 'DatabaseOutlined'
  | 'DeploymentUnitOutlined'
  | 'EnvironmentOutlined'
  | 'ExceptionOutlined'
  | 'ExperimentOutlined'
  | 'FileDoneOutlined'
  | 'FileProtectOutlined'
  | 'FileSearchOutlined'
  | 'FileTextOutlined'
  | 'FundOutlined'
  | 'GlobalOutlined'
  | 'HomeOutlined'
  | 'IdcardOutlined'
  | 'InfoCircleOutlined'
  | 'KeyOutlined'
  | 'LinkOutlined'
  | 'LoginOutlined'
  | 'MessageOutlined'
  | 'MobileOutlined'
  | 'NotificationOutlined'
  | 'PartitionOutlined'
  | 'PayCircleOutlined'
  | 'PictureOutlined'
  | 'PieChartOutlined'
  | 'ProfileOutlined'
  | 'ReadOutlined'
  | 'RollbackOutlined'
  | 'SafetyCertificateOutlined'
  | 'SafetyOutlined'
  | 'SearchOutlined'
  | 'SettingOutlined'
  | 'ShopOutlined'
  | 'ShoppingOutlined'
  | 'SolutionOutlined'
  | 'StopOutlined'
  | 'TeamOutlined'
  | 'TrophyOutlined'
  | 'UserOutlined'
  | 'UserSwitchOutlined'
  | 'WarningOutlined';

/** Menu groups of the client side menus; titles are `routes:group.<key>`. */
export type MenuGroup =
  'door' | 'demand' | 'statistic' | 'institution' | 'chain' | 'users' | 'platform' | 'my' | 'report' | 'shelter';

/** The icon of each client menu group. */
export const GROUP_ICONS: Record<MenuGroup, IconName> = {
  door: 'GlobalOutlined',
  demand: 'SolutionOutlined',
  statistic: 'BarChartOutlined',
  institution: 'ApartmentOutlined',
  chain: 'DeploymentUnitOutlined',
  users: 'TeamOutlined',
  platform: 'SettingOutlined',
  my: 'UserOutlined',
  report: 'PieChartOutlined',
  shelter: 'SafetyOutlined',
};

export interface RouteDef {
  /** react-router path (`{productId}` of the spec becomes `:productId`); null only for external links. */
  path: string | null;
  area: Area;
  /** Key in the `routes` namespace (`title.…`); the page's description is the same key under `desc.…`. */
  titleKey: string;
  icon: IconName;
  /** Client routes: the path itself, one of CLIENT_RESOURCES; checked against the session's resourceList. */
  resource: string | null;
  /** Reachable but not listed in menus. */
  hidden: boolean;
  /** Where the route sends the user instead of rendering a page (may carry a query). */
  redirect: string | null;
  /** Append the incoming query string to the redirect target. */
  keepQuery?: boolean;
  /**
   * Page module without extension: under src/features (`content/pages/NewsPage`), or under src/app for the few pages
   * that compose several features (`app/pages/HomePage`), since features never import each other.
   */
  page: string | null;
  /** Client side-menu group. */
  group?: MenuGroup;
  /** A portal page that also serves the district site when the query carries `city` (PRODUCT.md section 2). */
  districtScoped?: boolean;
  /** External link (no route): which operator-configured link it is (see external-links.ts) and its default. */
  external?: { link: 'firstLoanCentreUrl'; defaultUrl: string };
}

type Opts = Partial<Pick<RouteDef, 'hidden' | 'redirect' | 'keepQuery' | 'group' | 'districtScoped'>> & {
  icon?: IconName;
  page?: string | null;
};

const CLIENT_AREA_SET = new Set<string>([
  'operateClient',
  'userClient',
  'financialInstitution',
  'guaranteePlatform',
  'supervisionClient',
  'financialChain',
  'govermentChain',
]);

export function isClientArea(area: Area): area is ClientArea {
  return CLIENT_AREA_SET.has(area);
}

function def(path: string, area: Area, key: string, opts: Opts = {}): RouteDef {
  const redirect = opts.redirect ?? null;
  return {
    path,
    area,
    titleKey: `title.${area === 'achievement-display' ? 'dashboard' : area}.${key}`,
    icon: opts.icon ?? 'FileTextOutlined',
    resource: isClientArea(area) ? path : null,
    hidden: opts.hidden ?? false,
    redirect,
    keepQuery: opts.keepQuery,
    page: redirect ? null : (opts.page ?? null),
    group: opts.group,
    districtScoped: opts.districtScoped,
  };
}

/** Shorthand for a routed page. */
const p = (path: string, area: Area, key: string, page: string, icon: IconName, opts: Opts = {}) =>
  def(path, area, key, { ...opts, page, icon });
/** Shorthand for a redirect route. */
const go = (path: string, area: Area, key: string, to: string, icon: IconName = 'HomeOutlined', opts: Opts = {}) =>
  def(path, area, key, { ...opts, redirect: to, icon });

export const FIRST_LOAN_CENTRE_DEFAULT_URL = 'https://first-loan.example.com/';
export const DASHBOARD_HOME = '/achievement-display/financial-hall/cityOverview';

const O = 'operateClient';
const U = 'userClient';
const F = 'financialInstitution';
const G = 'guaranteePlatform';
const S = 'supervisionClient';
const FC = 'financialChain';
const GC = 'govermentChain';

export const ROUTE_DEFS: readonly RouteDef[] = [
  // Standalone pages (no site chrome).
  p(
    '/certificationTip',
    'standalone',
    'certificationTip',
    'auth/pages/CertificationTipPage',
    'SafetyCertificateOutlined',
  ),
  p('/403', 'standalone', 'forbidden', 'system/pages/ForbiddenPage', 'StopOutlined'),
  p('/sso/login', 'standalone', 'ssoLogin', 'auth/pages/SsoLoginPage', 'LoginOutlined'),
  p('/sso/welcome', 'standalone', 'ssoWelcome', 'auth/pages/SsoWelcomePage', 'LoginOutlined'),
  p('/sso/register', 'standalone', 'ssoRegister', 'auth/pages/SsoRegisterPage', 'LoginOutlined'),
  // Issue 30: the forgotten password of both sign-in pages, and the change an administrator's reset makes due.
  p('/sso/forgotPassword', 'standalone', 'ssoForgotPassword', 'auth/pages/SsoForgotPasswordPage', 'KeyOutlined'),
  p(PASSWORD_CHANGE_PATH, 'standalone', 'passwordChange', 'auth/pages/PasswordChangePage', 'KeyOutlined'),
  p('/exception', 'standalone', 'exception', 'system/pages/ExceptionPage', 'WarningOutlined'),

  // Public portal.
  go('/', 'portal', 'root', '/home'),
  p('/home', 'portal', 'home', 'app/pages/HomePage', 'HomeOutlined'),
  p('/supermarket', 'portal', 'supermarket', 'products/pages/SupermarketPage', 'ShopOutlined', {
    districtScoped: true,
  }),
  p('/tech', 'portal', 'tech', 'content/pages/TechPage', 'ExperimentOutlined'),
  p('/tech/news', 'portal', 'techNews', 'content/pages/TechNewsPage', 'ReadOutlined'),
  p('/tech/news-detail', 'portal', 'techNewsDetail', 'content/pages/TechNewsDetailPage', 'FileTextOutlined'),
  p('/credit', 'portal', 'credit', 'products/pages/CreditPage', 'SafetyOutlined', { districtScoped: true }),
  p('/countryside-develop', 'portal', 'countryside', 'farmers/pages/CountrysidePage', 'EnvironmentOutlined'),
  p(
    '/countryside-develop/farmer-base-info',
    'portal',
    'farmerBaseInfo',
    'farmers/pages/FarmerBaseInfoPage',
    'IdcardOutlined',
  ),
  p(
    '/countryside-develop/product-list-countryside',
    'portal',
    'countrysideProducts',
    'products/pages/CountrysideProductListPage',
    'ShoppingOutlined',
  ),
  p(
    '/countryside-develop/news-list-countryside',
    'portal',
    'countrysideNews',
    'content/pages/CountrysideNewsListPage',
    'ReadOutlined',
  ),
  p(
    '/countryside-develop/policy-list-countryside',
    'portal',
    'countrysidePolicy',
    'content/pages/CountrysidePolicyListPage',
    'BookOutlined',
  ),
  p(
    '/countryside-develop/news-detail-countryside',
    'portal',
    'countrysideNewsDetail',
    'content/pages/CountrysideNewsDetailPage',
    'FileTextOutlined',
  ),
  p('/financing', 'portal', 'financing', 'app/pages/FinancingPage', 'PayCircleOutlined'),
  p('/pact', 'portal', 'pact', 'content/pages/PactPage', 'FileProtectOutlined'),
  p('/creditSearch', 'portal', 'creditSearch', 'credit/pages/CreditSearchPage', 'SearchOutlined'),
  p('/guarantee', 'portal', 'guarantee', 'products/pages/GuaranteePage', 'SafetyCertificateOutlined'),
  p('/product/:productId', 'portal', 'product', 'products/pages/ProductDetailPage', 'ShoppingOutlined'),
  p('/chain', 'portal', 'chain', 'chains/pages/ChainPage', 'DeploymentUnitOutlined'),
  p('/stowdown', 'portal', 'stowdown', 'shelter/pages/StowdownPage', 'SafetyOutlined'),
  {
    path: null,
    area: 'portal',
    titleKey: 'title.portal.firstLoanCentre',
    icon: 'LinkOutlined',
    resource: null,
    hidden: false,
    redirect: null,
    page: null,
    external: { link: 'firstLoanCentreUrl', defaultUrl: FIRST_LOAN_CENTRE_DEFAULT_URL },
  },
  p('/news', 'portal', 'news', 'content/pages/NewsPage', 'ReadOutlined'),
  p('/news/newsDetail', 'portal', 'newsDetail', 'content/pages/NewsDetailPage', 'FileTextOutlined'),
  p('/news/newsPreview', 'portal', 'newsPreview', 'content/pages/NewsPreviewPage', 'FileSearchOutlined'),
  p('/list-announcement', 'portal', 'announcements', 'content/pages/AnnouncementListPage', 'NotificationOutlined'),
  p('/guide', 'portal', 'guide', 'content/pages/GuidePage', 'CompassOutlined'),
  p('/intro', 'portal', 'intro', 'content/pages/IntroPage', 'InfoCircleOutlined'),
  go('/to-achievement-display', 'portal', 'toAchievementDisplay', DASHBOARD_HOME, 'FundOutlined'),
  p('/chainChildren', 'portal', 'chainChildren', 'chains/pages/ChainChildrenPage', 'ClusterOutlined'),
  p('/news-detail-chain', 'portal', 'chainNewsDetail', 'content/pages/ChainNewsDetailPage', 'FileTextOutlined'),
  p('/news-list-chain', 'portal', 'chainNews', 'content/pages/ChainNewsListPage', 'ReadOutlined'),

  // District site (pages carry ?city=<regionCode>; /supermarket and /credit above serve it too).
  go('/subsite', 'subsite', 'root', '/subsite/home', 'HomeOutlined', { keepQuery: true }),
  p('/subsite/home', 'subsite', 'home', 'app/pages/SubsiteHomePage', 'HomeOutlined'),
  p('/subsite/product/:productId', 'subsite', 'product', 'products/pages/SubsiteProductDetailPage', 'ShoppingOutlined'),
  p('/subsite/cityNews', 'subsite', 'cityNews', 'content/pages/SubsiteCityNewsPage', 'ReadOutlined'),
  p('/subsite/newsDetail', 'subsite', 'newsDetail', 'content/pages/SubsiteNewsDetailPage', 'FileTextOutlined'),

  // Achievement display (full-screen dashboard).
  go('/achievement-display', 'achievement-display', 'root', DASHBOARD_HOME, 'FundOutlined'),
  go(
    '/achievement-display/cityOverview',
    'achievement-display',
    'cityOverviewLegacy',
    `${DASHBOARD_HOME}?isHall=true`,
    'FundOutlined',
  ),
  go(
    '/achievement-display/financial-hall',
    'achievement-display',
    'financialHall',
    `${DASHBOARD_HOME}?isHall=true`,
    'FundOutlined',
  ),
  p(DASHBOARD_HOME, 'achievement-display', 'cityOverview', 'stats/pages/CityOverviewPage', 'FundOutlined'),
  p(
    '/achievement-display/financial-hall/districts',
    'achievement-display',
    'districts',
    'stats/pages/DistrictsPage',
    'EnvironmentOutlined',
  ),
  p(
    '/achievement-display/financial-hall/financial-organization',
    'achievement-display',
    'financialOrganization',
    'stats/pages/FinancialOrganizationPage',
    'BankOutlined',
  ),
  go(
    '/achievement-display/secured-financing',
    'achievement-display',
    'securedFinancing',
    '/achievement-display/secured-financing/cydbd',
    'SafetyCertificateOutlined',
  ),
  p(
    '/achievement-display/secured-financing/cydbd',
    'achievement-display',
    'cydbd',
    'stats/pages/CydbdPage',
    'TeamOutlined',
  ),
  p(
    '/achievement-display/secured-financing/guarantee',
    'achievement-display',
    'securedGuarantee',
    'stats/pages/SecuredGuaranteePage',
    'SafetyCertificateOutlined',
  ),

  // Operator back office.
  go(`/${O}`, O, 'root', `/${O}/home`),
  p(`/${O}/home`, O, 'home', 'demands/pages/OperateHomePage', 'DashboardOutlined'),
  p(`/${O}/door/agreement`, O, 'doorAgreement', 'content/pages/OperateAgreementPage', 'FileProtectOutlined', {
    group: 'door',
  }),
  p(`/${O}/door/achievement`, O, 'doorAchievement', 'content/pages/OperateAchievementPage', 'TrophyOutlined', {
    group: 'door',
  }),
  p(`/${O}/door/article`, O, 'doorArticle', 'content/pages/OperateArticlePage', 'ReadOutlined', { group: 'door' }),
  p(`/${O}/door/picManage`, O, 'doorPicManage', 'content/pages/OperatePicManagePage', 'PictureOutlined', {
    group: 'door',
  }),
  p(`/${O}/product`, O, 'product', 'products/pages/OperateProductPage', 'ShoppingOutlined'),
  p(`/${O}/demand/public`, O, 'demandPublic', 'demands/pages/OperateDemandPublicPage', 'GlobalOutlined', {
    group: 'demand',
  }),
  p(`/${O}/demand/assigned`, O, 'demandAssigned', 'demands/pages/OperateDemandAssignedPage', 'AuditOutlined', {
    group: 'demand',
  }),
  p(
    `/${O}/demand/guarantee`,
    O,
    'demandGuarantee',
    'demands/pages/OperateDemandGuaranteePage',
    'SafetyCertificateOutlined',
    { group: 'demand' },
  ),
  p(`/${O}/demand/makeup`, O, 'demandMakeup', 'demands/pages/OperateDemandMakeupPage', 'FileDoneOutlined', {
    group: 'demand',
  }),
  p(
    `/${O}/demand/makeup/importRecord`,
    O,
    'demandMakeupImportRecord',
    'demands/pages/OperateMakeupImportRecordPage',
    'CloudUploadOutlined',
    { group: 'demand', hidden: true },
  ),
  p(
    `/${O}/statistic/district`,
    O,
    'statisticDistrict',
    'stats/pages/OperateStatisticDistrictPage',
    'PieChartOutlined',
    { group: 'statistic' },
  ),
  p(`/${O}/statistic/bank`, O, 'statisticBank', 'stats/pages/OperateStatisticBankPage', 'BarChartOutlined', {
    group: 'statistic',
  }),
  p(
    `/${O}/institution/government`,
    O,
    'institutionGovernment',
    'orgs/pages/OperateInstitutionGovernmentPage',
    'ApartmentOutlined',
    { group: 'institution' },
  ),
  p(`/${O}/institution/finance`, O, 'institutionFinance', 'orgs/pages/OperateInstitutionFinancePage', 'BankOutlined', {
    group: 'institution',
  }),
  p(
    `/${O}/institution/guarantee`,
    O,
    'institutionGuarantee',
    'orgs/pages/OperateInstitutionGuaranteePage',
    'SafetyCertificateOutlined',
    { group: 'institution' },
  ),
  p(
    `/${O}/chain/industry-chain`,
    O,
    'chainIndustryChain',
    'chains/pages/OperateIndustryChainPage',
    'DeploymentUnitOutlined',
    { group: 'chain' },
  ),
  p(`/${O}/chain/article`, O, 'chainArticle', 'content/pages/OperateChainArticlePage', 'ReadOutlined', {
    group: 'chain',
  }),
  p(`/${O}/chain/list`, O, 'chainList', 'chains/pages/OperateChainEnterpriseListPage', 'ClusterOutlined', {
    group: 'chain',
  }),
  p(`/${O}/chain/importFail`, O, 'chainImportFail', 'chains/pages/OperateChainImportFailPage', 'ExceptionOutlined', {
    group: 'chain',
    hidden: true,
  }),
  p(
    `/${O}/chain/interviewDetail`,
    O,
    'chainInterviewDetail',
    'chains/pages/OperateInterviewDetailPage',
    'CommentOutlined',
    { group: 'chain', hidden: true },
  ),
  p(`/${O}/chain/loanDetail`, O, 'chainLoanDetail', 'chains/pages/OperateLoanDetailPage', 'AccountBookOutlined', {
    group: 'chain',
    hidden: true,
  }),
  p(`/${O}/users/company`, O, 'usersCompany', 'orgs/pages/OperateUsersCompanyPage', 'BankOutlined', { group: 'users' }),
  p(`/${O}/users/personal`, O, 'usersPersonal', 'orgs/pages/OperateUsersPersonalPage', 'UserOutlined', {
    group: 'users',
  }),
  p(`/${O}/users/import`, O, 'usersImport', 'orgs/pages/OperateUsersImportPage', 'CloudUploadOutlined', {
    group: 'users',
  }),
  p(
    `/${O}/platform/configure`,
    O,
    'platformConfigure',
    'system/pages/OperatePlatformConfigurePage',
    'SettingOutlined',
    { group: 'platform' },
  ),
  p(`/${O}/platform/users`, O, 'platformUsers', 'orgs/pages/OperatePlatformUsersPage', 'TeamOutlined', {
    group: 'platform',
  }),
  p(`/${O}/platform/roles`, O, 'platformRoles', 'orgs/pages/OperatePlatformRolesPage', 'KeyOutlined', {
    group: 'platform',
  }),
  p(`/${O}/platform/sms`, O, 'platformSms', 'notify/pages/OperateSmsTemplatePage', 'MessageOutlined', {
    group: 'platform',
  }),
  p(`/${O}/platform/audit`, O, 'platformAudit', 'audit/pages/OperateAuditLogPage', 'AuditOutlined', {
    group: 'platform',
  }),
  p(`/${O}/toSYX`, O, 'toSYX', 'credit/pages/OperateToSyxPage', 'SafetyOutlined'),
  p(`/${O}/farmer-data`, O, 'farmerData', 'farmers/pages/OperateFarmerDataPage', 'DatabaseOutlined'),
  p(`/${O}/my/account`, O, 'myAccount', 'auth/pages/MyAccountPage', 'UserOutlined', { group: 'my' }),

  // Person / enterprise client.
  go(`/${U}`, U, 'root', `/${U}/home`),
  go(`/${U}/hall`, U, 'hall', '/', 'GlobalOutlined'),
  p(`/${U}/home`, U, 'home', 'demands/pages/UserHomePage', 'DashboardOutlined'),
  p(`/${U}/demand/public`, U, 'demandPublic', 'demands/pages/UserDemandPublicPage', 'GlobalOutlined', {
    group: 'demand',
  }),
  p(`/${U}/demand/orientation`, U, 'demandOrientation', 'demands/pages/UserDemandOrientationPage', 'AuditOutlined', {
    group: 'demand',
  }),
  p(
    `/${U}/demand/guarantee`,
    U,
    'demandGuarantee',
    'demands/pages/UserDemandGuaranteePage',
    'SafetyCertificateOutlined',
    { group: 'demand' },
  ),
  p(`/${U}/shelter`, U, 'shelter', 'shelter/pages/UserShelterPage', 'SafetyOutlined'),
  p(`/${U}/certification`, U, 'certification', 'auth/pages/UserCertificationPage', 'SafetyCertificateOutlined', {
    hidden: true,
  }),
  p(`/${U}/my/editPassword`, U, 'myEditPassword', 'auth/pages/UserEditPasswordPage', 'KeyOutlined', { group: 'my' }),
  p(`/${U}/my/editPhone`, U, 'myEditPhone', 'auth/pages/UserEditPhonePage', 'MobileOutlined', { group: 'my' }),
  p(`/${U}/my/bindPhone`, U, 'myBindPhone', 'auth/pages/UserBindPhonePage', 'MobileOutlined', { group: 'my' }),
  p(`/${U}/my/relatedSubject`, U, 'myRelatedSubject', 'auth/pages/UserRelatedSubjectPage', 'UserSwitchOutlined', {
    group: 'my',
  }),
  p(`/${U}/my/accountInfo`, U, 'myAccountInfo', 'auth/pages/UserAccountInfoPage', 'ProfileOutlined', { group: 'my' }),
  p(`/${U}/my/userManagement`, U, 'myUserManagement', 'auth/pages/UserSubAccountPage', 'TeamOutlined', { group: 'my' }),
  p(`/${U}/toSYX`, U, 'toSYX', 'credit/pages/UserToSyxPage', 'SafetyOutlined'),

  // Financial institution (bank) client.
  go(`/${F}`, F, 'root', `/${F}/home`),
  p(`/${F}/home`, F, 'home', 'app/pages/BankHomePage', 'DashboardOutlined'),
  p(`/${F}/product`, F, 'product', 'products/pages/BankProductPage', 'ShoppingOutlined'),
  p(`/${F}/demand/public`, F, 'demandPublic', 'demands/pages/BankDemandPublicPage', 'GlobalOutlined', {
    group: 'demand',
  }),
  p(`/${F}/demand/orientation`, F, 'demandOrientation', 'demands/pages/BankDemandOrientationPage', 'AuditOutlined', {
    group: 'demand',
  }),
  p(`/${F}/shelter`, F, 'shelter', 'shelter/pages/BankShelterPage', 'SafetyOutlined'),
  p(`/${F}/my/userManage`, F, 'myUserManage', 'orgs/pages/BankUserManagePage', 'TeamOutlined', { group: 'my' }),
  p(`/${F}/my/editPhone`, F, 'myEditPhone', 'auth/pages/BankEditPhonePage', 'MobileOutlined', { group: 'my' }),
  p(`/${F}/my/account`, F, 'myAccount', 'auth/pages/MyAccountPage', 'UserOutlined', { group: 'my' }),
  p(`/${F}/toSYX`, F, 'toSYX', 'credit/pages/BankToSyxPage', 'SafetyOutlined'),

  // Guarantee institution client.
  go(`/${G}`, G, 'root', `/${G}/home`),
  p(`/${G}/home`, G, 'home', 'demands/pages/GuaranteeHomePage', 'DashboardOutlined'),
  p(`/${G}/guarantee`, G, 'guarantee', 'app/pages/GuaranteeBusinessPage', 'SafetyCertificateOutlined'),
  p(
    `/${G}/demand/orientation`,
    G,
    'demandOrientation',
    'demands/pages/GuaranteeDemandOrientationPage',
    'AuditOutlined',
    { group: 'demand' },
  ),
  p(`/${G}/my/userManage`, G, 'myUserManage', 'orgs/pages/GuaranteeUserManagePage', 'TeamOutlined', { group: 'my' }),
  p(`/${G}/my/editPhone`, G, 'myEditPhone', 'auth/pages/GuaranteeEditPhonePage', 'MobileOutlined', { group: 'my' }),
  p(`/${G}/my/account`, G, 'myAccount', 'auth/pages/MyAccountPage', 'UserOutlined', { group: 'my' }),
  p(`/${G}/toSYX`, G, 'toSYX', 'credit/pages/GuaranteeToSyxPage', 'SafetyOutlined'),

  // Government supervision client.
  go(`/${S}`, S, 'root', `/${S}/home`),
  p(`/${S}/home`, S, 'home', 'demands/pages/SupervisionHomePage', 'DashboardOutlined'),
  p(`/${S}/demand/public`, S, 'demandPublic', 'demands/pages/SupervisionDemandPublicPage', 'GlobalOutlined', {
    group: 'demand',
  }),
  p(
    `/${S}/demand/orientation`,
    S,
    'demandOrientation',
    'demands/pages/SupervisionDemandOrientationPage',
    'AuditOutlined',
    { group: 'demand' },
  ),
  go(`/${S}/report`, S, 'report', `/${S}/report/region`, 'BarChartOutlined', { group: 'report' }),
  p(`/${S}/report/region`, S, 'reportRegion', 'stats/pages/SupervisionReportRegionPage', 'PieChartOutlined', {
    group: 'report',
  }),
  p(`/${S}/report/bank`, S, 'reportBank', 'stats/pages/SupervisionReportBankPage', 'BarChartOutlined', {
    group: 'report',
  }),
  p(`/${S}/shelter/unShelter`, S, 'shelterUn', 'shelter/pages/SupervisionUnShelterPage', 'SolutionOutlined', {
    group: 'shelter',
  }),
  p(`/${S}/shelter/inShelter`, S, 'shelterIn', 'shelter/pages/SupervisionInShelterPage', 'SafetyOutlined', {
    group: 'shelter',
  }),
  p(`/${S}/shelter/allShelter`, S, 'shelterAll', 'shelter/pages/SupervisionAllShelterPage', 'AppstoreOutlined', {
    group: 'shelter',
  }),
  p(`/${S}/my/userManage`, S, 'myUserManage', 'orgs/pages/SupervisionUserManagePage', 'TeamOutlined', { group: 'my' }),
  p(`/${S}/my/editSetting`, S, 'myEditSetting', 'orgs/pages/SupervisionEditSettingPage', 'SettingOutlined', {
    group: 'my',
  }),
  p(`/${S}/my/account`, S, 'myAccount', 'auth/pages/MyAccountPage', 'UserOutlined', { group: 'my' }),
  p(`/${S}/farmer-data`, S, 'farmerData', 'farmers/pages/SupervisionFarmerDataPage', 'DatabaseOutlined'),
  p(`/${S}/toSYX`, S, 'toSYX', 'credit/pages/SupervisionToSyxPage', 'SafetyOutlined'),

  // Industrial-chain client for banks with chain access.
  go(`/${FC}`, FC, 'root', `/${FC}/home`),
  p(`/${FC}/home`, FC, 'home', 'chains/pages/FinChainHomePage', 'ClusterOutlined'),
  p(`/${FC}/chain/loan`, FC, 'chainLoan', 'chains/pages/FinChainLoanPage', 'AccountBookOutlined', { group: 'chain' }),
  p(`/${FC}/chain/interview`, FC, 'chainInterview', 'chains/pages/FinChainInterviewPage', 'ContactsOutlined', {
    group: 'chain',
  }),
  p(`/${FC}/chain/article`, FC, 'chainArticle', 'chains/pages/FinChainArticlePage', 'ReadOutlined', { group: 'chain' }),
  p(
    `/${FC}/chain/interviewDetail`,
    FC,
    'chainInterviewDetail',
    'chains/pages/FinChainInterviewDetailPage',
    'CommentOutlined',
    { group: 'chain' },
  ),
  p(`/${FC}/chain/loanDetail`, FC, 'chainLoanDetail', 'chains/pages/FinChainLoanDetailPage', 'ProfileOutlined', {
    group: 'chain',
  }),
  p(`/${FC}/chain/importFail`, FC, 'chainImportFail', 'chains/pages/FinChainImportFailPage', 'ExceptionOutlined', {
    group: 'chain',
  }),
  go(`/${FC}/financialInstitution/home`, FC, 'backToBank', `/${F}/home`, 'RollbackOutlined'),
  p(`/${FC}/toSYX`, FC, 'toSYX', 'credit/pages/FinChainToSyxPage', 'SafetyOutlined'),

  // Industrial-chain client for government accounts with chain access.
  go(`/${GC}`, GC, 'root', `/${GC}/home`),
  p(`/${GC}/home`, GC, 'home', 'chains/pages/GovChainHomePage', 'PartitionOutlined'),
  p(
    `/${GC}/chain/interviewDetail`,
    GC,
    'chainInterviewDetail',
    'chains/pages/GovChainInterviewDetailPage',
    'CommentOutlined',
    { group: 'chain' },
  ),
  p(`/${GC}/chain/loanDetail`, GC, 'chainLoanDetail', 'chains/pages/GovChainLoanDetailPage', 'ProfileOutlined', {
    group: 'chain',
  }),
  p(`/${GC}/chain/importFail`, GC, 'chainImportFail', 'chains/pages/GovChainImportFailPage', 'ExceptionOutlined', {
    group: 'chain',
  }),
  go(`/${GC}/supervisionClient/home`, GC, 'backToSupervision', `/${S}/home`, 'RollbackOutlined'),
  p(`/${GC}/toSYX`, GC, 'toSYX', 'credit/pages/GovChainToSyxPage', 'SafetyOutlined'),

  // Anything else: not found, inside the portal chrome.
  p('*', 'portal', 'notFound', 'system/pages/NotFoundPage', 'WarningOutlined', { hidden: true }),
];

/** Spec path (`/product/{productId}`) to router path (`/product/:productId`). */
export function toRouterPath(specPath: string): string {
  return specPath.replace(/\{(\w+)\}/g, ':$1');
}

const BY_PATH = new Map<string, RouteDef>();
for (const d of ROUTE_DEFS) if (d.path) BY_PATH.set(d.path, d);

export function findDef(path: string): RouteDef | undefined {
  return BY_PATH.get(path);
}

/** Each client area: its title key, its home and its "my account" page (issue 30: every account kind has one). */
export const CLIENT_AREA_META: Record<ClientArea, { titleKey: string; home: string; account: string | null }> = {
  operateClient: { titleKey: 'area.operateClient', home: '/operateClient/home', account: '/operateClient/my/account' },
  userClient: { titleKey: 'area.userClient', home: '/userClient/home', account: '/userClient/my/accountInfo' },
  financialInstitution: {
    titleKey: 'area.financialInstitution',
    home: '/financialInstitution/home',
    account: '/financialInstitution/my/account',
  },
  guaranteePlatform: {
    titleKey: 'area.guaranteePlatform',
    home: '/guaranteePlatform/home',
    account: '/guaranteePlatform/my/account',
  },
  supervisionClient: {
    titleKey: 'area.supervisionClient',
    home: '/supervisionClient/home',
    account: '/supervisionClient/my/account',
  },
  // The chain clients' accounts are the bank's and the supervisor's (issue 30: every client's user menu reaches one).
  financialChain: {
    titleKey: 'area.financialChain',
    home: '/financialChain/home',
    account: '/financialInstitution/my/account',
  },
  govermentChain: {
    titleKey: 'area.govermentChain',
    home: '/govermentChain/home',
    account: '/supervisionClient/my/account',
  },
};

/** Cross links shown in a client's menu when the other client's root is in the user's resourceList (SPEC 2). */
export const CLIENT_CROSS_LINKS: Partial<Record<ClientArea, { to: string; resource: string; titleKey: string }>> = {
  financialInstitution: { to: '/financialChain', resource: '/financialChain', titleKey: 'area.financialChain' },
  supervisionClient: { to: '/govermentChain', resource: '/govermentChain', titleKey: 'area.govermentChain' },
};

function isInArea(path: string, area: ClientArea): boolean {
  return path === `/${area}` || path.startsWith(`/${area}/`);
}

export type MenuNode =
  { kind: 'item'; def: RouteDef } | { kind: 'group'; group: MenuGroup; titleKey: string; children: RouteDef[] };

/**
 * The side menu of a client area: entries of that area that are not hidden and whose resource the user holds.
 * Redirects inside the area (its root, /supervisionClient/report) are aliases and stay out; redirects that leave
 * it (the hall, the ways back from the chain clients) are menu links. Entries of one group are gathered where the
 * group first appears.
 */
export function menuFor(area: ClientArea, resourceList: readonly string[]): MenuNode[] {
  const held = new Set(resourceList);
  const nodes: MenuNode[] = [];
  const exits: MenuNode[] = [];
  const groups = new Map<MenuGroup, RouteDef[]>();
  for (const d of ROUTE_DEFS) {
    if (d.area !== area || d.hidden || !d.path || !d.resource || !held.has(d.resource)) continue;
    if (d.redirect) {
      if (!isInArea(d.redirect, area)) exits.push({ kind: 'item', def: d });
      continue;
    }
    if (d.group) {
      let list = groups.get(d.group);
      if (!list) {
        list = [];
        groups.set(d.group, list);
        nodes.push({ kind: 'group', group: d.group, titleKey: `group.${d.group}`, children: list });
      }
      list.push(d);
    } else {
      nodes.push({ kind: 'item', def: d });
    }
  }
  return [...nodes, ...exits];
}

export interface Crumb {
  titleKey: string;
  /** Link target, or null when the crumb is a menu group (no page of its own). */
  to: string | null;
}

/**
 * Breadcrumbs of a client route, from the route table: the area (linking to its home), the menu group, then each
 * routed ancestor path and the page itself.
 */
export function breadcrumbsFor(path: string): Crumb[] {
  const d = findDef(path);
  if (!d || !isClientArea(d.area)) return [];
  const meta = CLIENT_AREA_META[d.area];
  const crumbs: Crumb[] = [{ titleKey: meta.titleKey, to: meta.home }];
  if (d.path === meta.home) return crumbs;
  if (d.group) crumbs.push({ titleKey: `group.${d.group}`, to: null });
  const segments = path.split('/').filter(Boolean);
  for (let i = 2; i < segments.length; i++) {
    const ancestor = findDef(`/${segments.slice(0, i).join('/')}`);
    if (ancestor && ancestor.page) crumbs.push({ titleKey: ancestor.titleKey, to: ancestor.path });
  }
  crumbs.push({ titleKey: d.titleKey, to: null });
  return crumbs;
}

/**
 * The menu entry to highlight for a path: the path itself, or for a hidden page (e.g. an import record) its
 * nearest visible ancestor.
 */
export function menuKeyFor(path: string): string {
  const d = findDef(path);
  if (!d || !d.hidden) return path;
  const segments = path.split('/').filter(Boolean);
  for (let i = segments.length - 1; i > 1; i--) {
    const ancestor = findDef(`/${segments.slice(0, i).join('/')}`);
    if (ancestor && !ancestor.hidden && ancestor.page) return ancestor.path!;
  }
  return path;
}

/** The redirect target for a request URL, keeping the query when the entry says so. */
export function redirectTarget(d: RouteDef, search: string): string {
  if (!d.redirect) throw new Error(`${d.path} is not a redirect`);
  if (!d.keepQuery || !search || search === '?') return d.redirect;
  const q = search.startsWith('?') ? search.slice(1) : search;
  return d.redirect.includes('?') ? `${d.redirect}&${q}` : `${d.redirect}?${q}`;
}
