import { Card, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import type { ChainSummary } from '@phjr/contract/chains/chain';
import { RoleHome } from '../../../components/RoleHome.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatCount, formatDateTime } from '../../../lib/format.ts';
import { useChainFiguresById, useChainImportRecords } from '../api/chains.ts';
import { BankFiguresTable, ChainFiguresCard } from '../components/ChainFigures.tsx';
import { formatShare, idParam } from '../components/chain-model.ts';
import { useScopedChains } from './chain-actions.tsx';
import { LoanList, MemberList, VisitList } from './chain-records.tsx';

const TABS = ['members', 'visits', 'loans'] as const;
type Tab = (typeof TABS)[number];

/**
 * /govermentChain/home: the chains the government manager manages or its department takes part in (the server's
 * scope), each with its figures; for the chosen chain (`?chain=`) the figures with the service funnel, the funnel
 * per bank, and its members, visits and loans (`?tab=`). The work list: imports whose failed rows still wait to be
 * fixed by the operator or the lead bank. Reads only: a government manager writes nothing in a chain.
 */
export default function GovChainHomePage() {
  const { t } = useTranslation('chains');
  const [params, setParams] = useSearchParams();
  const { chains, loading } = useScopedChains();
  const chosen = chains.find((c) => c.id === idParam(params.get('chain'))) ?? chains[0] ?? null;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'members';
  // A new chain or tab starts its lists afresh: the lists' filters and pages live in the address.
  const go = (next: { chain?: number; tab?: Tab }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams();
        const chain = next.chain ?? idParam(prev.get('chain'));
        if (chain) out.set('chain', String(chain));
        const nextTab = next.tab ?? prev.get('tab');
        if (nextTab && nextTab !== 'members') out.set('tab', nextTab);
        return out;
      },
      { replace: true },
    );

  return (
    <RoleHome area="govermentChain" worklist={<PendingImports />}>
      <Card variant="borderless" className="phjr-page-card" title={t('client.chainsTitle')} style={{ marginTop: 16 }}>
        {!loading && chains.length === 0 ? (
          <PageEmpty kind="list" hint={t('client.noChains')} />
        ) : (
          <ChainTable
            chains={chains}
            loading={loading}
            chosenId={chosen?.id ?? null}
            onChoose={(id) => go({ chain: id })}
          />
        )}
      </Card>
      {chosen ? (
        <>
          <ChosenChainFigures chain={chosen} />
          <Card
            variant="borderless"
            className="phjr-page-card"
            style={{ marginTop: 16 }}
            title={t('client.recordsOf', { name: chosen.name })}
          >
            <Tabs
              activeKey={tab}
              onChange={(k) => go({ tab: k as Tab })}
              destroyOnHidden
              items={[
                { key: 'members', label: t('member.title'), children: <MemberList chainId={chosen.id} plain /> },
                {
                  key: 'visits',
                  label: t('visit.title'),
                  children: <VisitList base="/govermentChain" chainId={chosen.id} plain />,
                },
                {
                  key: 'loans',
                  label: t('loan.title'),
                  children: <LoanList base="/govermentChain" chainId={chosen.id} plain />,
                },
              ]}
            />
          </Card>
        </>
      ) : null}
    </RoleHome>
  );
}

