import { useState } from 'react';
import { Alert, App, Button, Select, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainDetail } from '@phjr/contract/chains/chain';
import { useEnum } from '../../../lib/enums.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { useManagerSelectList, useSaveChainManagers } from '../api/chains.ts';

/**
 * A chain's managers (chainOps.saveManagers replaces the whole list): choose one of the chain's organisations, then
 * one of its users who may manage (chainOps.managerSelectList: its active users and, for a bank, its branches').
 *
 *   <ChainManagersForm chain={detail} onSaved={close} />
 */

interface Chosen {
  userId: number;
  name: string;
  username: string;
  orgName: string;
  kind: 'GOVERNMENT' | 'BANK' | null;
}

export function ChainManagersForm({ chain, onSaved }: { chain: ChainDetail; onSaved?(): void }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const roleEnum = useEnum('ChainOrgRole');
  const save = useSaveChainManagers();
  const [orgId, setOrgId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const candidates = useManagerSelectList(orgId);
  const [chosen, setChosen] = useState<Chosen[]>(() =>
    chain.managers.map((m) => ({
      userId: m.userId,
      name: m.name,
      username: m.username,
      orgName: m.orgName,
      kind: m.kind,
    })),
  );
  const org = chain.orgs.find((o) => o.orgId === orgId);

  function add() {
    const u = candidates.data?.find((c) => c.userId === userId);
    if (!u || chosen.some((c) => c.userId === u.userId)) return;
    setChosen((cs) => [
      ...cs,
      {
        userId: u.userId,
        name: u.name,
        username: u.username,
        orgName: u.orgName,
        kind: org?.classifiedType === 'BANK' ? 'BANK' : 'GOVERNMENT',
      },
    ]);
    setUserId(null);
  }

  async function submit() {
    await save.mutateAsync({ id: chain.id, userIds: chosen.map((c) => c.userId) });
    void message.success(t('done.managersSaved'));
    onSaved?.();
  }

  if (chain.orgs.length === 0) return <Alert type="warning" showIcon title={t('manager.saveOrgsFirst')} />;

  return (
    <>
      <Alert type="info" showIcon title={t('hints.managers')} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('manager.org')}
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('org.pick')}
          value={orgId ?? undefined}
          onChange={(v: number) => {
            setOrgId(v);
            setUserId(null);
          }}
          options={chain.orgs.map((o) => ({ value: o.orgId, label: `${o.name}（${roleEnum.label(o.role)}）` }))}
        />
        <Select
          aria-label={t('manager.user')}
          style={{ width: 240 }}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={orgId === null}
          loading={candidates.isFetching}
          placeholder={orgId === null ? t('manager.orgFirst') : t('manager.user')}
          value={userId ?? undefined}
          onChange={(v: number) => setUserId(v)}
          options={(candidates.data ?? []).map((u) => ({
            value: u.userId,
            label: `${u.name}（${u.username}）${u.orgId !== orgId ? ` · ${u.orgName}` : ''}`,
            disabled: chosen.some((c) => c.userId === u.userId),
          }))}
        />
        <Button disabled={userId === null || chosen.length >= 100} onClick={add}>
          {t('manager.add')}
        </Button>
      </Space>
      <Table<Chosen>
        size="small"
        rowKey="userId"
        dataSource={chosen}
        pagination={false}
        locale={{ emptyText: t('manager.none') }}
        columns={[
          { title: t('manager.user'), dataIndex: 'name' },
          { title: t('manager.username'), dataIndex: 'username' },
          { title: t('manager.org'), dataIndex: 'orgName' },
          {
            title: t('manager.kind'),
            dataIndex: 'kind',
            width: 90,
            render: (k: Chosen['kind']) => (k ? t(`manager.kinds.${k}`) : '-'),
          },
          {
            title: t('actions.column'),
            key: 'remove',
            width: 70,
            render: (_: unknown, c) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.remove')}
                title={t('actions.remove')}
                onClick={() => setChosen((cs) => cs.filter((x) => x.userId !== c.userId))}
              />
            ),
          },
        ]}
      />
      <DrawerActions>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </>
  );
}
