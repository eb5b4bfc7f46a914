import { useMemo, useState } from 'react';
import { Alert, App, Button, Select, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainDetail, ChainOrgRole } from '@phjr/contract/chains/chain';
import { useEnum } from '../../../lib/enums.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { useAllChainOrgs, useOrgsOfKind, useSaveChainOrgs } from '../api/chains.ts';
import { checkChainOrgs, inTreeOrder, rolesFor } from './chain-model.ts';

/**
 * The organisations taking part in a chain (chainOps.saveOrgs replaces the whole list): government departments and
 * banks from the organisation lists (orgsOps.orgTree), each with a role its kind allows; the rules (one chief
 * department, one lead bank, each organisation once) are checked as the list is edited.
 *
 *   <ChainOrgsForm chain={detail} onSaved={() => …} />
 */

interface Row {
  key: number;
  orgId: number | null;
  role: ChainOrgRole | null;
}

interface OrgChoice {
  id: number;
  name: string;
  classifiedType: string;
  group: 'government' | 'bank';
  depth: number;
}

/** An option's depth in the organisation tree (group headers have none). */
const depthOf = (data: unknown) =>
  data && typeof data === 'object' && 'depth' in data && typeof data.depth === 'number' ? data.depth : 0;

export function ChainOrgsForm({ chain, onSaved }: { chain: ChainDetail; onSaved?(): void }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const roleEnum = useEnum('ChainOrgRole');
  const gov = useOrgsOfKind('GOVERNMENT');
  const banks = useOrgsOfKind('BANK');
  const counts = useAllChainOrgs();
  const save = useSaveChainOrgs();
  const [rows, setRows] = useState<Row[]>(() => chain.orgs.map((o, i) => ({ key: i, orgId: o.orgId, role: o.role })));
  const [nextKey, setNextKey] = useState(chain.orgs.length);
  const [tried, setTried] = useState(false);

  const choices = useMemo(() => {
    const byId = new Map<number, OrgChoice>();
    // Head offices first, each followed by its branches: the lists come flat, a head office after its branches.
    for (const o of inTreeOrder(gov.data ?? []))
      byId.set(o.id, { id: o.id, name: o.name, classifiedType: o.classifiedType, group: 'government', depth: o.depth });
    for (const o of inTreeOrder(banks.data ?? []))
      byId.set(o.id, { id: o.id, name: o.name, classifiedType: o.classifiedType, group: 'bank', depth: o.depth });
    // Organisations already in the chain stay choosable even when the lists no longer hold them (disabled ones).
    for (const o of chain.orgs) {
      if (!byId.has(o.orgId))
        byId.set(o.orgId, {
          id: o.orgId,
          name: o.name,
          classifiedType: o.classifiedType,
          group: o.classifiedType === 'BANK' ? 'bank' : 'government',
          depth: 0,
        });
    }
    return byId;
  }, [gov.data, banks.data, chain.orgs]);
  const chainCount = useMemo(() => new Map((counts.data ?? []).map((c) => [c.orgId, c.chains])), [counts.data]);

  const withTypes = rows.map((r) => ({
    ...r,
    classifiedType: r.orgId ? (choices.get(r.orgId)?.classifiedType ?? null) : null,
  }));
  const problems = checkChainOrgs(withTypes);
  const incomplete = rows.some((r) => !r.orgId || !r.role);

  function update(key: number, change: Partial<Row>) {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }

  async function submit() {
    setTried(true);
    if (problems.length || incomplete || rows.length < 2) return;
    await save.mutateAsync({ id: chain.id, orgs: rows.map((r) => ({ orgId: r.orgId!, role: r.role! })) });
    void message.success(t('done.orgsSaved'));
    onSaved?.();
  }

  const options = (group: OrgChoice['group']) =>
    [...choices.values()]
      .filter((c) => c.group === group)
      .map((c) => {
        const n = chainCount.get(c.id);
        return { value: c.id, label: c.name, title: n ? t('org.chains', { n }) : c.name, depth: c.depth };
      });

  return (
    <>
      <Alert type="info" showIcon title={t('hints.orgs')} style={{ marginBottom: 12 }} />
      <Table<Row>
        size="small"
        rowKey="key"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('org.none') }}
        columns={[
          {
            title: t('org.org'),
            key: 'org',
            render: (_: unknown, r) => (
              <Select
                aria-label={t('org.org')}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('org.pick')}
                status={tried && !r.orgId ? 'error' : undefined}
                loading={gov.isFetching || banks.isFetching}
                value={r.orgId ?? undefined}
                onChange={(orgId: number) => {
                  const allowed = rolesFor(choices.get(orgId)?.classifiedType);
                  update(r.key, { orgId, role: r.role && allowed.includes(r.role) ? r.role : (allowed[1] ?? null) });
                }}
                // A branch sits indented under its head office.
                optionRender={(o) => <span style={{ paddingInlineStart: depthOf(o.data) * 16 }}>{o.label}</span>}
                options={[
                  { label: t('org.government'), title: t('org.government'), options: options('government') },
                  { label: t('org.bank'), title: t('org.bank'), options: options('bank') },
                ]}
              />
            ),
          },
          {
            title: t('org.role'),
            key: 'role',
            width: 200,
            render: (_: unknown, r) => {
              const allowed = rolesFor(r.orgId ? choices.get(r.orgId)?.classifiedType : null);
              return (
                <Select
                  aria-label={t('org.role')}
                  style={{ width: '100%' }}
                  placeholder={t('org.pickRole')}
                  status={tried && !r.role ? 'error' : undefined}
                  disabled={!r.orgId}
                  value={r.role ?? undefined}
                  onChange={(role: ChainOrgRole) => update(r.key, { role })}
                  options={allowed.map((x) => ({ value: x, label: roleEnum.label(x) }))}
                />
              );
            },
          },
          {
            title: t('actions.column'),
            key: 'remove',
            width: 70,
            render: (_: unknown, r) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.remove')}
                title={t('actions.remove')}
                onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={rows.length >= 100}
        onClick={() => {
          setRows((rs) => [...rs, { key: nextKey, orgId: null, role: null }]);
          setNextKey((k) => k + 1);
        }}
      >
        {t('org.add')}
      </Button>
      {problems.length && (tried || rows.length >= 2) ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {problems.map((p) => (
                <li key={p}>{t(`org.${p}`)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {chain.managers.length ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('hints.managers')}
        </Typography.Paragraph>
      ) : null}
      <DrawerActions>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </>
  );
}
