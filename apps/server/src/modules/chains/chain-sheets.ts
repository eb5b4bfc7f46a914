import {
  CHAIN_ENTERPRISE_IMPORT_COLUMNS,
  type ChainEnterprise,
  type ChainFailRecord,
} from '@phjr/contract/chains/chain';
import { cellDateTime, enumLabel, type SheetColumn } from '../../lib/excel-export.ts';
import type { LoanRow, VisitRow } from './chain-visits.repo.ts';

/**
 * The columns of the chains' list exports (issue 30; docs/lists.md): each sheet says what its list shows, in the
 * list's words, with the list's masking (a member's phone as the caller sees it: chain-enterprises.service toMember).
 */

/** At most this many rows in one export of a chain list (in the list's order; narrow the filters for the rest). */
export const CHAIN_EXPORT_MAX_ROWS = 50_000;
/** Rows read per batch by the streaming writer. */
export const CHAIN_EXPORT_BATCH = 1_000;

export interface Sheet<R> {
  sheet: string;
  columns: (SheetColumn & { value: (r: R) => unknown })[];
}

export const cellsOf =
  <R>(s: Sheet<R>) =>
  (r: R) =>
    s.columns.map((c) => c.value(r));

export const MEMBER_SHEET: Sheet<ChainEnterprise> = {
  sheet: '产业链企业',
  columns: [
    { header: '产业链', width: 22, value: (r) => r.chainName },
    { header: '企业名称', width: 30, value: (r) => r.name },
    { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
    { header: '链上位置', width: 10, value: (r) => enumLabel('ChainTier', r.tier) },
    { header: '企业规模', width: 10, value: (r) => enumLabel('EnterpriseScale', r.scale) },
    { header: '法定代表人', width: 12, value: (r) => r.legalPerson ?? '' },
    { header: '联系人', width: 12, value: (r) => r.contactName ?? '' },
    { header: '联系电话', width: 16, value: (r) => r.contactPhone ?? '' },
    { header: '融资需求（万元）', width: 16, value: (r) => r.financingNeed },
    { header: '标签', width: 20, value: (r) => r.tags.map((t) => enumLabel('ChainEnterpriseTag', t)).join('、') },
    { header: '走访次数', width: 10, value: (r) => r.visits },
    { header: '最近走访', width: 12, value: (r) => r.lastVisitDate ?? '' },
    { header: '放款笔数', width: 10, value: (r) => r.loans },
    { header: '放款金额（万元）', width: 16, value: (r) => r.loanAmount },
    { header: '认领银行', width: 24, value: (r) => r.claimedByOrgName ?? '' },
    { header: '加入时间', width: 18, value: (r) => cellDateTime(Date.parse(r.createdAt)) },
  ],
};

const recordHead = <R extends VisitRow | LoanRow>(): Sheet<R>['columns'] => [
  { header: '产业链', width: 22, value: (r) => r.chainName },
  { header: '企业名称', width: 30, value: (r) => r.enterpriseName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '银行', width: 26, value: (r) => r.orgName },
];

export const VISIT_SHEET: Sheet<VisitRow> = {
  sheet: '走访记录',
  columns: [
    { header: '走访日期', width: 12, value: (r) => r.visitDate },
    ...recordHead<VisitRow>(),
    { header: '走访人员', width: 14, value: (r) => r.staff },
    { header: '融资意向', width: 14, value: (r) => enumLabel('VisitIntention', r.intention) },
    { header: '意向金额（万元）', width: 16, value: (r) => r.intendedAmount },
    { header: '走访结果', width: 12, value: (r) => enumLabel('VisitResult', r.result) },
    { header: '未放款原因', width: 16, value: (r) => enumLabel('NoLoanReason', r.noLoanReason) },
    { header: '走访内容', width: 50, value: (r) => r.content },
    { header: '登记人', width: 12, value: (r) => r.createdBy ?? '' },
    { header: '登记时间', width: 18, value: (r) => cellDateTime(r.createdAtMs) },
  ],
};

export const LOAN_SHEET: Sheet<LoanRow> = {
  sheet: '放款记录',
  columns: [
    { header: '放款日期', width: 12, value: (r) => r.loanDate },
    ...recordHead<LoanRow>(),
    { header: '金额（万元）', width: 14, value: (r) => r.amount },
    { header: '年利率（%）', width: 12, value: (r) => r.rate },
    { header: '期限（月）', width: 10, value: (r) => r.term },
    { header: '产品', width: 24, value: (r) => r.productName ?? '' },
    { header: '登记人', width: 12, value: (r) => r.createdBy ?? '' },
    { header: '登记时间', width: 18, value: (r) => cellDateTime(r.createdAtMs) },
  ],
};

/** The failed rows as the list shows them: which import and row, the cells as read (the phone masked as on screen), why. */
export const FAIL_SHEET: Sheet<ChainFailRecord> = {
  sheet: '导入失败记录',
  columns: [
    { header: '产业链', width: 22, value: (r) => r.chainName },
    { header: '导入编号', width: 10, value: (r) => r.importRecordId },
    { header: '行号', width: 8, value: (r) => r.rowNo },
    ...CHAIN_ENTERPRISE_IMPORT_COLUMNS.map((c) => ({
      header: c.header,
      width: c.key === 'tags' || c.key === 'mainBusiness' ? 28 : 18,
      value: (r: ChainFailRecord) => r.values[c.key] ?? '',
    })),
    { header: '错误原因', width: 50, value: (r) => r.errors.map((e) => e.reason).join('；') },
    { header: '状态', width: 10, value: (r) => (r.status === 'FAILED' ? '待处理' : '已重新登记') },
    { header: '导入时间', width: 18, value: (r) => cellDateTime(Date.parse(r.createdAt)) },
  ],
};
