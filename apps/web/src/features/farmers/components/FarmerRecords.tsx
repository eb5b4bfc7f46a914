import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { EyeOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { FARMER_SORT, type Farmer } from '@phjr/contract/farmers/farmer';
import { FARMER_ID_SEARCHES_PER_HOUR, FARMER_KINDS, FARMER_RATINGS } from '@phjr/contract/farmers/farmer-rules';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { formatAmount, formatNumber } from '../../../lib/format.ts';
import { useFarmerPage } from '../api/farmers.ts';
import { FarmerDetailDrawer } from './FarmerDetailDrawer.tsx';
import { RatingTag } from './RatingTag.tsx';
import { RegionFilterItem } from './RegionPickers.tsx';
import './farmers.css';

const BOOL = ['true', 'false'] as const;

/**
 * The contract's filters (ZFarmerFilter): region down to the village, kind, rating, need, name, and, for a holder of
 * farmer:sensitive only, the whole ID number with the reason the search is made (the server audits and limits it).
 */
export const farmerList = defineList({
  pageSize: 10,
  filters: {
    districtCode: field.text(6, /^\d{6}$/),
    townshipCode: field.text(9, /^\d{9}$/),
    villageCode: field.text(12, /^\d{12}$/),
    keyword: field.text(40),
    idNumber: field.text(18, /^[0-9A-Za-z]{18}$/),
    /** Why the exact ID search is made: required with idNumber (farmer:sensitive only; audited, limited per hour). */
    reason: field.text(200),
    kind: field.oneOf(FARMER_KINDS),
    rating: field.oneOf(FARMER_RATINGS),
    hasNeed: field.oneOf(BOOL),
  },
  // Land, credit, need and the rating's score sort on the server (docs/lists.md).
  sort: FARMER_SORT,
});

/**
 * The records tab of the farmer-data screen: the filters, the masked rows (the server scopes them), the Excel
 * export of exactly the filtered set (masked, audited) and, with farmer:import, the import. A row opens its detail;
 * where the row lists `sensitive`, the detail offers the unmasked read.
 */
export function FarmerRecords({ onImport }: { onImport?: () => void }) {
  const { t } = useTranslation('farmers');
  const list = useListQuery(farmerList);
  const me = useCurrentUser();
  const canSearchId = me?.permissions.includes('farmer:sensitive') ?? false;
  // Without farmer:sensitive the exact search is not offered, and a number left in the address is not sent.
  const { idNumber: _idNumber, reason: _reason, ...rest } = list.query;
  const page = useFarmerPage(canSearchId ? list.query : rest);
  const kind = useEnum('FarmerKind');
  const rating = useEnum('FarmerRating');
  const [open, setOpen] = useState<{ id: number; ask: boolean } | null>(null);
  const yesNo = BOOL.map((v) => ({ value: v, label: t(`hasNeed.${v}`) }));

  return (
    <>
      <ListFilter
        list={list}
        name="farmer-filter"
        plain
        defaultExpanded
        more={
          <>
            <Form.Item name="kind" label={t('fields.kind')}>
              <Select allowClear style={{ minWidth: 160 }} placeholder={t('placeholders.any')} options={kind.options} />
            </Form.Item>
            <Form.Item name="rating" label={t('fields.rating')}>
              <Select
                allowClear
                style={{ minWidth: 110 }}
                placeholder={t('placeholders.any')}
                options={rating.options}
              />
            </Form.Item>
            <Form.Item name="hasNeed" label={t('fields.hasNeed')}>
              <Select allowClear style={{ minWidth: 120 }} placeholder={t('placeholders.any')} options={yesNo} />
            </Form.Item>
          </>
        }
      >
        <RegionFilterItem />
        <Form.Item name="keyword" label={t('fields.name')}>
          <Input allowClear maxLength={40} placeholder={t('placeholders.keyword')} />
        </Form.Item>
        {canSearchId ? (
          <>
            <Form.Item
              name="idNumber"
              label={t('fields.idNumberExact')}
              tooltip={t('idSearch.hint', { n: FARMER_ID_SEARCHES_PER_HOUR })}
              rules={[{ pattern: /^[0-9A-Za-z]{18}$/, message: t('placeholders.idNumberRule') }]}
              normalize={(v: string | undefined) => v?.toUpperCase()}
            >
              <Input allowClear maxLength={18} placeholder={t('placeholders.idNumber')} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('idSearch.reason')}
              dependencies={['idNumber']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_: unknown, v: string | undefined) =>
                    !getFieldValue('idNumber') || (v ?? '').trim().length >= 5
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('idSearch.reasonRule'))),
                }),
              ]}
            >
              <Input
                allowClear
                maxLength={200}
                placeholder={t('idSearch.reasonPlaceholder')}
                autoComplete="off"
                style={{ minWidth: 240 }}
              />
            </Form.Item>
          </>
        ) : null}
      </ListFilter>
      <ListTable<Farmer>
        list={list}
        plain
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        emptyText={t('list.empty')}
        scroll={{ x: 1480 }}
        exportTo={{ operation: farmerOps.exportFile, fileName: t('list.exportName') }}
        toolbar={
          onImport ? (
            <Button type="primary" icon={<ImportOutlined />} onClick={onImport}>
              {t('actions.import')}
            </Button>
          ) : null
        }
        columns={[
          {
            title: t('fields.name'),
            key: 'name',
            fixed: 'left',
            width: 190,
            render: (_: unknown, r) => (
              <div>
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  onClick={() => setOpen({ id: r.id, ask: false })}
                >
                  {r.name}
                </Button>
                <div>
                  <Tag color={r.kind === 'HOUSEHOLD' ? 'green' : 'blue'} style={{ marginTop: 2 }}>
                    {kind.label(r.kind)}
                  </Tag>
                </div>
              </div>
            ),
          },
          {
            title: t('fields.idNumber'),
            dataIndex: 'idNumber',
            width: 190,
            render: (v: string) => <span className="phjr-farmer-id">{v}</span>,
          },
          {
            title: t('fields.phone'),
            dataIndex: 'phone',
            width: 130,
            render: (v: string | null) => (v ? <span className="phjr-farmer-id">{v}</span> : '-'),
          },
          {
            title: t('fields.region'),
            key: 'region',
            width: 220,
            render: (_: unknown, r) => (
              <div>
                <div>
                  {r.townshipName} · {r.villageName}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.districtName}
                  {r.grid ? ` · ${r.grid}` : ''}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('fields.landAreaMu'),
            dataIndex: 'landArea',
            width: 100,
            align: 'right',
            render: (v: number) => <span className="phjr-farmer-num">{formatNumber(v, 2)}</span>,
          },
          {
            title: t('fields.rating'),
            key: 'ratingScore',
            width: 110,
            render: (_: unknown, r) => <RatingTag rating={r.rating} score={r.ratingScore} />,
          },
          {
            title: t('fields.creditGrantedWan'),
            dataIndex: 'creditGranted',
            width: 120,
            align: 'right',
            render: (v: number) => <span className="phjr-farmer-num">{formatAmount(v)}</span>,
          },
          {
            title: t('fields.creditDrawnWan'),
            dataIndex: 'creditDrawn',
            width: 120,
            align: 'right',
            render: (v: number) => <span className="phjr-farmer-num">{formatAmount(v)}</span>,
          },
          {
            title: t('fields.financingNeedWan'),
            key: 'financingNeed',
            width: 130,
            align: 'right',
            render: (_: unknown, r) =>
              r.financingNeed > 0 ? (
                <span className="phjr-farmer-num">{formatAmount(r.financingNeed)}</span>
              ) : (
                <Typography.Text type="secondary">{t('hasNeed.none')}</Typography.Text>
              ),
          },
          {
            title: t('actions.column'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setOpen({ id: r.id, ask: false })}>
                  {t('actions.detail')}
                </Button>
                {r.actions.includes('sensitive') ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EyeOutlined />}
                    onClick={() => setOpen({ id: r.id, ask: true })}
                    aria-label={t('sensitive.actionOf', { name: r.name })}
                  >
                    {t('sensitive.short')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <FarmerDetailDrawer id={open?.id ?? null} ask={open?.ask} onClose={() => setOpen(null)} />
    </>
  );
}