function ChainTable({
  chains,
  loading,
  chosenId,
  onChoose,
}: {
  chains: ChainSummary[];
  loading: boolean;
  chosenId: number | null;
  onChoose(id: number): void;
}) {
  const { t } = useTranslation('chains');
  const category = useEnum('ChainCategory');
  const status = useEnum('ChainStatus');
  const columns: ColumnsType<ChainSummary> = [
    {
      title: t('fields.name'),
      key: 'name',
      width: 200,
      render: (_: unknown, c) => (
        <span>
          <Typography.Link onClick={() => onChoose(c.id)}>{c.name}</Typography.Link>
          {c.status === 'ARCHIVED' ? <Tag style={{ marginInlineStart: 6 }}>{status.label(c.status)}</Tag> : null}
        </span>
      ),
    },
    { title: t('fields.category'), dataIndex: 'category', width: 100, render: (v: string) => category.label(v) },
    {
      title: t('fields.leadBank'),
      dataIndex: 'leadBankName',
      width: 200,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('figures.enterprises'),
      key: 'e',
      width: 90,
      align: 'right',
      render: (_: unknown, c) => formatCount(c.figures.enterprises),
    },
    {
      title: t('figures.enterprisesVisited'),
      key: 'v',
      width: 130,
      align: 'right',
      render: (_: unknown, c) => withRate(c.figures.enterprisesVisited, c.figures.visitRate),
    },
    {
      title: t('figures.enterprisesFinanced'),
      key: 'f',
      width: 130,
      align: 'right',
      render: (_: unknown, c) => withRate(c.figures.enterprisesFinanced, c.figures.financedRate),
    },
    {
      title: t('figures.loanAmount'),
      key: 'a',
      width: 170,
      align: 'right',
      render: (_: unknown, c) => t('units.wanValue', { n: formatAmount(c.figures.loanAmount) }),
    },
  ];
  return (
    <Table<ChainSummary>
      size="middle"
      rowKey="id"
      loading={loading}
      pagination={false}
      dataSource={chains}
      columns={columns}
      scroll={{ x: 1020 }}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: chosenId ? [chosenId] : [],
        onChange: (keys) => onChoose(Number(keys[0])),
        columnWidth: 40,
      }}
      onRow={(c) => ({ onClick: () => onChoose(c.id), style: { cursor: 'pointer' } })}
    />
  );
}

function withRate(n: number, rate: number | null) {
  return (
    <span className="phjr-nowrap">
      {formatCount(n)} <Typography.Text type="secondary">({formatShare(rate)})</Typography.Text>
    </span>
  );
}

/** The chosen chain's figures and funnel, then each taking-part bank's funnel (its own visits and loans). */
function ChosenChainFigures({ chain }: { chain: ChainSummary }) {
  const { t } = useTranslation('chains');
  const role = useEnum('ChainOrgRole');
  const q = useChainFiguresById(chain.id);
  return (
    <div style={{ display: 'grid', gap: 16, marginTop: 16 }}>
      <ChainFiguresCard figures={q.data?.total ?? chain.figures} title={t('client.figuresOf', { name: chain.name })} />
      <Card variant="borderless" className="phjr-page-card" title={t('client.byBank')}>
        <BankFiguresTable
          rows={q.data?.byBank ?? []}
          loading={q.isLoading}
          scrollX={900}
          columns={[
            {
              title: t('client.bank'),
              key: 'name',
              width: 220,
              render: (_: unknown, b) => (
                <div>
                  <div>{b.name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {role.label(b.role)}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('figures.visits'),
              key: 'visits',
              width: 80,
              align: 'right',
              render: (_: unknown, b) => formatCount(b.figures.visits),
            },
            {
              title: t('figures.loans'),
              key: 'loans',
              width: 80,
              align: 'right',
              render: (_: unknown, b) => formatCount(b.figures.loans),
            },
            {
              title: t('figures.loanAmount'),
              key: 'amount',
              width: 130,
              align: 'right',
              render: (_: unknown, b) => t('units.wanValue', { n: formatAmount(b.figures.loanAmount) }),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** Imports of the manager's chains whose failed rows still wait to be registered again. */
function PendingImports() {
  const { t } = useTranslation('chains');
  const q = useChainImportRecords({ current: 1, pageSize: 20 });
  const rows = (q.data?.list ?? []).filter((r) => r.pending > 0).slice(0, 5);
  if (!q.isLoading && rows.length === 0) return <PageEmpty kind="overview" hint={t('client.noPendingImports')} />;
  return (
    <Table
      size="small"
      rowKey="id"
      loading={q.isLoading}
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t('fields.chain'), dataIndex: 'chainName', ellipsis: true },
        {
          title: t('import.importedAt'),
          dataIndex: 'createdAt',
          width: 150,
          className: 'phjr-nowrap',
          render: (d: string) => formatDateTime(d),
        },
        { title: t('import.pending'), dataIndex: 'pending', width: 80, align: 'right' },
        {
          title: t('actions.column'),
          key: 'a',
          width: 100,
          render: (_: unknown, r) => (
            <Link to={`/govermentChain/chain/importFail?importRecordId=${r.id}`}>{t('import.viewFailed')}</Link>
          ),
        },
      ]}
    />
  );
}
