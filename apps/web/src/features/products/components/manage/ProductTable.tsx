import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@phjr/contract/envelope';
import type { ProductDetail, ProductKind } from '@phjr/contract/products/product';
import { useTranslation } from 'react-i18next';
import { useEnum } from '../../../../lib/enums.ts';
import { formatCount, formatDate, formatDateTime } from '../../../../lib/format.ts';
import { amountRange, rateRange, termRange } from '../product-format.ts';
import { ProductActions, ProductStatusTag, type ProductRole } from './product-actions.tsx';

export const MANAGE_PAGE_SIZE = 10;
const ACTIONS_WIDTH = 250;

/** A unit below the head office is named without the head office's name it starts with ("…南江区支行" → "南江区支行"). */
function unitName(p: Pick<ProductDetail, 'orgName' | 'bankName'>): string {
  return p.orgName !== p.bankName && p.orgName.startsWith(p.bankName) ? p.orgName.slice(p.bankName.length) : p.orgName;
}

export interface ProductTableProps {
  result: UseQueryResult<Page<ProductDetail>>;
  current: number;
  onPage(page: number): void;
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
export function ProductTable({ result, current, onPage, role, showProvider, kind, showUnit = true, dateField = 'updatedAt', emptyText, onDetail, onEdit, onReject }: ProductTableProps) {
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
          {showProvider && p.kind === 'GUARANTEE_SERVICE' ? <Tag style={{ marginInlineStart: 6 }}>{kindEnum.label(p.kind)}</Tag> : null}
        </span>
      ),
    },
    {
      title: showProvider ? t('fields.provider') : t('fields.unit'),
      key: 'org',
      width: 190,
      render: (_: unknown, p) => (
        <span className="phjr-ptable-org">
          <Typography.Text ellipsis={{ tooltip: p.orgName }}>{!showProvider && p.orgName === p.bankName ? t('manage.headOffice') : unitName(p)}</Typography.Text>
          {showProvider && p.orgName !== p.bankName ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: p.bankName }} style={{ fontSize: 12 }}>
              {p.bankName}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', width: 96, render: (s: ProductDetail['status']) => <ProductStatusTag status={s} /> },
    { title: kind === 'LOAN' ? t('manage.rateColLoan') : kind ? t('manage.rateColFee') : t('manage.rateCol'), key: 'rate', width: 124, render: (_: unknown, p) => <span className="phjr-nowrap">{rateRange(p)}</span> },
    { title: t('manage.amountCol'), key: 'amount', width: 110, align: 'right', render: (_: unknown, p) => <span className="phjr-nowrap">{amountRange(p)}</span> },
    { title: t('manage.termCol'), key: 'term', width: 84, align: 'right', render: (_: unknown, p) => <span className="phjr-nowrap">{termRange(p)}</span> },
    {
      title: t('manage.countersCol'),
      key: 'counters',
      width: 124,
      align: 'right',
      render: (_: unknown, p) => <span className="phjr-nowrap">{`${formatCount(p.views)} / ${formatCount(p.applications)} / ${formatCount(p.grants)}`}</span>,
    },
    {
      title: dateField === 'submittedAt' ? t('fields.submittedAt') : t('fields.updatedAt'),
      key: 'date',
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
        <ProductActions product={p} role={role} onDetail={() => onDetail(p.id)} onEdit={() => onEdit(p.id)} onReject={() => onReject({ id: p.id, name: p.name })} />
      ),
    },
  ];
  const columns = showUnit ? all : all.filter((c) => c.key !== 'org');
  return (
    <Table<ProductDetail>
      rowKey="id"
      loading={result.isFetching}
      dataSource={result.data?.list ?? []}
      columns={columns}
      scroll={{ x: columns.reduce((n, c) => n + Number(c.width ?? 0), 0) }}
      locale={{ emptyText: result.isError ? t('manage.listFailed') : emptyText }}
      pagination={{
        current,
        pageSize: MANAGE_PAGE_SIZE,
        total: result.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t('manage.total', { total }),
        onChange: onPage,
      }}
    />
  );
}

