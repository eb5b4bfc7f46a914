import { useState } from 'react';
import { App, Button, Form, Modal, Popconfirm, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChainEnterprise, ChainSummary } from '@phjr/contract/chains/chain';
import { formatDate } from '../../../lib/format.ts';
import {
  useChainEnterprisePage,
  useChainPage,
  useClaimChainEnterprise,
  useReleaseChainEnterprise,
} from '../api/chains.ts';
import { LoanFormDrawer } from '../components/LoanFormDrawer.tsx';
import { MemberFormDrawer } from '../components/MemberFormDrawer.tsx';
import { VisitFormDrawer } from '../components/VisitFormDrawer.tsx';

/**
 * A bank's work on a member (docs/chains.md "Rules"): claim, release, record a visit, record a loan, and for the
 * lead bank edit. Each button shows only when the row's `actions` (the server's answer) lists it.
 *
 *   const work = useMemberWork();
 *   columns: actions: (m) => <MemberActionButtons member={m} work={work} />
 *   {work.drawers}
 */
export function useMemberWork() {
  const [visitOf, setVisitOf] = useState<ChainEnterprise | null>(null);
  const [loanOf, setLoanOf] = useState<ChainEnterprise | null>(null);
  const [editOf, setEditOf] = useState<ChainEnterprise | null>(null);
  const drawers = (
    <>
      <VisitFormDrawer member={visitOf} open={visitOf !== null} onClose={() => setVisitOf(null)} />
      <LoanFormDrawer member={loanOf} open={loanOf !== null} onClose={() => setLoanOf(null)} />
      <MemberFormDrawer member={editOf} open={editOf !== null} onClose={() => setEditOf(null)} />
    </>
  );
  return { visit: setVisitOf, loan: setLoanOf, edit: setEditOf, drawers };
}

export type MemberWork = ReturnType<typeof useMemberWork>;

export function MemberActionButtons({ member: m, work }: { member: ChainEnterprise; work: MemberWork }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const claim = useClaimChainEnterprise();
  const release = useReleaseChainEnterprise();
  const can = (a: ChainEnterprise['actions'][number]) => m.actions.includes(a);
  return (
    <Space size={0} wrap>
      {can('visit') ? (
        <Button type="link" size="small" onClick={() => work.visit(m)}>
          {t('actions.visit')}
        </Button>
      ) : null}
      {can('loan') ? (
        <Button type="link" size="small" onClick={() => work.loan(m)}>
          {t('actions.loan')}
        </Button>
      ) : null}
      {can('claim') ? (
        <Button
          type="link"
          size="small"
          loading={claim.isPending && claim.variables === m.id}
          onClick={() =>
            void claim
              .mutateAsync(m.id)
              .then((r) => message.success(t('done.claimed', { until: formatDate(r.claimedUntil) })))
              .catch(() => undefined)
          }
        >
          {t('actions.claim')}
        </Button>
      ) : null}
      {can('release') ? (
        <Popconfirm
          title={t('confirm.release', { name: m.name })}
          onConfirm={() =>
            release
              .mutateAsync(m.id)
              .then(() => void message.success(t('done.released')))
              .catch(() => undefined)
          }
        >
          <Button type="link" size="small">
            {t('actions.release')}
          </Button>
        </Popconfirm>
      ) : null}
      {can('edit') ? (
        <Button type="link" size="small" onClick={() => work.edit(m)}>
          {t('actions.edit')}
        </Button>
      ) : null}
    </Space>
  );
}

/** The chains in the caller's scope with their `actions` (a bank's: 'addEnterprise' and 'import' when it leads). */
export function useScopedChains(): { chains: ChainSummary[]; loading: boolean; leads: ChainSummary[] } {
  const q = useChainPage({ current: 1, pageSize: 100 });
  const chains = q.data?.list ?? [];
  return { chains, loading: q.isLoading, leads: chains.filter((c) => c.actions.includes('import')) };
}

/**
 * "Record a visit" / "Record a loan" from a record list: pick a member the bank may work on (found by name or credit
 * code; only rows whose `actions` list the action), then the form drawer opens for it.
 */
export function RecordForMember({ action }: { action: 'visit' | 'loan' }) {
  const { t } = useTranslation('chains');
  const work = useMemberWork();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const q = useChainEnterprisePage({ keyword: keyword || undefined, current: 1, pageSize: 20 }, { enabled: open });
  const rows = (q.data?.list ?? []).filter((m) => m.actions.includes(action));
  const title = t(action === 'visit' ? 'actions.visit' : 'actions.loan');
  function close() {
    setOpen(false);
    setPicked(null);
    setKeyword('');
  }
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {title}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={close}
        okText={t('client.next')}
        okButtonProps={{ disabled: picked === null }}
        onOk={() => {
          const m = rows.find((r) => r.id === picked);
          if (!m) return;
          close();
          (action === 'visit' ? work.visit : work.loan)(m);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('client.pickMember')} extra={t('client.pickMemberHint')}>
            <Select<number>
              showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim().slice(0, 40)) }}
              value={picked ?? undefined}
              onChange={setPicked}
              loading={q.isFetching}
              placeholder={t('placeholders.enterpriseKeyword')}
              notFoundContent={q.isFetching ? null : t('client.noMemberToPick')}
              options={rows.map((m) => ({ value: m.id, label: `${m.name}（${m.chainName}）` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      {work.drawers}
    </>
  );
}
