import { ACCOUNT_TYPE_NAMES, ORG_TYPE_NAMES } from '../auth/enums.ts';
import { AUDIT_ACTIONS } from '../audit/audit-actions.ts';
import type { EnumEntry } from './enums.ts';

/**
 * The static enums served by GET /anon/finance/enumMeta/getEnumBySimpleName/{name}, by simple name. Each entry is
 * code → [Chinese message, English name]; the English name travels in `extName` (Region is the one exception: it
 * comes from the database and its `extName` is the parent region's code). Later domains add their enums here.
 */
export const ENUM_CATALOG: Record<string, Record<string, readonly [string, string]>> = {
  AccountType: {
    PERSON: [ACCOUNT_TYPE_NAMES.PERSON, 'Person'],
    ENTERPRISE: [ACCOUNT_TYPE_NAMES.ENTERPRISE, 'Enterprise'],
    BANK: [ACCOUNT_TYPE_NAMES.BANK, 'Bank'],
    GOVERNMENT: [ACCOUNT_TYPE_NAMES.GOVERNMENT, 'Government'],
    GUARANTEE: [ACCOUNT_TYPE_NAMES.GUARANTEE, 'Guarantee institution'],
    PLATFORM: [ACCOUNT_TYPE_NAMES.PLATFORM, 'Platform operator'],
  },
  OrgType: {
    ROOT: [ORG_TYPE_NAMES.ROOT, 'Platform operator'],
    GOVERNMENT: [ORG_TYPE_NAMES.GOVERNMENT, 'Government department'],
    GUARANTEE: [ORG_TYPE_NAMES.GUARANTEE, 'Guarantee institution'],
    BANK: [ORG_TYPE_NAMES.BANK, 'Bank'],
    RENSHEJUE: [ORG_TYPE_NAMES.RENSHEJUE, 'Human resources bureau'],
    JINRONGJU: [ORG_TYPE_NAMES.JINRONGJU, 'Finance bureau'],
  },
  ClassifiedOrgType: {
    PLATFORM: ['平台', 'Platform'],
    GOVERNMENT: ['政府部门', 'Government department'],
    GUARANTEE: ['担保机构', 'Guarantee institution'],
    BANK: ['银行', 'Bank'],
    RENSHEJUE: ['人社局', 'Human resources bureau'],
    JINRONGJU: ['金融局', 'Finance bureau'],
  },
  CertStatus: {
    NONE: ['未认证', 'Not certified'],
    PENDING: ['认证中', 'Pending'],
    CERTIFIED: ['已认证', 'Certified'],
    REJECTED: ['认证未通过', 'Rejected'],
  },
  UserStatus: { ACTIVE: ['正常', 'Active'], DISABLED: ['已停用', 'Disabled'] },
  HolidayKind: { HOLIDAY: ['节假日', 'Holiday'], WORKDAY: ['调休工作日', 'Swapped working day'] },
  SmsPurpose: {
    REGISTER: ['注册', 'Registration'],
    LOGIN: ['登录', 'Login'],
    CHANGE_PHONE: ['更换手机号', 'Change phone'],
    BIND_PHONE: ['绑定手机号', 'Bind phone'],
    CHANGE_PASSWORD: ['修改密码', 'Change password'],
    VERIFY: ['身份验证', 'Verification'],
  },
  /** The audited actions (audit/audit-actions.ts: one catalogue, the type of every audit row's action). */
  AuditAction: AUDIT_ACTIONS,
  DemandType: {
    PUBLIC: ['公开需求', 'Public demand'],
    ORIENTATION: ['定向需求', 'Orientation demand'],
    GUARANTEE: ['担保需求', 'Guarantee demand'],
  },
  DemandStatus: {
    PENDING: ['待受理', 'Pending'],
    ACCEPTED: ['已受理', 'Accepted'],
    GUARANTEE_ACCEPTED: ['担保已受理', 'Guarantee accepted'],
    GUARANTEED: ['已担保', 'Guaranteed'],
    GRANTED: ['已放款', 'Granted'],
    REJECTED: ['已拒绝', 'Rejected'],
    WITHDRAWN: ['已撤回', 'Withdrawn'],
    EXPIRED: ['已超时', 'Expired'],
  },
  /** REJECT_CODES of the contract (demands/demand.ts). */
  RejectCode: {
    INSUFFICIENT_COLLATERAL: ['抵质押物不足', 'Insufficient collateral'],
    CREDIT_RECORD: ['信用记录不良', 'Credit record'],
    OUTSIDE_SCOPE: ['不在业务范围内', 'Outside scope'],
    UNREACHABLE: ['无法联系申请人', 'Applicant unreachable'],
    OTHER: ['其他', 'Other'],
  },
  /** The same codes under the name used before RejectCode existed. */
  DemandRejectReason: {
    INSUFFICIENT_COLLATERAL: ['抵质押物不足', 'Insufficient collateral'],
    CREDIT_RECORD: ['信用记录不良', 'Credit record'],
    OUTSIDE_SCOPE: ['不在业务范围内', 'Outside scope'],
    UNREACHABLE: ['无法联系申请人', 'Applicant unreachable'],
    OTHER: ['其他', 'Other'],
  },
  DemandSource: { APPLICANT: ['申请人提交', 'Posted by the applicant'], MAKEUP: ['补录', 'Recorded offline (makeup)'] },
  ProductStatus: {
    DRAFT: ['草稿', 'Draft'],
    PENDING_REVIEW: ['待审核', 'Pending review'],
    LISTED: ['已上架', 'Listed'],
    DELISTED: ['已下架', 'Delisted'],
    REJECTED: ['审核未通过', 'Rejected'],
  },
  ProductKind: { LOAN: ['贷款产品', 'Loan product'], GUARANTEE_SERVICE: ['担保服务', 'Guarantee service'] },
  ProductSort: {
    DEFAULT: ['综合排序', 'Default'],
    RATE: ['利率最低', 'Lowest rate'],
    AMOUNT: ['额度最高', 'Highest amount'],
    POPULAR: ['申请最多', 'Most popular'],
    NEWEST: ['最新上架', 'Newest'],
  },
  GuaranteeMethod: {
    CREDIT: ['信用', 'Credit'],
    MORTGAGE: ['抵押', 'Mortgage'],
    PLEDGE: ['质押', 'Pledge'],
    GUARANTOR: ['保证人担保', 'Guarantor'],
    GUARANTEE_COMPANY: ['担保公司担保', 'Guarantee company'],
  },
  Industry: {
    AGRICULTURE: ['农业种植', 'Agriculture'],
    FORESTRY_ANIMAL: ['林牧渔业', 'Forestry, livestock and fishery'],
    AGRI_PROCESSING: ['农产品加工', 'Agricultural processing'],
    MANUFACTURING: ['制造业', 'Manufacturing'],
    WHOLESALE_RETAIL: ['批发零售', 'Wholesale and retail'],
    TOURISM_CATERING: ['文旅餐饮', 'Tourism and catering'],
    LOGISTICS: ['交通物流', 'Transport and logistics'],
    TECH: ['科技创新', 'Technology'],
    CONSTRUCTION: ['建筑业', 'Construction'],
    SERVICES: ['服务业', 'Services'],
    OTHER: ['其他', 'Other'],
  },
  MatchCondition: {
    amount: ['贷款额度', 'Amount'],
    term: ['贷款期限', 'Term'],
    guaranteeMethod: ['担保方式', 'Guarantee method'],
    regionCode: ['服务地区', 'Region'],
    customerType: ['客户类型', 'Customer type'],
    industry: ['所属行业', 'Industry'],
  },
  LoanType: {
    CREDIT: ['信用贷款', 'Credit'],
    MORTGAGE: ['抵押贷款', 'Mortgage'],
    PLEDGE: ['质押贷款', 'Pledge'],
    GUARANTEE: ['保证贷款', 'Guarantee'],
  },
  CustomerType: {
    PERSON: ['个人', 'Person'],
    ENTERPRISE: ['企业', 'Enterprise'],
    FARMER: ['农户', 'Farmer'],
    NEW_AGRI_ENTITY: ['新型农业经营主体', 'New agricultural entity'],
  },
  ShelterStatus: {
    APPLIED: ['已申请', 'Applied'],
    UNDER_REVIEW: ['审核中', 'Under review'],
    IN_SHELTER: ['在舱', 'In shelter'],
    NOT_ADMITTED: ['未入舱', 'Not admitted'],
    WITHDRAWN: ['已撤回', 'Withdrawn'],
    EXITED: ['已出舱', 'Exited'],
  },
  // Credit queries with consent (docs/credit.md): the purpose a consent and a query name, a consent's source and state,
  // a query's outcome and the field groups it showed.
  CreditPurpose: {
    LOAN_APPROVAL: ['贷款审批', 'Loan approval'],
    POST_LOAN: ['贷后管理', 'Post-loan management'],
    GUARANTEE: ['担保审核', 'Guarantee review'],
    CREDIT_LIMIT: ['授信评估', 'Credit-limit assessment'],
  },
  ConsentSource: { SELF: ['本人授权', 'Given on its page'], DEMAND: ['融资需求授权', 'Given with a demand'] },
  ConsentState: { LIVE: ['生效中', 'Live'], EXPIRED: ['已过期', 'Expired'], REVOKED: ['已撤销', 'Revoked'] },
  CreditQueryOutcome: { SHOWN: ['已展示', 'Shown'], REFUSED: ['已拒绝', 'Refused'] },
  CreditFieldGroup: {
    REGISTRY: ['登记信息', 'Registry'],
    CONTACT: ['联系方式', 'Contact'],
    DEMANDS: ['融资需求', 'Demands'],
    LOANS: ['放款记录', 'Loans'],
    CHAINS: ['产业链', 'Chains'],
    FARMER: ['农户数据', 'Farmer data'],
    SHELTER: ['金融方舱', 'Shelter'],
  },
  ShelterHelp: {
    EXTENSION: ['展期', 'Extension'],
    RENEWAL_NO_PRINCIPAL: ['无还本续贷', 'Renewal without repaying principal'],
    RATE_RELIEF: ['利率优惠', 'Rate relief'],
    NEW_CREDIT: ['新增授信', 'New credit'],
    REPAYMENT_PLAN: ['调整还款计划', 'Repayment plan change'],
    PENALTY_WAIVER: ['罚息减免', 'Penalty interest waiver'],
  },
  ShelterExitOutcome: { RECOVERED: ['经营恢复', 'Recovered'], OTHER: ['其他', 'Other'] },
  ShelterBankRole: { LEAD: ['主办银行', 'Lead bank'], HELPER: ['协办银行', 'Helping bank'] },
  ShelterAction: {
    apply: ['提交申请', 'Applied'],
    startReview: ['开始审核', 'Review started'],
    admit: ['准予入舱', 'Admitted'],
    refuse: ['不予入舱', 'Not admitted'],
    withdraw: ['撤回申请', 'Withdrawn'],
    exit: ['出舱', 'Exited'],
    urge: ['督办', 'Urged'],
    help: ['记录帮扶', 'Help recorded'],
  },
  ArticleStatus: { DRAFT: ['草稿', 'Draft'], PUBLISHED: ['已发布', 'Published'], OFFLINE: ['已下线', 'Offline'] },
  ChainCategory: {
    PLANTING: ['种植业', 'Planting'],
    LIVESTOCK: ['畜牧业', 'Livestock'],
    AQUACULTURE: ['水产养殖', 'Aquaculture'],
    FORESTRY: ['林业', 'Forestry'],
    PROCESSING: ['农产品加工', 'Agri-food processing'],
    MANUFACTURING: ['制造业', 'Manufacturing'],
    SERVICES: ['现代服务业', 'Services'],
  },
  ChainStatus: { ACTIVE: ['运行中', 'Active'], ARCHIVED: ['已归档', 'Archived'] },
  ChainTier: { UPSTREAM: ['上游', 'Upstream'], MIDSTREAM: ['中游', 'Midstream'], DOWNSTREAM: ['下游', 'Downstream'] },
  ChainOrgRole: {
    CHIEF_DEPARTMENT: ['链长单位', 'Chain chief department'],
    MEMBER_DEPARTMENT: ['成员部门', 'Member department'],
    LEAD_BANK: ['链主银行', 'Lead bank'],
    MEMBER_BANK: ['成员银行', 'Member bank'],
  },
  EnterpriseScale: {
    MICRO: ['微型', 'Micro'],
    SMALL: ['小型', 'Small'],
    MEDIUM: ['中型', 'Medium'],
    LARGE: ['大型', 'Large'],
  },
  ChainEnterpriseTag: {
    WHITELIST: ['白名单', 'Whitelist'],
    LEADING: ['龙头企业', 'Leading enterprise'],
    NEW_AGRI_ENTITY: ['新型农业经营主体', 'New agricultural entity'],
    FIRST_LOAN_NEEDED: ['首贷需求', 'First loan needed'],
  },
  VisitIntention: {
    HAS_NEED: ['有融资需求', 'Needs financing'],
    NO_NEED: ['暂无需求', 'No need now'],
    UNDECIDED: ['待定', 'Undecided'],
  },
  VisitResult: {
    LOAN_FOLLOWING: ['拟放款', 'Loan following'],
    FOLLOW_UP: ['持续跟进', 'Following up'],
    NO_LOAN: ['未放款', 'No loan'],
  },
  NoLoanReason: {
    NO_NEED: ['无融资需求', 'No need'],
    NOT_ELIGIBLE: ['不符合条件', 'Not eligible'],
    OTHER_BANK: ['已由他行服务', 'Served by another bank'],
    REFUSED: ['企业拒绝', 'Refused by the enterprise'],
  },
  FarmerKind: {
    HOUSEHOLD: ['农户', 'Household'],
    FAMILY_FARM: ['家庭农场', 'Family farm'],
    COOPERATIVE: ['农民专业合作社', "Farmers' cooperative"],
    LARGE_GROWER: ['种养大户', 'Large grower'],
    AGRI_ENTERPRISE: ['农业企业', 'Agricultural enterprise'],
  },
  LandTenure: {
    OWN: ['自有承包', 'Own contracted land'],
    TRANSFERRED_IN: ['流转', 'Transferred in'],
    MIXED: ['自有+流转', 'Own and transferred'],
  },
  FarmerRating: {
    AAA: ['AAA', 'AAA'],
    AA: ['AA', 'AA'],
    A: ['A', 'A'],
    B: ['B', 'B'],
    C: ['C', 'C'],
    UNRATED: ['未评级', 'Unrated'],
  },
  RatingFactor: {
    INCOME: ['年收入', 'Annual income'],
    NET_ASSETS: ['净资产', 'Net assets'],
    DEBT_RATIO: ['资产负债率', 'Debt ratio'],
    OVERDUE: ['近三年逾期', 'Overdue (3 years)'],
    YEARS_FARMING: ['从业年限', 'Years farming'],
    LAND_AREA: ['经营土地面积', 'Land area'],
  },
};

/** The raw entries of one static enum: `name` and `code` are the code, `message` Chinese, `extName` English. */
export function catalogEntries(name: string): EnumEntry[] | null {
  const e = ENUM_CATALOG[name];
  if (!e) return null;
  return Object.entries(e).map(([code, [message, english]]) => ({ name: code, message, code, extName: english }));
}
