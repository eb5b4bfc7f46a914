import { ACCOUNT_TYPE_NAMES, ORG_TYPE_NAMES } from '../auth/enums.ts';
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
  AuditAction: {
    login: ['登录', 'Sign in'],
    'login.failed': ['登录失败', 'Failed sign-in'],
    logout: ['退出登录', 'Sign out'],
    'config.update': ['修改系统配置', 'Settings changed'],
    'holiday.save': ['保存节假日', 'Holiday saved'],
    'holiday.remove': ['删除节假日', 'Holiday removed'],
    'user.create': ['新增用户', 'User created'],
    'user.update': ['修改用户', 'User updated'],
    'user.status': ['启用/停用用户', 'User enabled or disabled'],
    'user.resetPassword': ['重置密码', 'Password reset'],
    'user.import': ['导入用户', 'Users imported'],
    'role.create': ['新增角色', 'Role created'],
    'role.update': ['修改角色', 'Role updated'],
    'role.delete': ['删除角色', 'Role deleted'],
    'org.create': ['新增机构', 'Organisation created'],
    'org.update': ['修改机构', 'Organisation updated'],
    'sms.template': ['修改短信模板', 'SMS template changed'],
    'password.change': ['修改密码', 'Password changed'],
    'phone.change': ['更换手机号', 'Phone changed'],
    'account.register': ['注册账号', 'Account registered'],
    'account.certify': ['实名认证', 'Certification'],
    'article.save': ['保存文章', 'Article saved'],
    'article.publish': ['发布文章', 'Article published'],
    'article.offline': ['下线文章', 'Article taken offline'],
    'article.pin': ['置顶/取消置顶文章', 'Article pinned or unpinned'],
    'article.remove': ['删除文章', 'Article removed'],
    'picture.save': ['保存图片', 'Picture saved'],
    'picture.remove': ['删除图片', 'Picture removed'],
    'agreement.save': ['发布协议新版本', 'Agreement version saved'],
    'achievement.save': ['保存成果', 'Achievement saved'],
    'achievement.remove': ['删除成果', 'Achievement removed'],
    'demand.transition': ['需求状态变更', 'Demand state changed'],
    'product.review': ['产品审核', 'Product reviewed'],
    export: ['导出数据', 'Data exported'],
    'credit.query': ['信用查询', 'Credit query'],
  },
  DemandType: { PUBLIC: ['公开需求', 'Public demand'], ORIENTATION: ['定向需求', 'Orientation demand'], GUARANTEE: ['担保需求', 'Guarantee demand'] },
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
  DemandRejectReason: {
    INSUFFICIENT_COLLATERAL: ['抵质押物不足', 'Insufficient collateral'],
    CREDIT_RECORD: ['信用记录不良', 'Credit record'],
    OUT_OF_SCOPE: ['不在业务范围内', 'Outside scope'],
    UNREACHABLE: ['无法联系申请人', 'Applicant unreachable'],
    OTHER: ['其他', 'Other'],
  },
  ProductStatus: {
    DRAFT: ['草稿', 'Draft'],
    PENDING_REVIEW: ['待审核', 'Pending review'],
    LISTED: ['已上架', 'Listed'],
    DELISTED: ['已下架', 'Delisted'],
    REJECTED: ['审核未通过', 'Rejected'],
  },
  LoanType: { CREDIT: ['信用贷款', 'Credit'], MORTGAGE: ['抵押贷款', 'Mortgage'], PLEDGE: ['质押贷款', 'Pledge'], GUARANTEE: ['保证贷款', 'Guarantee'] },
  CustomerType: {
    PERSON: ['个人', 'Person'],
    ENTERPRISE: ['企业', 'Enterprise'],
    FARMER: ['农户', 'Farmer'],
    NEW_AGRI_ENTITY: ['新型农业经营主体', 'New agricultural entity'],
  },
  ShelterStatus: {
    APPLIED: ['已申请', 'Applied'],
    IN_SHELTER: ['在舱', 'In shelter'],
    EXITED: ['已出舱', 'Exited'],
    NOT_ADMITTED: ['未入舱', 'Not admitted'],
  },
  ShelterHelp: {
    EXTENSION: ['展期', 'Extension'],
    RATE_RELIEF: ['利率优惠', 'Rate relief'],
    NEW_CREDIT: ['新增授信', 'New credit'],
    REPAYMENT_PLAN: ['调整还款计划', 'Repayment plan change'],
  },
  ArticleStatus: { DRAFT: ['草稿', 'Draft'], PUBLISHED: ['已发布', 'Published'], OFFLINE: ['已下线', 'Offline'] },
};

/** The raw entries of one static enum: `name` and `code` are the code, `message` Chinese, `extName` English. */
export function catalogEntries(name: string): EnumEntry[] | null {
  const e = ENUM_CATALOG[name];
  if (!e) return null;
  return Object.entries(e).map(([code, [message, english]]) => ({ name: code, message, code, extName: english }));
}
