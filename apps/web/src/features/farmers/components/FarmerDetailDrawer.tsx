import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { EyeOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import type { FarmerDetail } from '@phjr/contract/farmers/farmer';
import { useEnum } from '../../../lib/enums.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { formatAmount, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useFarmerDetail, useSensitiveFarmer } from '../api/farmers.ts';
import { RatingTag } from './RatingTag.tsx';
import './farmers.css';

/**
 * One record (farmerOps.detail, masked) with what drove its rating, and, when the server lists the `sensitive`
 * action (the caller holds farmer:sensitive), "view in full": a reason is asked, farmerOps.sensitive answers the
 * record unmasked and writes the audit log; the full numbers show in this drawer only until it closes.
 *
 *   <FarmerDetailDrawer id={openId} onClose={() => setOpenId(null)} />
 *   <FarmerDetailDrawer id={openId} ask onClose={…} />       // opens on the reason for the unmasked read
 */
export function FarmerDetailDrawer({
  id,
  ask = false,
  onClose,
}: {
  id: number | null;
  ask?: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('farmers');
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('detail.title')} size="min(760px, 100vw)" destroyOnHidden>
      {id !== null ? <DetailBody id={id} ask={ask} /> : null}
    </Drawer>
  );
}

function DetailBody({ id, ask }: { id: number; ask: boolean }) {
  const { t } = useTranslation('farmers');
  const q = useFarmerDetail(id);
  const [unmasked, setUnmasked] = useState<FarmerDetail | null>(null);
  const [asking, setAsking] = useState(ask);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (q.isError || !q.data) return <Result status="warning" title={t('detail.notFound')} />;
  const f = unmasked ?? q.data;
  const canUnmask = q.data.actions.includes('sensitive');
  return (
    <>
      {unmasked ? (
        <Alert
          type="warning"
          showIcon
          icon={<EyeOutlined />}
          style={{ marginBottom: 16 }}
          title={t('sensitive.shown')}
          description={t('sensitive.shownHint')}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined />}
          style={{ marginBottom: 16 }}
          title={t('detail.maskedNote')}
          action={
            canUnmask ? (
              <Button size="small" icon={<EyeOutlined />} onClick={() => setAsking(true)}>
                {t('sensitive.action')}
              </Button>
            ) : undefined
          }
        />
      )}
      <FarmerDescriptions farmer={f} unmasked={unmasked !== null} />
      <RatingDrivers farmer={f} />
      {canUnmask ? (
        <SensitiveModal
          open={asking}
          id={id}
          name={q.data.name}
          onClose={() => setAsking(false)}
          onShown={setUnmasked}
        />
      ) : null}
    </>
  );
}

function FarmerDescriptions({ farmer: f, unmasked }: { farmer: FarmerDetail; unmasked: boolean }) {
  const { t } = useTranslation('farmers');
  const kind = useEnum('FarmerKind');
  const tenure = useEnum('LandTenure');
  const wan = (v: number | null) => (v === null ? t('detail.notCollected') : `${formatAmount(v)} ${t('units.wan')}`);
  const whole = (v: number | null, unit: string) => (v === null ? t('detail.notCollected') : `${v} ${unit}`);
  const idClass = unmasked ? 'phjr-farmer-id phjr-farmer-unmasked' : 'phjr-farmer-id';
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 130 } }}
      style={{ marginBottom: 20 }}
      items={[
        { key: 'name', label: t('fields.name'), children: f.name },
        {
          key: 'kind',
          label: t('fields.kind'),
          children: <Tag color={f.kind === 'HOUSEHOLD' ? 'green' : 'blue'}>{kind.label(f.kind)}</Tag>,
        },
        { key: 'id', label: t('fields.idNumber'), children: <span className={idClass}>{f.idNumber}</span> },
        {
          key: 'phone',
          label: t('fields.phone'),
          children: f.phone ? <span className={idClass}>{f.phone}</span> : '-',
        },
        {
          key: 'region',
          label: t('fields.region'),
          span: 2,
          children: [f.districtName, f.townshipName, f.villageName].filter(Boolean).join(' / '),
        },
        { key: 'grid', label: t('fields.grid'), children: f.grid ?? '-' },
        {
          key: 'land',
          label: t('fields.landArea'),
          children: `${formatNumber(f.landArea, 2)} ${t('units.mu')}${f.landTenure ? `（${tenure.label(f.landTenure)}）` : ''}`,
        },
        { key: 'products', label: t('fields.mainProducts'), span: 2, children: f.mainProducts ?? '-' },
        { key: 'income', label: t('fields.annualIncome'), children: wan(f.annualIncome) },
        { key: 'assets', label: t('fields.assets'), children: wan(f.assets) },
        { key: 'liabilities', label: t('fields.liabilities'), children: wan(f.liabilities) },
        { key: 'overdue', label: t('fields.overdueCount'), children: whole(f.overdueCount, t('units.times')) },
        { key: 'years', label: t('fields.yearsFarming'), children: whole(f.yearsFarming, t('units.years')) },
        { key: 'rating', label: t('fields.rating'), children: <RatingTag rating={f.rating} score={f.ratingScore} /> },
        { key: 'granted', label: t('fields.creditGranted'), children: wan(f.creditGranted) },
        { key: 'drawn', label: t('fields.creditDrawn'), children: wan(f.creditDrawn) },
        {
          key: 'need',
          label: t('fields.financingNeed'),
          children: f.financingNeed > 0 ? wan(f.financingNeed) : t('detail.noNeed'),
        },
        { key: 'purpose', label: t('fields.needPurpose'), children: f.needPurpose ?? '-' },
        { key: 'source', label: t('fields.source'), children: t(`sources.${f.source}`) },
        { key: 'updated', label: t('fields.updatedAt'), children: formatDateTime(f.updatedAt) },
      ]}
    />
  );
}

