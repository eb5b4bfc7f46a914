import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@phjr/contract/envelope';
import { PRODUCT_KINDS, PRODUCT_STATUSES, type ProductDetail, type ProductKind } from '@phjr/contract/products/product';
import { MANAGE_PRODUCT_SORT } from '@phjr/contract/products/manage';
import { useTranslation } from 'react-i18next';
import { ListTable, defineList, field, type ListState } from '../../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { formatCount, formatDate, formatDateTime } from '../../../../lib/format.ts';
import { amountRange, rateRange, termRange } from '../../../../components/product-format.ts';
import { ProductActions, ProductStatusTag, type ProductRole } from './product-actions.tsx';

/**
 * The back office's product lists (a provider's, the operator's two tabs): ZManageProductPageQuery's filters and
 * the page in the address. A screen fixes what it does not offer (a provider's kind, the review queue's state).
 */
export const productList = defineList({
  pageSize: 10,
  filters: {
    keyword: field.text(40),
    kind: field.oneOf(PRODUCT_KINDS),
    status: field.oneOf(PRODUCT_STATUSES),
    orgId: field.number(),
  },
  sort: MANAGE_PRODUCT_SORT,
});
export type ProductListState = ListState<(typeof productList)['filters']>;
const ACTIONS_WIDTH = 250;

/** A unit below the head office is named without the head office's name it starts with ("…南江区支行" → "南江区支行"). */
function unitName(p: Pick<ProductDetail, 'orgName' | 'bankName'>): string {
  return p.orgName !== p.bankName && p.orgName.startsWith(p.bankName) ? p.orgName.slice(p.bankName.length) : p.orgName;
}

export interface ProductTableProps {
  list: ProductListState;
  result: UseQueryResult<Page<ProductDetail>>;
  /** Inside a panel of the screen (its status tabs): no panel of its own. */
  plain?: boolean;
  role: ProductRole;
  /** The operator's lists: the bank (or guarantee company) and the kind. */
  showProvider?: boolean;
  /** A provider's kind (the rate column says rate or fee); the operator's lists hold both. */
  kind?: ProductKind;
  /** A provider with one unit has no unit column. */
  showUnit?: boolean;
  /** The review queue dates rows by submission, the others by the last change. */
  dateField?: 'updatedAt' | 'submittedAt';
  emptyText: string;
  onDetail(id: number): void;
  onEdit(id: number): void;
  onReject(p: { id: number; name: string }): void;
}

/** The back office's product table: name, unit, state, figures, counters, last change, and the actions of the state. */
export function ProductTable({
  list,
  result,
  plain,
  role,
  showProvider,
  kind,
  showUnit = true,
  dateField = 'updatedAt',
  emptyText,
  onDetail,
  onEdit,
  onReject,
}: ProductTableProps) {
  const { t } = useTranslation('products');
  const kindEnum = useEnum('ProductKind');
  const all: TableColumnsType<ProductDetail> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      width: 180,
      render: (name: string, p) => (
        <span className="phjr-ptable-name">
          <Typography.Link onClick={() => onDetail(p.id)}>{name}</Typography.Link>
          {showProvider && p.kind === 'GUARANTEE_SERVICE' ? (
            <Tag style={{ marginInlineStart: 6 }}>{kindEnum.label(p.kind)}</Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: showProvider ? t('fields.provider') : t('fields.unit'),
      key: 'org',
      width: 190,
      render: (_: unknown, p) => (
        <span className="phjr-ptable-org">
          <Typography.Text ellipsis={{ tooltip: p.orgName }}>
            {!showProvider && p.orgName === p.bankName ? t('manage.headOffice') : unitName(p)}
          </Typography.Text>
          {showProvider && p.orgName !== p.bankName ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: p.bankName }} style={{ fontSize: 12 }}>
              {p.bankName}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 124,
      render: (s: ProductDetail['status']) => <ProductStatusTag status={s} />,
    },
    {
      title: kind === 'LOAN' ? t('manage.rateColLoan') : kind ? t('manage.rateColFee') : t('manage.rateCol'),
      key: 'rateMin',
      width: 124,
      render: (_: unknown, p) => <span className="phjr-nowrap">{rateRange(p)}</span>,
    },
    {
      title: t('manage.amountCol'),
      key: 'amountMax',
      width: 110,
      align: 'right',
      render: (_: unknown, p) => <span className="phjr-nowrap">{amountRange(p)}</span>,
    },
    // 100: "(months)" of the English header on its own line (issue 13: widths that fit both languages).
    {
      title: t('manage.termCol'),
      key: 'termMax',
      width: 100,
      align: 'right',
      render: (_: unknown, p) => <span className="phjr-nowrap">{termRange(p)}</span>,
    },
    {
      title: t('manage.countersCol'),
      key: 'applications',
      width: 124,
      align: 'right',
      render: (_: unknown, p) => (
        <span className="phjr-nowrap">{`${formatCount(p.views)} / ${formatCount(p.applications)} / ${formatCount(p.grants)}`}</span>
      ),
    },
    {
      title: dateField === 'submittedAt' ? t('fields.submittedAt') : t('fields.updatedAt'),
      key: dateField,
      width: 112,
      render: (_: unknown, p) => (
        <span className="phjr-nowrap" title={formatDateTime(p[dateField])}>
          {formatDate(p[dateField]) || '-'}
        </span>
      ),
    },
    {
      title: t('manage.actionsCol'),
      key: 'actions',
      width: ACTIONS_WIDTH,
      fixed: 'right',
      render: (_: unknown, p) => (
        <ProductActions
          product={p}
          role={role}
          onDetail={() => onDetail(p.id)}
          onEdit={() => onEdit(p.id)}
          onReject={() => onReject({ id: p.id, name: p.name })}
        />
      ),
    },
  ];
  const columns = showUnit ? all : all.filter((c) => c.key !== 'org');
  return (
    <ListTable<ProductDetail>
      list={list}
      data={result.data}
      loading={result.isFetching}
      rowKey="id"
      plain={plain}
      columns={columns}
      scroll={{ x: columns.reduce((n, c) => n + Number(c.width ?? 0), 0) }}
      emptyText={result.isError ? t('manage.listFailed') : emptyText}
      showSizeChanger={false}
    />
  );
}
