import { enumLabel, cellDateTime, type SheetColumn } from '../../lib/excel-export.ts';
import type { UserExportRow } from './orgs-admin.repo.ts';
import { maskPhone } from './orgs.service.ts';

/**
 * The sheets of the three user lists' exports (issue 30; docs/lists.md): the operator's company and personal users,
 * the platform's back-office accounts and an institution's staff. Each writes the columns its list shows, the phone
 * masked as the list masks it (maskPhone: 138****0001, for every viewer: no list shows a user's phone whole).
 */

export interface UserSheetColumn extends SheetColumn {
  value(r: UserExportRow): string | number | null;
}

const roleNames = (r: UserExportRow) => r.roles.map((x) => x.name).join('、');
const at = (d: Date | null) => cellDateTime(d ? d.getTime() : null);

const CREATED: UserSheetColumn = { header: '创建时间', width: 18, value: (r) => at(r.createdAt) };
const LAST_LOGIN: UserSheetColumn = { header: '最近登录', width: 18, value: (r) => at(r.lastLoginAt) };
const STATUS: UserSheetColumn = { header: '状态', width: 10, value: (r) => enumLabel('UserStatus', r.status) };
const PHONE: UserSheetColumn = { header: '手机号', width: 15, value: (r) => maskPhone(r.phone) };

/** The operator's company (ENTERPRISE) or personal (PERSON, or any other account type) users. */
export function accountColumns(accountType: string, regionName: (code: string | null) => string): UserSheetColumn[] {
  const enterprise = accountType === 'ENTERPRISE';
  return [
    {
      header: enterprise ? '企业名称' : '用户名称',
      width: 28,
      value: (r) => (r.mainUserId !== null ? `${r.orgName ?? ''}（子账号：${r.name}）` : r.name),
    },
    { header: '账号', width: 18, value: (r) => r.username },
    ...(enterprise ? [{ header: '统一社会信用代码', width: 22, value: (r: UserExportRow) => r.creditCode ?? '' }] : []),
    PHONE,
    { header: '地区', width: 12, value: (r) => regionName(r.regionCode) },
    { header: '认证', width: 10, value: (r) => (r.certified ? '已认证' : '未认证') },
    STATUS,
    CREATED,
    LAST_LOGIN,
  ];
}

/** The platform's back-office accounts (every institution's). */
export const PLATFORM_USER_COLUMNS: UserSheetColumn[] = [
  { header: '账号', width: 18, value: (r) => r.username },
  { header: '姓名', width: 14, value: (r) => r.name },
  { header: '所属机构', width: 28, value: (r) => r.orgName ?? '' },
  { header: '账号类型', width: 12, value: (r) => enumLabel('AccountType', r.accountType) },
  PHONE,
  { header: '角色', width: 24, value: roleNames },
  STATUS,
  CREATED,
  LAST_LOGIN,
];

/** An institution's staff (the admin's organisation and, for a bank, its subtree). */
export const STAFF_COLUMNS: UserSheetColumn[] = [
  { header: '账号', width: 18, value: (r) => r.username },
  { header: '姓名', width: 14, value: (r) => r.name },
  { header: '所属机构', width: 28, value: (r) => r.orgName ?? '' },
  PHONE,
  { header: '邮箱', width: 24, value: (r) => r.email ?? '' },
  { header: '角色', width: 24, value: roleNames },
  STATUS,
  CREATED,
  LAST_LOGIN,
];
