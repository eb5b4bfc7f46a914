import { useState } from 'react';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { AccountBookOutlined, CommentOutlined, HistoryOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAIN_ENTERPRISE_TAGS, CHAIN_TIERS, type ChainEnterprise } from '@phjr/contract/chains/chain';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { useChainEnterprisePage, useCurrentUserChains, useRemoveChainEnterprise } from '../api/chains.ts';
import { useMemberColumns } from '../components/member-columns.tsx';
import { MemberFormDrawer } from '../components/MemberFormDrawer.tsx';
import { ImportDrawer } from '../components/ImportDrawer.tsx';
import { ImportRecordsDrawer } from '../components/ImportRecordsDrawer.tsx';
import { MemberRecords } from '../components/MemberRecords.tsx';
import '../components/chains.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

const BOOL = ['true', 'false'] as const;
/** The contract's filters (ZChainEnterprisePageQuery). */
const memberList = defineList({
  pageSize: 10,
  filters: {
    industrialChainId: field.number(),
    keyword: field.text(40),
    tier: field.oneOf(CHAIN_TIERS),
    tag: field.oneOf(CHAIN_ENTERPRISE_TAGS),
    visited: field.oneOf(BOOL),
    financed: field.oneOf(BOOL),
  },
});

const CLIENT = '/operateClient';
const O = `${CLIENT}/chain`;

/**
 * /operateClient/chain/list: the members of every chain; add, edit, remove (as each row's `actions` allow), import
 * with its records; a row opens on its visits and loans, each linking to its detail page; the toolbar opens every
 * bank's visits and loans over the chains (interviewDetail and loanDetail without an id).
 */
export default function OperateChainEnterpriseListPage() {
  const { t } = useTranslation('chains');
  const list = useListQuery(memberList);
  const page = useChainEnterprisePage(list.query);
  const chains = useCurrentUserChains();
  const tier = useEnum('ChainTier');
  const tag = useEnum('ChainEnterpriseTag');
  const chainId = list.query.industrialChainId ?? null;
  const [editing, setEditing] = useState<{ member: ChainEnterprise | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [records, setRecords] = useState(false);
  const columns = useMemberColumns({
    showChain: chainId === null,
    actionsWidth: 130,
    actions: (m) => <MemberRowActions member={m} onEdit={() => setEditing({ member: m })} />,
  });
  const yesNo = BOOL.map((v) => ({ value: v, label: t(`yesNo.${v}`) }));

  return (
    <RoutePage>
      <ListFilter
        list={list}
        defaultExpanded
        more={
          <>
            <Form.Item name="tag" label={t('member.tags')}>
              <Select allowClear style={{ minWidth: 160 }} placeholder={t('placeholders.any')} options={tag.options} />
            </Form.Item>
            <Form.Item name="visited" label={t('member.visited')}>
              <Select allowClear style={{ minWidth: 100 }} placeholder={t('placeholders.any')} options={yesNo} />
            </Form.Item>
            <Form.Item name="financed" label={t('member.financed')}>
              <Select allowClear style={{ minWidth: 100 }} placeholder={t('placeholders.any')} options={yesNo} />
            </Form.Item>
          </>
        }
      >
        <Form.Item name="industrialChainId" label={t('fields.chain')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.isLoading)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            placeholder={t('placeholders.chain')}
            loading={chains.isLoading}
            options={(chains.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('member.name')}>
          <Input allowClear maxLength={40} placeholder={t('placeholders.enterpriseKeyword')} />
        </Form.Item>
        <Form.Item name="tier" label={t('member.tier')}>
          <Select allowClear style={{ minWidth: 110 }} placeholder={t('placeholders.any')} options={tier.options} />
        </Form.Item>
      </ListFilter>
      <ListTable<ChainEnterprise>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        emptyText={t('member.empty')}
        scroll={{ x: 1500 }}
        columns={columns}
        expandable={{
          expandedRowRender: (m) => <MemberRecords member={m} base={CLIENT} />,
          rowExpandable: (m) => m.visits > 0 || m.loans > 0,
        }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ member: null })}>
              {t('actions.addEnterprise')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('actions.import')}
            </Button>
            <Button icon={<HistoryOutlined />} onClick={() => setRecords(true)}>
              {t('actions.importRecords')}
            </Button>
            <Link to={`${O}/interviewDetail${chainId ? `?industrialChainId=${chainId}` : ''}`}>
              <Button icon={<CommentOutlined />}>{t('actions.allVisits')}</Button>
            </Link>
            <Link to={`${O}/loanDetail${chainId ? `?industrialChainId=${chainId}` : ''}`}>
              <Button icon={<AccountBookOutlined />}>{t('actions.allLoans')}</Button>
            </Link>
          </Space>
        }
      />
      <MemberFormDrawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        member={editing?.member ?? null}
        chainId={chainId}
      />
      <ImportDrawer
        open={importing}
        onClose={() => setImporting(false)}
        chainId={chainId}
        footer={
          <Link to={`${O}/importFail${chainId ? `?industrialChainId=${chainId}` : ''}`}>{t('actions.failedRows')}</Link>
        }
      />
      <ImportRecordsDrawer
        open={records}
        onClose={() => setRecords(false)}
        chainId={chainId}
        failPath={`${O}/importFail`}
      />
    </RoutePage>
  );
}

/** Edit and remove, as the row's `actions` allow; removing asks first (refused once the member has records). */
function MemberRowActions({ member, onEdit }: { member: ChainEnterprise; onEdit(): void }) {
  const { t } = useTranslation('chains');
  const { message, modal } = App.useApp();
  const remove = useRemoveChainEnterprise();
  return (
    <Space size={4}>
      {member.actions.includes('edit') ? (
        <Button type="link" size="small" onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {member.actions.includes('remove') ? (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            modal.confirm({
              title: t('actions.remove'),
              content: t('confirm.remove', { name: member.name }),
              okButtonProps: { danger: true },
              onOk: async () => {
                try {
                  await remove.mutateAsync(member.id);
                  void message.success(t('done.removed'));
                } catch {
                  // Shown by the request layer (CHAIN_ENTERPRISE_IN_USE...).
                }
              },
            })
          }
        >
          {t('actions.remove')}
        </Button>
      ) : null}
    </Space>
  );
}
