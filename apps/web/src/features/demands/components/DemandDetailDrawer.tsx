import { useState } from 'react';
import { Alert, Button, Drawer, type DescriptionsProps, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandDetail } from '@phjr/contract/demands/demand';
import { StateTag } from '../../../components/StateTag.tsx';
import { AttachmentList, DetailActionBar, DetailFacts, DetailSection } from '../../../components/DetailParts.tsx';
import { useDemandDetail } from '../api/demands.ts';
import { DemandActionModal, type ActionTarget } from './DemandActionModal.tsx';
import { DemandTimeline } from './DemandTimeline.tsx';
import { formatAmount, formatDate, formatDateTime, formatRate } from '../../../lib/format.ts';
import { DANGER_ACTIONS, isOpen, daysLeft } from './demand-model.ts';
import { useDemandLabels, useRejectCodeLabel } from './use-demand-labels.ts';
import './demands.css';

/**
 * A demand in full (UI.md "detail page"): every field, the running deadline, the terms granted or the reason
 * refused, the attachments and the credit-query consent, the timeline of its history rows, and the buttons of the
 * actions the server says this viewer may take now.
 */
export function DemandDetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('demands');
  const q = useDemandDetail(id);
  const title = q.data ? t('detail.titleWithCode', { code: q.data.code }) : t('detail.title');
  return (
    <Drawer open={id !== null} onClose={onClose} title={title} size="min(880px, 100vw)" destroyOnHidden>
      {id === null ? null : q.isPending ? (
        <Skeleton active paragraph={{ rows: 14 }} />
      ) : q.isError ? (
        <Result
          status="warning"
          title={t('detail.loadFailed')}
          subTitle={t('detail.loadFailedHint')}
          extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <DemandDetailView demand={q.data} onLinksExpired={() => void q.refetch()} />
      )}
    </Drawer>
  );
}

/** A section's facts: label and value, two to a row. */
function Facts({ items }: { items: DescriptionsProps['items'] }) {
  return <DetailFacts items={items} labelWidth={120} />;
}

/** The deadline running now, in orange once passed. */
export function DeadlineText({ deadline, overdue }: { deadline: string | null; overdue: boolean }) {
  const { t } = useTranslation('demands');
  if (!deadline) return <>-</>;
  const left = daysLeft(deadline);
  return (
    <span
      className={`phjr-demand-deadline${overdue ? ' phjr-demand-overdue' : left <= 1 ? ' phjr-demand-due-soon' : ''}`}
    >
      {formatDate(deadline)}
      <small>
        {overdue
          ? t('deadline.overdue', { n: Math.max(1, -left) })
          : left <= 0
            ? t('deadline.today')
            : t('deadline.left', { n: left })}
      </small>
    </span>
  );
}

