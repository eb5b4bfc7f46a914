import { useMemo, useState } from 'react';
import { Alert, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useOrgTree } from '../api/orgs-admin.ts';
import { ListFilter, ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { CreateButton, adminFilters } from './admin-list.tsx';
import { OrgFormModal, type OrgFormTarget } from './OrgFormModal.tsx';
import { ChainAccessSwitch, OrgRowActions } from './org-actions.tsx';

type Node = OrgRow & { children?: Node[] };

/** The flat list as a tree: a node whose parent is not in the list (filtered out) becomes a root. */
export function buildTree(rows: readonly OrgRow[]): Node[] {
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

const LEVEL_COLOR = { HEAD: 'blue', BRANCH: 'cyan', SUB: 'default' } as const;

/** The name filter and the page (of head offices, each with its branches) live in the address. */
const bankList = defineList({ filters: { name: adminFilters.name } });

/** Finance institutions: banks as head office → branch → sub-branch, with a branch created under any node. */
export function BankTreeScreen() {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const list = useListQuery(bankList);
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const q = useOrgTree('BANK', list.query.name);
  const tree = useMemo(() => buildTree(q.data ?? []), [q.data]);

  const columns = [
    {
      title: t('fields.orgName'),
      dataIndex: 'name',
      key: 'name',
      render: (n: string, o: Node) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {o.level === 'HEAD' ? <BankBadge name={n} size={28} /> : null}
          {n}
        </span>
      ),
    },
    {
      title: t('fields.level'),
      dataIndex: 'level',
      key: 'level',
      width: 90,
      render: (l: Node['level']) => <Tag color={LEVEL_COLOR[l]}>{t(`level.${l}`)}</Tag>,
    },
    {
      title: t('fields.region'),
      dataIndex: 'regionCode',
      key: 'r',
      width: 100,
      render: (c: string) => regionName(regions.data, c) ?? c,
    },
    {
      title: t('fields.chainAccess'),
      key: 'chain',
      width: 110,
      render: (_: unknown, o: Node) => <ChainAccessSwitch org={o} />,
    },
    { title: t('fields.userCount'), dataIndex: 'userCount', key: 'u', width: 80 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 's',
      width: 90,
      render: (s: string) => <StateTag state={s} />,
    },
    {
      title: '',
      key: 'actions',
      width: 260,
      render: (_: unknown, o: Node) => (
        <OrgRowActions org={o} onEdit={() => setTarget({ org: o })} onCreateBranch={() => setTarget({ parent: o })} />
      ),
    },
  ];

  return (
    <RoutePage extra={<CreateButton onClick={() => setTarget({})} label={t('actions.createHead')} />}>
      <ListFilter list={list}>
        <Form.Item name="name" label={t('fields.orgName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
      </ListFilter>
      <Alert type="info" showIcon title={t('hint.chainAccess')} />
      <ListTable<Node>
        list={list}
        data={tree}
        loading={q.isLoading}
        rowKey="id"
        columns={columns}
        showSizeChanger={false}
      />
      <OrgFormModal kind="BANK" target={target} onClose={() => setTarget(null)} />
    </RoutePage>
  );
}
