import { useEffect, useMemo, useState } from 'react';
import { App, Button, Checkbox, Drawer, Form, Input, Popconfirm, Select, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ACCOUNT_TYPES, type AccountType } from '@phjr/contract/auth/enums';
import { PERMISSIONS, type Permission } from '@phjr/contract/orgs/permissions';
import { CLIENT_AREAS, CLIENT_RESOURCES } from '@phjr/contract/orgs/resources';
import type { RoleRow } from '@phjr/contract/orgs/role-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { GRANTOR_ACCOUNT_TYPE, ROLE_GRANTORS, type RoleGrantor } from '@phjr/contract/orgs/role-grantors';
import { findDef } from '../../../app/route-defs.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { CreateButton, EditAction } from './admin-list.tsx';
import { useDeleteRole, useRoles, useSaveRole } from '../api/orgs-admin.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { orNull } from './admin-form.ts';

/** i18next reads ':' as its namespace separator. */
export const permKey = (p: string) => `perm.${p.replace(':', '_')}`;

/** The real route tree: client area → menu group → route, titled from the route table's translations. */
export function resourceTree(t: TFunction<'orgs'>): DataNode[] {
  return CLIENT_AREAS.map((area) => {
    const groups = new Map<string, DataNode[]>();
    const top: DataNode[] = [];
    for (const path of CLIENT_RESOURCES[area]) {
      const def = findDef(path);
      const title =
        path === `/${area}`
          ? t('resourceEntry', { area: t(`routes:area.${area}`) })
          : def
            ? t(`routes:${def.titleKey}`)
            : path;
      const leaf: DataNode = { key: path, title: `${title}  ${path}` };
      const group = def?.group;
      if (group && path !== `/${area}`) groups.set(group, [...(groups.get(group) ?? []), leaf]);
      else top.push(leaf);
    }
    return {
      key: `area:${area}`,
      title: t(`routes:area.${area}`),
      children: [
        ...top,
        ...[...groups].map(([g, children]) => ({ key: `group:${area}:${g}`, title: t(`routes:group.${g}`), children })),
      ],
    };
  });
}

interface Values {
  name: string;
  description?: string;
  accountType: AccountType;
  permissions: string[];
  assignableTo: RoleGrantor[];
}

/** Every role on one page while they are few (13 built-in ones): a new custom role shows without paging. */
const roleList = defineList({ pageSize: 30, filters: {} });

/** Who may give a role of this account type to the accounts they create (an empty list for the others). */
const grantorsFor = (accountType: AccountType | undefined) =>
  ROLE_GRANTORS.filter((g) => GRANTOR_ACCOUNT_TYPE[g] === accountType);

/** Roles: resources chosen on the real route tree, permissions from the typed list. Built-in roles cannot be deleted. */
export function RolesScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const list = useListQuery(roleList);
  const q = useRoles();
  const save = useSaveRole();
  const del = useDeleteRole();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const tree = useMemo(() => resourceTree(t), [t]);
  const rules = useFormRules(orgsOps.saveRole.body);
  const accountType = Form.useWatch('accountType', form);
  const grantors = grantorsFor(accountType);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') {
      form.setFieldsValue({ accountType: 'PLATFORM', permissions: [], assignableTo: [] });
      setChecked([]);
    } else {
      form.setFieldsValue({
        name: editing.name,
        description: editing.description ?? undefined,
        accountType: editing.accountType,
        permissions: editing.permissions,
        assignableTo: editing.assignableTo,
      });
      setChecked(editing.resources);
    }
  }, [editing, form]);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: editing && editing !== 'new' ? editing.id : undefined,
      name: v.name,
      description: orNull(v.description),
      accountType: v.accountType,
      resources: checked.filter((k) => k.startsWith('/')),
      permissions: v.permissions as Permission[],
      // Only grantors that create accounts of the role's type (the type may have changed since they were chosen).
      assignableTo: (v.assignableTo ?? []).filter((g) => GRANTOR_ACCOUNT_TYPE[g] === v.accountType),
    });
    message.success(t('msg.saved'));
    setEditing(null);
  }

  const columns = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('fields.accountType'),
      dataIndex: 'accountType',
      key: 'a',
      render: (a: string) => t(`accountType.${a}`),
    },
    {
      title: t('fields.builtin'),
      dataIndex: 'builtin',
      key: 'b',
      render: (b: boolean) => <Tag color={b ? 'blue' : 'default'}>{b ? t('builtin.yes') : t('builtin.no')}</Tag>,
    },
    {
      title: t('fields.assignableTo'),
      dataIndex: 'assignableTo',
      key: 'g',
      render: (g: RoleGrantor[]) => (g.length ? g.map((x) => <Tag key={x}>{t(`grantor.${x}`)}</Tag>) : '-'),
    },
    { title: t('fields.description'), dataIndex: 'description', key: 'd', ellipsis: true },
    { title: t('fields.resources'), key: 'res', render: (_: unknown, r: RoleRow) => r.resources.length },
    { title: t('fields.permissions'), key: 'perm', render: (_: unknown, r: RoleRow) => r.permissions.length },
    { title: t('fields.userCount'), dataIndex: 'userCount', key: 'u' },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, r: RoleRow) => (
        <Space size={0}>
          <EditAction row={r} onEdit={() => setEditing(r)} />
          {!r.actions.includes('delete') ? null : (
            <Popconfirm
              title={t('msg.confirmDelete', { name: r.name })}
              onConfirm={async () => {
                await del.mutateAsync({ id: r.id });
                message.success(t('msg.deleted'));
              }}
            >
              <Button type="link" size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <RoutePage extra={<CreateButton onClick={() => setEditing('new')} />}>
      <ListTable<RoleRow>
        list={list}
        data={q.data}
        loading={q.isLoading}
        rowKey="id"
        columns={columns}
        showSizeChanger={false}
      />
      <Drawer
        open={editing !== null}
        title={editing === 'new' ? t('title.createRole') : t('title.editRole')}
        size={720}
        onClose={() => setEditing(null)}
        forceRender
        extra={
          <Button type="primary" onClick={() => void submit().catch(() => undefined)} loading={save.isPending}>
            {t('actions.save')}
          </Button>
        }
      >
        <Form form={form} name="edit-form" layout="vertical">
          <Form.Item name="name" label={t('fields.name')} rules={rules('name', t('fields.name'))}>
            <Input />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('fields.description')}
            rules={rules('description', t('fields.description'))}
          >
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
          <Form.Item
            name="accountType"
            label={t('fields.accountType')}
            rules={rules('accountType', t('fields.accountType'))}
          >
            <Select options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`accountType.${a}`) }))} />
          </Form.Item>
          <Form.Item
            name="assignableTo"
            label={t('fields.assignableTo')}
            extra={grantors.length ? t('hint.assignableTo') : t('hint.assignableNone')}
          >
            <Checkbox.Group
              disabled={!grantors.length}
              options={grantors.map((g) => ({ value: g, label: t(`grantor.${g}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('fields.resources')} extra={t('hint.rolesFollow')}>
            <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
              <Tree
                checkable
                selectable={false}
                treeData={tree}
                checkedKeys={checked}
                defaultExpandedKeys={[tree[0].key, ...(tree[0].children ?? []).map((c) => c.key)]}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            </div>
          </Form.Item>
          <Form.Item name="permissions" label={t('fields.permissions')}>
            <Checkbox.Group
              style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
              options={PERMISSIONS.map((p) => ({ value: p, label: t(permKey(p)) }))}
            />
          </Form.Item>
        </Form>
      </Drawer>
    </RoutePage>
  );
}
