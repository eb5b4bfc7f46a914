import { useMemo, useState } from 'react';
import { Badge, Form, Input, Select, Tabs, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS, PRODUCT_STATUSES, type ProductKind, type ProductStatus } from '@phjr/contract/products/product';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { FilterBar } from '../../../../components/FilterBar.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { useManageProducts, useProviderOrgs } from '../../api/manage-products.ts';
import { ProductDetailDrawer } from './ProductDetailDrawer.tsx';
import { ProductFormDrawer, type ProductFormTarget } from './ProductFormDrawer.tsx';
import { MANAGE_PAGE_SIZE, ProductTable } from './ProductTable.tsx';
import { RejectModal, type RejectTarget } from './RejectModal.tsx';
import { ProductStatusTag } from './product-actions.tsx';
import './product-manage.css';

interface Filter {
  keyword?: string;
  kind?: ProductKind;
  status?: ProductStatus;
  orgId?: number;
}

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

/** One tab's list: its filters, its page and its table. */
function ReviewList({ queue, onDetail, onEdit, onReject }: { queue: boolean; onDetail(id: number): void; onEdit(id: number): void; onReject(p: RejectTarget): void }) {
  const { t } = useTranslation('products');
  const kindEnum = useEnum('ProductKind');
  const banks = useProviderOrgs('BANK', !queue);
  const guarantors = useProviderOrgs('GUARANTEE', !queue);
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [current, setCurrent] = useState(1);
  const result = useManageProducts({ ...filter, status: queue ? 'PENDING_REVIEW' : filter.status, current, pageSize: MANAGE_PAGE_SIZE });
  const orgTree = useMemo(() => toTree([...(banks.data ?? []), ...(guarantors.data ?? [])]), [banks.data, guarantors.data]);
  return (
    <div className="phjr-pmanage">
      <FilterBar<Filter>
        name={queue ? 'review-queue-filter' : 'review-all-filter'}
        form={form}
        onSearch={(v) => {
          setFilter({ ...v, keyword: v.keyword?.trim() || undefined });
          setCurrent(1);
        }}
      >
        <Form.Item name="keyword" label={t('manage.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('manage.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('manage.allKinds')} options={PRODUCT_KINDS.map((k) => ({ value: k, label: kindEnum.label(k) }))} />
        </Form.Item>
        {queue ? null : (
          <>
            <Form.Item name="status" label={t('fields.status')}>
              <Select allowClear style={{ width: 140 }} placeholder={t('manage.allStatuses')} options={PRODUCT_STATUSES.map((s) => ({ value: s, label: <ProductStatusTag status={s} /> }))} />
            </Form.Item>
            <Form.Item name="orgId" label={t('fields.provider')}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                style={{ width: 300 }}
                placeholder={t('manage.allProviders')}
                treeData={orgTree}
                loading={banks.isPending || guarantors.isPending}
                popupMatchSelectWidth={380}
              />
            </Form.Item>
          </>
        )}
      </FilterBar>
      <section className="phjr-panel">
        <ProductTable
          result={result}
          current={current}
          onPage={setCurrent}
          role="reviewer"
          showProvider
          dateField={queue ? 'submittedAt' : 'updatedAt'}
          emptyText={queue ? t('manage.emptyQueue') : t('manage.emptyFiltered')}
          onDetail={onDetail}
          onEdit={onEdit}
          onReject={onReject}
        />
      </section>
    </div>
  );
}

/**
 * The operator's products: the review queue first (with its count), then every product with filters by state,
 * kind, keyword and provider; approve, reject with a reason, delist, edit (the state stays), the detail.
 */
export function ProductReviewScreen() {
  const { t } = useTranslation('products');
  const [tab, setTab] = useState<'queue' | 'all'>('queue');
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<ProductFormTarget | null>(null);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const pending = useManageProducts({ status: 'PENDING_REVIEW', current: 1, pageSize: 1 });
  const handlers = { onDetail: setViewing, onEdit: (id: number) => setEditing({ id }), onReject: setRejecting };
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'queue' | 'all')}
        items={[
          {
            key: 'queue',
            label: (
              <span>
                {t('review.queueTab')}
                <Badge count={pending.data?.total ?? 0} overflowCount={999} className="phjr-preview-queue-badge" aria-label={t('review.queueCount', { n: pending.data?.total ?? 0 })} />
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