/** `onLinksExpired`: an attachment's signed link expired, read the demand again (fresh links). */
export function DemandDetailView({ demand: d, onLinksExpired }: { demand: DemandDetail; onLinksExpired?: () => void }) {
  const { t } = useTranslation('demands');
  const labels = useDemandLabels();
  const rejectLabel = useRejectCodeLabel();
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const actions = d.actions;
  const wan = (n: number | null) => (n === null ? '-' : t('units.wanValue', { n: formatAmount(n) }));
  const running = d.deadline && isOpen(d.status) ? (d.status === 'PENDING' ? 'accept' : 'decide') : null;

  return (
    <div className="phjr-demand-detail">
      <header className="phjr-demand-detail-head">
        <Space wrap size={8}>
          <StateTag state={d.status} />
          {d.overdue && d.status !== 'EXPIRED' ? <StateTag state="OVERDUE" /> : null}
          <Tag>{labels.type(d.type)}</Tag>
          {d.source === 'MAKEUP' ? <Tag color="geekblue">{t('source.MAKEUP')}</Tag> : null}
          {d.urgeCount ? <Tag color="orange">{t('detail.urged', { n: d.urgeCount })}</Tag> : null}
        </Space>
        <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
          {d.applicantName}
          <span className="phjr-demand-detail-amount">{wan(d.amount)}</span>
        </Typography.Title>
      </header>

      {running && d.deadline ? (
        <Alert
          type={d.overdue ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              {t('deadline.label', { label: t(`deadline.${running}`) })}
              <DeadlineText deadline={d.deadline} overdue={d.overdue} />
            </span>
          }
        />
      ) : null}

      <DetailActionBar
        actions={actions}
        danger={DANGER_ACTIONS}
        actionLabel={(a) => t(`actions.${a}`)}
        groupLabel={t('detail.actions')}
        onAct={(a) => setActing({ action: a, demand: d })}
      />

      <DetailSection title={t('detail.demand')}>
        <Facts
          items={[
            { key: 'code', label: t('fields.code'), children: d.code },
            { key: 'type', label: t('fields.type'), children: labels.type(d.type) },
            { key: 'amount', label: t('fields.amount'), children: wan(d.amount) },
            { key: 'term', label: t('fields.term'), children: t('units.monthsValue', { n: d.term }) },
            { key: 'gm', label: t('fields.guaranteeMethod'), children: labels.guarantee.label(d.guaranteeMethod) },
            { key: 'industry', label: t('fields.industry'), children: labels.industry.label(d.industry) },
            { key: 'region', label: t('fields.region'), children: d.regionName ?? d.regionCode },
            { key: 'created', label: t('fields.createdAt'), children: formatDateTime(d.createdAt) },
            { key: 'product', label: t('fields.product'), children: d.productName ?? '-' },
            {
              key: 'target',
              label: d.type === 'GUARANTEE' ? t('fields.targetGuarantee') : t('fields.targetBank'),
              children: d.targetOrgName ?? (d.type === 'PUBLIC' ? t('detail.publicPool') : '-'),
            },
            ...(d.guaranteeOrgName && d.type !== 'GUARANTEE'
              ? [{ key: 'g', label: t('fields.guaranteeOrg'), children: d.guaranteeOrgName }]
              : []),
            { key: 'owner', label: t('fields.ownerOrg'), children: d.ownerOrgName ?? '-' },
            {
              key: 'purpose',
              label: t('fields.purpose'),
              span: 2,
              children: <span className="phjr-demand-purpose">{d.purpose}</span>,
            },
          ]}
        />
      </DetailSection>

      <DetailSection title={t('detail.applicant')}>
        <Facts
          items={[
            { key: 'name', label: t('fields.applicantName'), children: d.applicantName },
            { key: 'atype', label: t('fields.applicantType'), children: labels.customer.label(d.applicantType) },
            { key: 'cc', label: t('fields.creditCode'), children: d.creditCode ?? '-' },
            { key: 'cn', label: t('fields.contactName'), children: d.contactName || '-' },
            { key: 'cp', label: t('fields.contactPhone'), children: d.contactPhone || '-' },
            {
              key: 'consent',
              label: t('fields.consent'),
              children: d.consent.agreed
                ? t('detail.consentGiven', {
                    at: formatDateTime(d.consent.at),
                    institution: d.consent.institution ?? t('detail.consentAnyInstitution'),
                  })
                : t('detail.consentNone'),
            },
          ]}
        />
      </DetailSection>

      <DetailSection title={t('detail.progress')}>
        <Facts
          items={[
            { key: 'ad', label: t('fields.acceptDeadline'), children: formatDate(d.acceptDeadline) },
            { key: 'aa', label: t('fields.acceptedAt'), children: formatDateTime(d.acceptedAt) },
            { key: 'dd', label: t('fields.decideDeadline'), children: formatDate(d.decideDeadline) },
            { key: 'da', label: t('fields.decidedAt'), children: formatDateTime(d.decidedAt) },
            ...(d.guaranteedAmount !== null
              ? [{ key: 'ga', label: t('fields.guaranteedAmount'), children: wan(d.guaranteedAmount) }]
              : []),
            ...(d.guaranteeContractNo !== null
              ? [
                  { key: 'gfr', label: t('fields.guaranteeFeeRate'), children: formatRate(d.guaranteeFeeRate) },
                  {
                    key: 'gtm',
                    label: t('fields.guaranteeTerm'),
                    children: d.guaranteeTerm === null ? '-' : t('units.monthsValue', { n: d.guaranteeTerm }),
                  },
                  { key: 'gcn', label: t('fields.guaranteeContractNo'), children: d.guaranteeContractNo },
                  { key: 'gsa', label: t('fields.guaranteeSignedAt'), children: formatDate(d.guaranteeSignedAt) },
                  {
                    key: 'gpd',
                    label: t('fields.guaranteePeriod'),
                    span: 2,
                    children: t('guaranteeTerms.period', {
                      start: formatDate(d.guaranteeStartDate),
                      end: formatDate(d.guaranteeEndDate),
                    }),
                  },
                ]
              : []),
            ...(d.status === 'GRANTED' || d.grantedAmount !== null
              ? [
                  { key: 'gam', label: t('fields.grantedAmount'), children: wan(d.grantedAmount) },
                  { key: 'gr', label: t('fields.grantedRate'), children: formatRate(d.grantedRate) },
                  {
                    key: 'gt',
                    label: t('fields.grantedTerm'),
                    children: d.grantedTerm === null ? '-' : t('units.monthsValue', { n: d.grantedTerm }),
                  },
                  { key: 'gat', label: t('fields.grantedAt'), children: formatDate(d.grantedAt) },
                ]
              : []),
            ...(d.rejectCode || d.rejectReason
              ? [
                  {
                    key: 'rj',
                    label: t('fields.rejectCode'),
                    span: 2,
                    children: [d.rejectCode ? rejectLabel(d.rejectCode) : null, d.rejectReason]
                      .filter(Boolean)
                      .join('：'),
                  },
                ]
              : []),
            ...(d.withdrawReason
              ? [{ key: 'wr', label: t('fields.withdrawReason'), span: 2, children: d.withdrawReason }]
              : []),
          ]}
        />
      </DetailSection>

      <DetailSection title={t('detail.attachments')}>
        <AttachmentList files={d.attachments} emptyText={t('detail.noAttachments')} onExpired={onLinksExpired} />
      </DetailSection>

      <DetailSection title={t('detail.timeline')}>
        <DemandTimeline history={d.history} />
      </DetailSection>

      <DemandActionModal target={acting} onClose={() => setActing(null)} />
    </div>
  );
}