/** The rating's drivers: each factor's value, its points and the factor's maximum (the rule of docs/farmers.md). */
function RatingDrivers({ farmer: f }: { farmer: FarmerDetail }) {
  const { t } = useTranslation('farmers');
  const factor = useEnum('RatingFactor');
  const value = (factorCode: string, v: number | null) => {
    if (v === null) return t('detail.notCollected');
    if (factorCode === 'DEBT_RATIO') return `${formatNumber(v * 100, 1)}%`;
    if (factorCode === 'INCOME' || factorCode === 'NET_ASSETS') return `${formatAmount(v)} ${t('units.wan')}`;
    if (factorCode === 'LAND_AREA') return `${formatNumber(v, 2)} ${t('units.mu')}`;
    if (factorCode === 'OVERDUE') return `${v} ${t('units.times')}`;
    return `${v} ${t('units.years')}`;
  };
  return (
    <section aria-labelledby="phjr-farmer-drivers">
      <Typography.Title level={5} id="phjr-farmer-drivers">
        {t('detail.drivers')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {f.rating === 'UNRATED' ? t('detail.unratedHint') : t('detail.driversHint', { score: f.ratingScore ?? 0 })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="factor"
        pagination={false}
        dataSource={f.drivers}
        columns={[
          { title: t('detail.factor'), dataIndex: 'factor', render: (c: string) => factor.label(c) },
          { title: t('detail.value'), key: 'value', render: (_: unknown, d) => value(d.factor, d.value) },
          {
            title: t('detail.points'),
            key: 'points',
            align: 'right',
            width: 120,
            render: (_: unknown, d) => `${d.points} / ${d.max}`,
          },
        ]}
        summary={() => (
          <Table.Summary.Row className="phjr-farmer-total-row">
            <Table.Summary.Cell index={0} colSpan={2}>
              {t('detail.score')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {f.ratingScore === null ? '-' : `${f.ratingScore} / 100`}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

/** Asks why (5–200 characters, the contract's rule) before the one unmasked read; says it is audited. */
function SensitiveModal({
  open,
  id,
  name,
  onClose,
  onShown,
}: {
  open: boolean;
  id: number;
  name: string;
  onClose(): void;
  onShown(f: FarmerDetail): void;
}) {
  const { t } = useTranslation('farmers');
  const [form] = Form.useForm<{ reason: string }>();
  const rules = useFormRules(farmerOps.sensitive.body);
  const read = useSensitiveFarmer();
  async function submit() {
    const { reason } = await form.validateFields();
    const full = await read.mutateAsync({ id, reason: reason.trim() });
    onShown(full);
    form.resetFields();
    onClose();
  }
  return (
    <Modal
      open={open}
      title={t('sensitive.title', { name })}
      okText={t('sensitive.confirm')}
      cancelText={t('actions.cancel')}
      confirmLoading={read.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('sensitive.audited')} />
      <Form form={form} layout="vertical" name="farmer-sensitive">
        <Form.Item name="reason" label={t('sensitive.reason')} rules={rules('reason', t('sensitive.reason'))}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('sensitive.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
