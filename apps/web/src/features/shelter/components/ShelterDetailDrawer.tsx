import { useState } from 'react';
import { Alert, Button, Drawer, Result, Skeleton, Space, Table, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShelterDetail, ShelterMeasure, ShelterUserAction } from '@phjr/contract/shelter/shelter';
import { StateTag } from '../../../components/StateTag.tsx';
import { AttachmentList, DetailActionBar, DetailFacts, DetailSection } from '../../../components/DetailParts.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useShelterDetail } from '../api/shelter.ts';
import { ShelterActionModal, type ShelterActionTarget } from './ShelterActionModal.tsx';
import { MeasureFormModal } from './MeasureFormModal.tsx';
import { ShelterTimeline } from './ShelterTimeline.tsx';
import { DANGER_ACTIONS, formatBp } from './shelter-model.ts';
import { useShelterLabels } from './use-shelter-labels.ts';
import './shelter.css';

/** A case in a drawer (every role): its facts, plan, measures, banks, documents, timeline and the viewer's actions. */
export function ShelterDetailDrawer({
  id,
  onClose,
  recordHelp = false,
}: {
  id: number | null;
  onClose(): void;
  /** Open the measure form at once (a bank's "record help" from a list row). */ recordHelp?: boolean;
}) {
  const { t } = useTranslation('shelter');
  const q = useShelterDetail(id);
  const title = q.data ? t('detail.titleWithCode', { code: q.data.code }) : t('detail.title');
  return (
    <Drawer open={id !== null} onClose={onClose} title={title} size="min(920px, 100vw)" destroyOnHidden>
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
        <ShelterDetailView
          detail={q.data}
          recordHelp={recordHelp && q.data.actions.includes('recordHelp')}
          onLinksExpired={() => void q.refetch()}
        />
      )}
    </Drawer>
  );
}

/** A section's facts: label and value, two to a row. */
function Facts({ items }: { items: DescriptionsProps['items'] }) {
  return <DetailFacts items={items} labelWidth={130} />;
}

