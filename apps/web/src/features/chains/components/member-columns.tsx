import type { ReactNode } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChainEnterprise } from '@phjr/contract/chains/chain';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatDate } from '../../../lib/format.ts';
import { columnKey, shortHeader } from './chain-model.ts';

/**
 * The columns of a member-enterprise table, the same in every client.
 *
 *   const columns = useMemberColumns({ showChain: true, actions: (m) => <MemberActions member={m} /> });
 *   <ListTable<ChainEnterprise> list={list} data={page.data} rowKey="id" columns={columns} scroll={{ x: 1300 }} />
 *
 * Options: `showChain` adds the chain's name (lists over several chains); `showClaim` (default true) the bank holding
 * a claim and until when; `actions` a fixed last column (render only what `member.actions` allows).
 */
export function useMemberColumns({
  showChain = false,
  showClaim = true,
  actions,
  actionsWidth = 200,
}: {
  showChain?: boolean;
  showClaim?: boolean;
  actions?: (m: ChainEnterprise) => ReactNode;
  actionsWidth?: number;
} = {}): ColumnsType<ChainEnterprise> {
  const { t } = useTranslation('chains');
  const tier = useEnum('ChainTier');
  const scale = useEnum('EnterpriseScale');
  const tag = useEnum('ChainEnterpriseTag');
  const columns: ColumnsType<ChainEnterprise> = [
    {
      title: t('member.name'),
      key: 'name',
      width: 240,
      fixed: 'left',
      render: (_: unknown, m) => (
        <div>
          <div>{m.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: m.creditCode }}>
            {m.creditCode}
          </Typography.Text>
        </div>
      ),
    },
  ];
  if (showChain) columns.push({ title: t('fields.chain'), dataIndex: 'chainName', width: 160, ellipsis: true });
  columns.push(
    {
      title: t('member.tier'),
      dataIndex: 'tier',
      width: 100,
      className: 'phjr-chain-nowrap',
      render: (v: string) => tier.label(v),
    },
    {
      title: t('member.scale'),
      dataIndex: 'scale',
      width: 90,
      className: 'phjr-chain-nowrap',
      render: (v: string | null) => (v ? scale.label(v) : '-'),
    },
    {
      title: t('member.contactName'),
      key: 'contact',
      width: 150,
      render: (_: unknown, m) =>
        m.contactName || m.contactPhone ? (
          <div>
            <div>{m.contactName ?? '-'}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.contactPhone ?? ''}
            </Typography.Text>
          </div>
        ) : (
          '-'
        ),
    },
    {
      title: t('member.financingNeed'),
      dataIndex: 'financingNeed',
      width: 140,
      className: 'phjr-chain-nowrap',
      align: 'right',
      render: (v: number | null) => (v === null ? '-' : t('units.wanValue', { n: formatAmount(v) })),
    },
    {
      title: t('member.tags'),
      dataIndex: 'tags',
      width: 200,
      render: (tags: string[]) =>
        tags.length ? (
          <Space size={[0, 4]} wrap>
            {tags.map((x) => (
              <Tag key={x} color={x === 'WHITELIST' ? 'gold' : undefined}>
                {tag.label(x)}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('member.visits'),
      key: 'visits',
      width: 110,
      render: (_: unknown, m) => (
        <div>
          <div>{m.visits}</div>
          {m.lastVisitDate ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDate(m.lastVisitDate)}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('member.loans'),
      key: 'loanAmount',
      width: 140,
      className: 'phjr-chain-nowrap',
      align: 'right',
      render: (_: unknown, m) => (
        <div>
          <div>{m.loans}</div>
          {m.loans ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('units.wanValue', { n: formatAmount(m.loanAmount) })}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
  );
  if (showClaim) {
    columns.push({
      title: t('member.claimedBy'),
      key: 'claim',
      width: 160,
      render: (_: unknown, m) =>
        m.claimedByOrgName ? (
          <Tooltip title={m.claimedUntil ? t('member.claimedUntil', { day: formatDate(m.claimedUntil) }) : undefined}>
            <span tabIndex={0}>
              {m.claimedByOrgName}
              {m.claimedUntil ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('member.claimedUntil', { day: formatDate(m.claimedUntil) })}
                </Typography.Text>
              ) : null}
            </span>
          </Tooltip>
        ) : (
          '-'
        ),
    });
  }
  columns.push({
    title: t('member.source'),
    dataIndex: 'source',
    width: 100,
    render: (v: ChainEnterprise['source']) => t(`member.sources.${v}`),
  });
  if (actions)
    columns.push({
      title: t('actions.column'),
      key: 'actions',
      width: actionsWidth,
      fixed: 'right',
      render: (_: unknown, m) => actions(m),
    });
  return columns;
}

/** A template column (key or header, as the server names it) in the active language: the member field's label. */
export function useColumnLabel(): (column: string | null) => string | null {
  const { t } = useTranslation('chains');
  return (column) => {
    const key = columnKey(column);
    return key ? t(`member.${key}`) : shortHeader(column);
  };
}
