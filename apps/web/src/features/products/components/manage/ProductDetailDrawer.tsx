import { Alert, Button, Descriptions, Drawer, Empty, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductDetail, ProductHistoryEntry } from '@phjr/contract/products/product';
import { useRegions } from '../../../../components/use-regions.ts';
import { useEnum } from '../../../../lib/enums.ts';
import { formatCount, formatDateTime } from '../../../../lib/format.ts';
import { useManageProduct } from '../../api/manage-products.ts';
import {
  amountRange,
  featureLines,
  joinList,
  rateRange,
  regionsText,
  termRange,
} from '../../../../components/product-format.ts';
import { ProductActions, ProductStatusTag, type ProductRole } from './product-actions.tsx';
import './product-manage.css';

const HISTORY_COLOR: Record<string, string> = {
  approve: 'green',
  reject: 'red',
  delist: 'gray',
  submit: 'purple',
  withdraw: 'blue',
};

/** The product's history (oldest first, as the server sends it), newest on top. */
function History({ rows }: { rows: readonly ProductHistoryEntry[] }) {
  const { t } = useTranslation('products');
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manage.historyEmpty')} />;
  return (
    <Timeline
      items={[...rows].reverse().map((h, i) => ({
        key: `${h.at}-${i}`,
        color: HISTORY_COLOR[h.action] ?? 'blue',
        content: (
          <div className="phjr-phistory">
            <Space wrap size={6}>
              <strong>{t(`history.${h.action}`, { defaultValue: h.action })}</strong>
              {h.fromStatus && h.fromStatus !== h.toStatus ? (
                <>
                  <ProductStatusTag status={h.fromStatus} />
                  <span aria-label={t('manage.to')}>→</span>
                  <ProductStatusTag status={h.toStatus} />
                </>
              ) : (
                <ProductStatusTag status={h.toStatus} />
              )}
            </Space>
            <div className="phjr-phistory-meta">
              {formatDateTime(h.at)}
              {h.by ? ` · ${h.by}` : ''}
            </div>
            {h.reason ? (
              <div className="phjr-phistory-reason">{t('manage.rejectReason', { reason: h.reason })}</div>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

function Lines({ text }: { text: string }) {
  return (
    <ol className="phjr-plines">
      {featureLines(text).map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ol>
  );
}

function Body({
  p,
  role,
  onEdit,
  onReject,
  onClose,
}: {
  p: ProductDetail;
  role: ProductRole;
  onEdit(): void;
  onReject(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('products');
  const regions = useRegions();
  const loanType = useEnum('LoanType');
  const guarantee = useEnum('GuaranteeMethod');
  const customer = useEnum('CustomerType');
  const industry = useEnum('Industry');
  const kindEnum = useEnum('ProductKind');
  const isService = p.kind === 'GUARANTEE_SERVICE';
  const regionText = regionsText(p.regionCodes, regions.data, (name) => t('filter.wholeCity', { name }));
  return (
    <div className="phjr-pdrawer">
      <Space wrap style={{ marginBottom: 12 }}>
        <ProductStatusTag status={p.status} />
        <Typography.Text type="secondary">{kindEnum.label(p.kind)}</Typography.Text>
      </Space>
      {p.status === 'REJECTED' && p.rejectReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('manage.rejectedTitle')}
          description={p.rejectReason}
        />
      ) : null}
      {p.status === 'PENDING_REVIEW' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={role === 'reviewer' ? t('manage.reviewHint') : t('manage.pendingHint')}
        />
      ) : null}
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'bank', label: t('fields.bank'), children: p.bankName },
          { key: 'unit', label: t('fields.unit'), children: p.orgName },
          ...(isService
            ? []
            : [{ key: 'loanType', label: t('fields.loanType'), children: loanType.label(p.loanType) }]),
          {
            key: 'guarantee',
            label: t('fields.guaranteeMethods'),
            children: joinList(p.guaranteeMethods.map(guarantee.label)),
          },
          { key: 'rate', label: isService ? t('fields.feeRate') : t('fields.rate'), children: rateRange(p) },
          {
            key: 'amount',
            label: isService ? t('fields.guaranteeAmount') : t('fields.amount'),
            children: `${amountRange(p)} ${t('units.wan')}`,
          },
          {
            key: 'term',
            label: isService ? t('fields.guaranteeTerm') : t('fields.term'),
            children: `${termRange(p)} ${t('units.months')}`,
          },
          {
            key: 'customers',
            label: t('fields.customerTypes'),
            children: joinList(p.customerTypes.map(customer.label)),
          },
          {
            key: 'industries',
            label: t('fields.industries'),
            children: p.industries.length ? joinList(p.industries.map(industry.label)) : t('detail.anyIndustry'),
          },
          { key: 'regions', label: t('fields.regions'), children: regionText, span: 2 },
          {
            key: 'policy',
            label: t('form.labels.policy'),
            children: p.policy ? t(`form.policies.${p.policy}`) : t('form.policyPlaceholder'),
            span: 2,
          },
          { key: 'features', label: t('fields.features'), children: <Lines text={p.features} />, span: 2 },
          { key: 'conditions', label: t('fields.conditions'), children: <Lines text={p.conditions} />, span: 2 },
          { key: 'materials', label: t('fields.materials'), children: <Lines text={p.materials} />, span: 2 },
          { key: 'contact', label: t('detail.contact'), children: `${p.contactName} ${p.contactPhone}`, span: 2 },
          {
            key: 'counters',
            label: t('manage.counters'),
            children: t('manage.countersValue', {
              views: formatCount(p.views),
              applications: formatCount(p.applications),
              grants: formatCount(p.grants),
            }),
            span: 2,
          },
          { key: 'created', label: t('fields.createdAt'), children: formatDateTime(p.createdAt) },
          { key: 'updated', label: t('fields.updatedAt'), children: formatDateTime(p.updatedAt) },
          { key: 'submitted', label: t('fields.submittedAt'), children: formatDateTime(p.submittedAt) || '-' },
          { key: 'listed', label: t('fields.listedAt'), children: formatDateTime(p.listedAt) || '-' },
          ...(p.reviewedAt
            ? [
                {
                  key: 'reviewed',
                  label: t('fields.reviewed'),
                  children: `${formatDateTime(p.reviewedAt)}${p.reviewedBy ? ` · ${p.reviewedBy}` : ''}`,
                  span: 2,
                },
              ]
            : []),
        ]}
      />
      {p.history ? (
        <section aria-labelledby="phjr-phistory-title" style={{ marginTop: 24 }}>
          <h3 id="phjr-phistory-title" className="phjr-panel-title" style={{ margin: '0 0 16px' }}>
            {t('manage.history')}
          </h3>
          <History rows={p.history} />
        </section>
      ) : null}
      <div className="phjr-product-form-foot">
        <ProductActions
          product={p}
          role={role}
          variant="button"
          onEdit={onEdit}
          onReject={onReject}
          onDone={(a) => {
            if (a === 'remove') onClose();
          }}
        />
      </div>
    </div>
  );
}

export interface ProductDetailDrawerProps {
  id: number | null;
  role: ProductRole;
  onClose(): void;
  onEdit(id: number): void;
  onReject(p: { id: number; name: string }): void;
}

/** A product in the back office: every field, the reject reason, the history, and the actions allowed now. */
export function ProductDetailDrawer({ id, role, onClose, onEdit, onReject }: ProductDetailDrawerProps) {
  const { t } = useTranslation('products');
  const q = useManageProduct(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="min(820px, 100vw)"
      title={q.data?.name ?? t('manage.detailTitle')}
      destroyOnHidden
    >
      {id === null ? null : q.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : q.isError ? (
        <Result
          status="warning"
          title={t('manage.loadFailed')}
          extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Body
          p={q.data}
          role={role}
          onEdit={() => onEdit(q.data.id)}
          onReject={() => onReject(q.data)}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}