export function ShelterDetailView({
  detail: d,
  recordHelp = false,
  onLinksExpired,
}: {
  detail: ShelterDetail;
  recordHelp?: boolean;
  /** An attachment's signed link expired: read the case again (fresh links). */
  onLinksExpired?: () => void;
}) {
  const { t } = useTranslation('shelter');
  const labels = useShelterLabels();
  const [acting, setActing] = useState<ShelterActionTarget | null>(null);
  const [recording, setRecording] = useState(recordHelp);
  const admitted = d.admittedAt !== null;
  const lead = d.banks.filter((b) => b.role === 'LEAD');
  const helpers = d.banks.filter((b) => b.role === 'HELPER');
  const loanSum = d.loans.reduce((s, l) => s + l.amount, 0);

  const act = (a: ShelterUserAction) =>
    a === 'recordHelp' ? setRecording(true) : setActing({ action: a, subject: d });

  return (
    <div>
      <header className="phjr-shelter-detail-head">
        <Space wrap size={8}>
          <StateTag state={d.state} />
          <Tag>{labels.industry.label(d.industry)}</Tag>
          {d.regionName ? <Tag>{d.regionName}</Tag> : null}
          {d.urgeCount ? <Tag color="orange">{t('detail.urged', { n: d.urgeCount })}</Tag> : null}
        </Space>
        <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
          {d.enterpriseName}
          <span className="phjr-shelter-detail-sub">{d.code}</span>
        </Typography.Title>
      </header>

      <DetailActionBar
        actions={d.actions}
        danger={DANGER_ACTIONS}
        actionLabel={(a) => t(`actions.${a}`)}
        groupLabel={t('detail.actions')}
        onAct={act}
      />

      <Decision detail={d} />

      <DetailSection title={t('detail.application')}>
        <Facts
          items={[
            { key: 'code', label: t('fields.code'), children: d.code },
            { key: 'credit', label: t('fields.creditCode'), children: d.creditCode },
            { key: 'region', label: t('fields.region'), children: d.regionName ?? d.regionCode },
            { key: 'industry', label: t('fields.industry'), children: labels.industry.label(d.industry) },
            { key: 'since', label: t('fields.difficultySince'), children: d.difficultySince },
            { key: 'recovery', label: t('fields.expectedRecovery'), children: d.expectedRecovery },
            { key: 'applied', label: t('fields.appliedAt'), children: formatDateTime(d.appliedAt) },
            { key: 'admitted', label: t('fields.admittedAt'), children: formatDateTime(d.admittedAt) },
            { key: 'contact', label: t('fields.contactName'), children: d.contactName },
            { key: 'phone', label: t('fields.contactPhone'), children: d.contactPhone },
            {
              key: 'public',
              label: t('fields.publicOnRecovery'),
              children: d.publicOnRecovery ? t('detail.public') : t('detail.notPublic'),
            },
            { key: 'closed', label: t('fields.closedAt'), children: formatDateTime(d.closedAt) },
            {
              key: 'cause',
              label: t('fields.cause'),
              span: 2,
              children: <span className="phjr-shelter-pre">{d.cause}</span>,
            },
          ]}
        />
      </DetailSection>

      <DetailSection title={t('detail.loans')}>
        {d.loans.length ? (
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={d.loans}
            columns={[
              {
                title: t('fields.bank'),
                dataIndex: 'bankName',
                render: (v: string, l) =>
                  l.bankOrgId ? (
                    v
                  ) : (
                    <span>
                      {v} <Tag>{t('bankKind.name')}</Tag>
                    </span>
                  ),
              },
              {
                title: t('fields.loanAmount'),
                dataIndex: 'amount',
                align: 'right',
                width: 160,
                render: (v: number) => labels.wan(v),
              },
              { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 130 },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('detail.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong>{labels.wan(loanSum)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            )}
          />
        ) : (
          <Typography.Text type="secondary">{t('detail.noLoans')}</Typography.Text>
        )}
      </DetailSection>

      <DetailSection title={t('detail.plan')}>
        <PlanTable detail={d} />
        {d.planNote ? (
          <Alert
            type="info"
            showIcon={false}
            style={{ marginTop: 12 }}
            title={<strong>{t('fields.planNote')}</strong>}
            description={<span className="phjr-shelter-pre">{d.planNote}</span>}
          />
        ) : null}
      </DetailSection>

      <DetailSection title={t('detail.banks')}>
        {d.banks.length ? (
          <Facts
            items={[
              { key: 'lead', label: t('fields.leadBank'), children: lead.map((b) => b.name).join('、') || '-' },
              {
                key: 'helpers',
                label: t('fields.helperBanks'),
                children: helpers.map((b) => b.name).join('、') || '-',
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('detail.noBanks')}</Typography.Text>
        )}
      </DetailSection>

      {admitted ? (
        <DetailSection title={t('detail.measures')}>
          <MeasureTable measures={d.measures} />
        </DetailSection>
      ) : null}

      <DetailSection title={t('detail.attachments')}>
        <AttachmentList files={d.attachments} emptyText={t('detail.noAttachments')} onExpired={onLinksExpired} />
      </DetailSection>

      <DetailSection title={t('detail.timeline')}>
        <ShelterTimeline history={d.history} />
      </DetailSection>

      <ShelterActionModal target={acting} onClose={() => setActing(null)} />
      <MeasureFormModal subject={recording ? d : null} onClose={() => setRecording(false)} />
    </div>
  );
}

/** How the case was decided: the refusal, the withdrawal or the exit, with its reason. */
function Decision({ detail: d }: { detail: ShelterDetail }) {
  const { t } = useTranslation('shelter');
  if (d.state === 'NOT_ADMITTED' && d.refuseReason)
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('fields.refuseReason')}
        description={d.refuseReason}
      />
    );
  if (d.state === 'WITHDRAWN')
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('fields.withdrawReason')}
        description={d.withdrawReason || '-'}
      />
    );
  if (d.state === 'EXITED' && d.exitOutcome)
    return (
      <Alert
        type={d.exitOutcome === 'RECOVERED' ? 'success' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t('detail.exitOutcome', { outcome: t(`outcome.${d.exitOutcome}`) })}
        description={d.exitNote || undefined}
      />
    );
  return null;
}

/** Asked against given, one row per help type asked or given (the server's plan rows). */
function PlanTable({ detail: d }: { detail: ShelterDetail }) {
  const { t } = useTranslation('shelter');
  const labels = useShelterLabels();
  return (
    <Table
      size="small"
      rowKey="type"
      pagination={false}
      dataSource={d.plan}
      columns={[
        { title: t('plan.type'), dataIndex: 'type', render: (v: string) => labels.help.label(v) },
        {
          title: t('plan.asked'),
          key: 'asked',
          render: (_: unknown, r) =>
            r.asked ? (
              <span>{r.askedAmount !== null ? labels.wan(r.askedAmount) : t('plan.askedYes')}</span>
            ) : (
              <span className="phjr-shelter-muted">{t('plan.askedNo')}</span>
            ),
        },
        {
          title: t('plan.given'),
          key: 'given',
          render: (_: unknown, r) =>
            r.givenCount ? (
              <Tag color="green">{t('plan.givenCount', { n: r.givenCount })}</Tag>
            ) : (
              <span className="phjr-shelter-muted">-</span>
            ),
        },
        {
          title: t('plan.givenAmount'),
          key: 'amount',
          align: 'right',
          render: (_: unknown, r) =>
            !r.givenCount
              ? '-'
              : r.type === 'RATE_RELIEF'
                ? formatBp(r.avgRateChangeBp)
                : r.givenAmount !== null
                  ? labels.wan(r.givenAmount)
                  : '-',
        },
      ]}
    />
  );
}

function MeasureTable({ measures }: { measures: readonly ShelterMeasure[] }) {
  const { t } = useTranslation('shelter');
  const labels = useShelterLabels();
  if (!measures.length) return <Typography.Text type="secondary">{t('detail.noMeasures')}</Typography.Text>;
  return (
    <Table<ShelterMeasure>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...measures]}
      scroll={{ x: 760 }}
      columns={[
        { title: t('fields.givenOn'), dataIndex: 'givenOn', width: 110, render: (v: string) => formatDate(v) },
        { title: t('fields.measureType'), dataIndex: 'type', width: 130, render: (v: string) => labels.help.label(v) },
        { title: t('fields.bank'), dataIndex: 'orgName', ellipsis: true },
        {
          title: t('fields.amount'),
          key: 'amount',
          width: 200,
          render: (_: unknown, m) =>
            [
              m.amount !== null ? labels.wan(m.amount) : null,
              m.rateChangeBp !== null ? formatBp(m.rateChangeBp) : null,
              m.penaltyWaived !== null ? labels.wan(m.penaltyWaived) : null,
            ]
              .filter(Boolean)
              .join(' · ') || '-',
        },
        { title: t('fields.newDueDate'), dataIndex: 'newDueDate', width: 110, render: (v: string | null) => v ?? '-' },
        { title: t('fields.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}
