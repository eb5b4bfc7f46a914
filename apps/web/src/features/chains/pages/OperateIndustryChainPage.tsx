import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, Select, Space, Typography, type MenuProps } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAIN_CATEGORIES, CHAIN_SORT, CHAIN_STATUSES, type ChainSummary } from '@phjr/contract/chains/chain';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatCount, formatDateTime } from '../../../lib/format.ts';
import { useChainPage, useSetChainStatus } from '../api/chains.ts';
import { ChainFormDrawer, type ChainFormTarget, type ChainTab } from '../components/ChainFormDrawer.tsx';
import { ChainFunnel } from '../components/ChainFigures.tsx';
import '../components/chains.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** The contract's filters (ZChainPageQuery). */
const chainList = defineList({
  pageSize: 10,
  filters: {
    keyword: field.text(40),
    category: field.oneOf(CHAIN_CATEGORIES),
    status: field.oneOf(CHAIN_STATUSES),
    regionCode: field.text(6),
  },
  sort: CHAIN_SORT,
});

const MEMBERS_PATH = '/operateClient/chain/list';

/**
 * /operateClient/chain/industry-chain: every chain with its figures; create, edit (basics, organisations, managers),
 * archive and activate. A row's buttons are exactly its `actions` (the server's answer).
 */
export default function OperateIndustryChainPage() {
  const { t } = useTranslation('chains');
  const list = useListQuery(chainList);
  const page = useChainPage(list.query);
  const category = useEnum('ChainCategory');
  const status = useEnum('ChainStatus');
  const regions = useRegions();
  const [editing, setEditing] = useState<ChainFormTarget | null>(null);

  const open = (c: ChainSummary, tab: ChainTab) => setEditing({ id: c.id, tab, allowed: c.actions });

  return (
    <RoutePage>
      <ListFilter list={list} defaultExpanded>
        <Form.Item name="keyword" label={t('fields.name')}>
          <Input allowClear maxLength={40} placeholder={t('placeholders.keyword')} />
        </Form.Item>
        <Form.Item name="category" label={t('fields.category')}>
          <Select allowClear style={{ minWidth: 150 }} placeholder={t('placeholders.any')} options={category.options} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select allowClear style={{ minWidth: 120 }} placeholder={t('placeholders.any')} options={status.options} />
        </Form.Item>
        <Form.Item name="regionCode" label={t('fields.region')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 150 }}
            placeholder={t('placeholders.any')}
            options={[...(regions.data ?? []).filter((r) => r.parentCode === null), ...districtsOf(regions.data)].map(
              (r) => ({ value: r.code, label: r.name }),
            )}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<ChainSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        emptyText={t('chainPage.empty')}
        scroll={{ x: 1250 }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {t('actions.create')}
          </Button>
        }
        expandable={{
          expandedRowRender: (c) => (
            <div className="phjr-chain-expanded">
              <ChainFunnel figures={c.figures} compact />
              <dl className="phjr-chain-numbers">
                {(['visits', 'loans', 'banks'] as const).map((k) => (
                  <div key={k}>
                    <dt>{t(`figures.${k}`)}</dt>
                    <dd>{formatCount(c.figures[k])}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t('figures.loanAmount')}</dt>
                  <dd>
                    {formatAmount(c.figures.loanAmount)}
                    <small> {t('units.wan')}</small>
                  </dd>
                </div>
              </dl>
            </div>
          ),
        }}
        columns={[
          {
            title: t('fields.name'),
            key: 'name',
            width: 260,
            fixed: 'left',
            render: (_: unknown, c) => (
              <div className="phjr-chain-name-cell">
                {c.coverUrl ? (
                  <img className="phjr-chain-cover-thumb" src={c.coverUrl} alt="" />
                ) : (
                  <span className="phjr-chain-cover-thumb" aria-hidden />
                )}
                <div>
                  <div>{c.name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {category.label(c.category)} · {c.regionName ?? c.regionCode}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: t('fields.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: ChainSummary['status']) => (
              <StateTag state={s} label={status.label(s)} tone={s === 'ACTIVE' ? 'success' : 'closed'} />
            ),
          },
          {
            title: t('fields.chiefDepartment'),
            dataIndex: 'chiefDepartmentName',
            width: 160,
            ellipsis: true,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('fields.leadBank'),
            dataIndex: 'leadBankName',
            width: 160,
            ellipsis: true,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('figures.enterprises'),
            key: 'enterprises',
            width: 90,
            align: 'right',
            render: (_: unknown, c) => formatCount(c.figures.enterprises),
          },
          {
            title: t('figures.banks'),
            key: 'banks',
            width: 90,
            align: 'right',
            render: (_: unknown, c) => formatCount(c.figures.banks),
          },
          {
            title: t('figures.enterprisesFinanced'),
            key: 'financed',
            width: 100,
            align: 'right',
            render: (_: unknown, c) => formatCount(c.figures.enterprisesFinanced),
          },
          {
            title: t('figures.loanAmount'),
            key: 'loanAmount',
            width: 140,
            align: 'right',
            render: (_: unknown, c) => t('units.wanValue', { n: formatAmount(c.figures.loanAmount) }),
          },
          {
            title: t('fields.updatedAt'),
            dataIndex: 'updatedAt',
            width: 150,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('actions.column'),
            key: 'actions',
            width: 220,
            fixed: 'right',
            render: (_: unknown, c) => <ChainRowActions chain={c} onOpen={open} />,
          },
        ]}
      />
      <ChainFormDrawer target={editing} onClose={() => setEditing(null)} />
    </RoutePage>
  );
}

/** The row's buttons: edit and the members link first, the rest in a menu; only what `chain.actions` lists. */
function ChainRowActions({ chain, onOpen }: { chain: ChainSummary; onOpen(c: ChainSummary, tab: ChainTab): void }) {
  const { t } = useTranslation('chains');
  const { message, modal } = App.useApp();
  const setStatus = useSetChainStatus();
  const can = (a: string) => chain.actions.includes(a as ChainSummary['actions'][number]);

  function changeStatus(next: 'ACTIVE' | 'ARCHIVED') {
    modal.confirm({
      title: next === 'ARCHIVED' ? t('actions.archive') : t('actions.activate'),
      content:
        next === 'ARCHIVED' ? t('confirm.archive', { name: chain.name }) : t('confirm.activate', { name: chain.name }),
      okButtonProps: { danger: next === 'ARCHIVED' },
      onOk: async () => {
        try {
          await setStatus.mutateAsync({ id: chain.id, status: next });
          void message.success(next === 'ARCHIVED' ? t('done.archived') : t('done.activated'));
        } catch {
          // Shown by the request layer.
        }
      },
    });
  }

  const more: MenuProps['items'] = [
    ...(can('editOrgs')
      ? [{ key: 'editOrgs', label: t('actions.editOrgs'), onClick: () => onOpen(chain, 'orgs') }]
      : []),
    ...(can('editManagers')
      ? [{ key: 'editManagers', label: t('actions.editManagers'), onClick: () => onOpen(chain, 'managers') }]
      : []),
    ...(can('archive')
      ? [{ key: 'archive', danger: true, label: t('actions.archive'), onClick: () => changeStatus('ARCHIVED') }]
      : []),
    ...(can('activate')
      ? [{ key: 'activate', label: t('actions.activate'), onClick: () => changeStatus('ACTIVE') }]
      : []),
  ];

  return (
    <Space size={4} wrap={false}>
      {can('edit') ? (
        <Button type="link" size="small" onClick={() => onOpen(chain, 'basics')}>
          {t('actions.edit')}
        </Button>
      ) : null}
      <Link to={`${MEMBERS_PATH}?industrialChainId=${chain.id}`}>{t('actions.members')}</Link>
      {more.length ? (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button type="link" size="small">
            {t('actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
