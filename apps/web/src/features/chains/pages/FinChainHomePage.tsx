import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChainEnterprise } from '@phjr/contract/chains/chain';
import { RoleHome } from '../../../components/RoleHome.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useChainEnterprisePage } from '../api/chains.ts';
import { ImportDrawer } from '../components/ImportDrawer.tsx';
import { MemberFormDrawer } from '../components/MemberFormDrawer.tsx';
import { chainChoices } from '../components/chain-model.ts';
import { MemberActionButtons, useMemberWork, useScopedChains, type MemberWork } from './chain-actions.tsx';
import { MemberList } from './chain-records.tsx';

/**
 * /financialChain/home: the members of the chains the bank takes part in (docs/chains.md "Web"), filtered by chain,
 * tier, tag, visited, financed and "claimed by us", with the row's actions (claim, release, record a visit or a
 * loan). The work list: the members the bank holds a live claim on, the claim lapsing soonest first. The lead bank
 * of a chain also adds and imports members here.
 */
export default function FinChainHomePage() {
  const { t } = useTranslation('chains');
  const work = useMemberWork();
  const { chains } = useScopedChains();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  // Only the chains whose `actions` allow it (the ones the bank leads); one such chain needs no choosing.
  const addable = chainChoices(chains, 'addEnterprise');
  const importable = chainChoices(chains, 'import');
  const only = (options: { value: number }[]) => (options.length === 1 ? options[0]!.value : null);
  const toolbar =
    addable.length || importable.length ? (
      <Space wrap>
        {addable.length ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('actions.addEnterprise')}
          </Button>
        ) : null}
        {importable.length ? (
          <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
        ) : null}
      </Space>
    ) : null;
  return (
    <RoleHome area="financialChain" worklist={<ClaimedWorklist work={work} />}>
      <section aria-label={t('client.membersTitle')} style={{ marginTop: 16 }}>
        <MemberList
          claimFilter
          actions={(m) => <MemberActionButtons member={m} work={work} />}
          actionsWidth={230}
          toolbar={toolbar}
        />
      </section>
      {work.drawers}
      <MemberFormDrawer open={adding} onClose={() => setAdding(false)} chainId={only(addable)} chains={chains} />
      <ImportDrawer
        open={importing}
        onClose={() => setImporting(false)}
        chainId={only(importable)}
        chains={chains}
        footer={<Link to="/financialChain/chain/importFail">{t('import.viewFailed')}</Link>}
      />
    </RoleHome>
  );
}

/** The members the bank holds a live claim on: visit them before the claim lapses. */
function ClaimedWorklist({ work }: { work: MemberWork }) {
  const { t } = useTranslation('chains');
  // The server lists members newest first; the 20 newest claims, lapsing soonest first, are the work of the day.
  const q = useChainEnterprisePage({ claimedByMe: 'true', current: 1, pageSize: 20 });
  const rows = [...(q.data?.list ?? [])]
    .sort((a, b) => (a.claimedUntil ?? '').localeCompare(b.claimedUntil ?? ''))
    .slice(0, 5);
  if (!q.isLoading && rows.length === 0) return <PageEmpty kind="overview" hint={t('client.noClaims')} />;
  return (
    <>
      <Table<ChainEnterprise>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('member.name'), dataIndex: 'name', ellipsis: true },
          { title: t('fields.chain'), dataIndex: 'chainName', width: 120, ellipsis: true },
          {
            title: t('client.claimLapses'),
            dataIndex: 'claimedUntil',
            width: 110,
            render: (d: string | null) => formatDate(d),
          },
          {
            title: t('actions.column'),
            key: 'a',
            width: 170,
            render: (_: unknown, m) => <MemberActionButtons member={m} work={work} />,
          },
        ]}
      />
      {(q.data?.total ?? 0) > rows.length ? (
        <div style={{ marginTop: 8, textAlign: 'end' }}>
          <Link to="/financialChain/home?claimedByMe=true">{t('client.allClaims', { n: q.data?.total ?? 0 })}</Link>
        </div>
      ) : null}
    </>
  );
}
