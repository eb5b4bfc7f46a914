import { useMemo, useState } from 'react';
import { useSearchParams } from '../../../../lib/search-params.ts';
import { Badge, Form, Input, Select, Tabs, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS, PRODUCT_STATUSES } from '@phjr/contract/products/product';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { ListFilter, useListQuery } from '../../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { useManageProducts, useProviderOrgs } from '../../api/manage-products.ts';
import { ProductDetailDrawer } from './ProductDetailDrawer.tsx';
import { ProductFormDrawer, type ProductFormTarget } from './ProductFormDrawer.tsx';
import { ProductTable, productList } from './ProductTable.tsx';
import { RejectModal, type RejectTarget } from './RejectModal.tsx';
import { ProductStatusTag } from './product-actions.tsx';
import './product-manage.css';
import { pickerEmpty } from '../../../../components/PickerEmpty.tsx';

type TreeNode = { value: number; title: string; children?: TreeNode[] };

/** Banks (head office → branch → sub-branch) and guarantee companies as one tree for the organisation filter. */
function toTree(rows: readonly OrgRow[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>(rows.map((r) => [r.id, { value: r.id, title: r.name }]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** One tab's list: its filters, its page and its table (only the open tab's list is mounted: it owns the address). */
function ReviewList({
  queue,
  onDetail,
  onEdit,
  onReject,
}: {
  queue: boolean;
  onDetail(id: number): void;
  onEdit(id: number): void;
  onReject(p: RejectTarget): void;
}) {
  const { t } = useTranslation('products');
  const kindEnum = useEnum('ProductKind');
  const banks = useProviderOrgs('BANK', !queue);
  const guarantors = useProviderOrgs('GUARANTEE', !queue);
  const list = useListQuery(productList);
  const result = useManageProducts(queue ? { ...list.query, status: 'PENDING_REVIEW' } : list.query);
  const orgTree = useMemo(
    () => toTree([...(banks.data ?? []), ...(guarantors.data ?? [])]),
    [banks.data, guarantors.data],
  );
  return (
    <div className="phjr-pmanage">
      <ListFilter list={list} name={queue ? 'review-queue-filter' : 'review-all-filter'}>
        <Form.Item name="keyword" label={t('manage.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('manage.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select
            allowClear
            placeholder={t('manage.allKinds')}
            options={PRODUCT_KINDS.map((k) => ({ value: k, label: kindEnum.label(k) }))}
          />
        </Form.Item>
        {queue ? null : (
          <>
            <Form.Item name="status" label={t('fields.status')}>
              <Select
                allowClear
                placeholder={t('manage.allStatuses')}
                options={PRODUCT_STATUSES.map((s) => ({ value: s, label: <ProductStatusTag status={s} /> }))}
              />
            </Form.Item>
            <Form.Item name="orgId" label={t('fields.provider')}>
              <TreeSelect
                notFoundContent={pickerEmpty(t('common:pickers.noOrg'), banks.isPending || guarantors.isPending)}
                allowClear
                showSearch
                treeNodeFilterProp="title"
                placeholder={t('manage.allProviders')}
                treeData={orgTree}
                loading={banks.isPending || guarantors.isPending}
                popupMatchSelectWidth={380}
              />
            </Form.Item>
          </>
        )}
      </ListFilter>
      <ProductTable
        list={list}
        result={result}
        role="reviewer"
        showProvider
        dateField={queue ? 'submittedAt' : 'updatedAt'}
        emptyText={queue ? t('manage.emptyQueue') : t('manage.emptyFiltered')}
        onDetail={onDetail}
        onEdit={onEdit}
        onReject={onReject}
      />
    </div>
  );
}

/**
 * The operator's products: the review queue first (with its count), then every product with filters by state,
 * kind, keyword and provider; approve, reject with a reason, delist, edit (the state stays), the detail.
 */
export function ProductReviewScreen() {
  const { t } = useTranslation('products');
  // The tab is in the address (`?tab=all`); another tab starts without the other's filters and page.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'all' ? 'all' : 'queue';
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<ProductFormTarget | null>(null);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const pending = useManageProducts({ status: 'PENDING_REVIEW', current: 1, pageSize: 1 });
  const handlers = { onDetail: setViewing, onEdit: (id: number) => setEditing({ id }), onReject: setRejecting };
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'all' ? { tab: k } : {}, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'queue',
            label: (
              <span>
                {t('review.queueTab')}
                <Badge
                  count={pending.data?.total ?? 0}
                  overflowCount={999}
                  className="phjr-preview-queue-badge"
                  aria-label={t('review.queueCount', { n: pending.data?.total ?? 0 })}
                />
              </span>
            ),
            children: <ReviewList queue {...handlers} />,
          },
          { key: 'all', label: t('review.allTab'), children: <ReviewList queue={false} {...handlers} /> },
        ]}
      />
      <ProductDetailDrawer
        id={viewing}
        role="reviewer"
        onClose={() => setViewing(null)}
        onEdit={(id) => {
          setViewing(null);
          setEditing({ id });
        }}
        onReject={(p) => setRejecting(p)}
      />
      <ProductFormDrawer target={editing} kind="LOAN" role="reviewer" onClose={() => setEditing(null)} />
      <RejectModal target={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
