import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useOrgTree } from '../api/orgs-admin.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
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

/** Finance institutions: banks as head office → branch → sub-branch, with a branch created under any node. */
export function BankTreeScreen() {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const [form] = Form.useForm<{ name?: string }>();
  const [name, setName] = useState<string | undefined>();
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const q = useOrgTree('BANK', name);
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
    { title: t('fields.level'), dataIndex: 'level', key: 'level', width: 90, render: (l: Node['level']) => <Tag color={LEVEL_COLOR[l]}>{t(`level.${l}`)}</Tag> },
    { title: t('fields.region'), dataIndex: 'regionCode', key: 'r', width: 100, render: (c: string) => regionName(regions.data, c) ?? c },
    { title: t('fields.chainAccess'), key: 'chain', width: 110, render: (_: unknown, o: Node) => <ChainAccessSwitch org={o} /> },
    { title: t('fields.userCount'), dataIndex: 'userCount', key: 'u', width: 80 },
    { title: t('fields.status'), dataIndex: 'status', key: 's', width: 90, render: (s: string) => <StateTag state={s} /> },
    {
      title: '',
      key: 'actions',
      width: 260,
      render: (_: unknown, o: Node) => (
        <OrgRowActions
          org={o}
          onEdit={() => setTarget({ org: o })}
          extra={
            <Button type="link" size="small" onClick={() => setTarget({ parent: o })}>
              {t('actions.createBranch')}
            </Button>
          }
        />
      ),
    },
  ];

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})}>
          {t('actions.createHead')}
        </Button>
      }
    >
      <FilterBar form={form} onSearch={(v) => setName(v.name?.trim() || undefined)}>
        <Form.Item name="name" label={t('fields.orgName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
      </FilterBar>
      <Alert type="info" showIcon title={t('hint.chainAccess')} style={{ margin: '16px 0' }} />
      <section className="phjr-panel">
        <Table<Node> rowKey="id" loading={q.isLoading} columns={columns} dataSource={tree} pagination={{ pageSize: 10, showSizeChanger: false }} />
      </section>
      <OrgFormModal kind="BANK" target={target} onClose={() => setTarget(null)} />
    </RoutePage>
  );
}
