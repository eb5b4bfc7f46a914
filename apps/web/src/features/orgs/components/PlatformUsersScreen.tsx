import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Space, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_SORT, type UserRow } from '@phjr/contract/orgs/user-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { useFormRules } from '../../../lib/form-rules.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import {
  useOrgTree,
  useResetUserPassword,
  useRoles,
  useSavePlatformUser,
  usePlatformUserPage,
} from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { orNull } from './admin-form.ts';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { CreateButton, EditAction, StatusFilterItem, adminFilters } from './admin-list.tsx';
import { ResetPasswordButton, UserStatusButton } from './user-actions.tsx';
import { buildTree } from './BankTreeScreen.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** The filters and the page live in the address (ZPlatformUserPageQuery's fields). */
const platformUserList = defineList({ filters: { ...adminFilters, orgId: field.number() }, sort: USER_SORT });

type OrgNode = { value: number; title: string; children?: OrgNode[] };
const toOption = (n: ReturnType<typeof buildTree>[number]): OrgNode => ({
  value: n.id,
  title: n.name,
  children: n.children?.map(toOption),
});

interface Values {
  username: string;
  name: string;
  phone: string;
  email?: string;
  password?: string;
  roleIds: number[];
}

/**
 * The back-office accounts of every institution and their roles, filtered by organisation (issue 13); new accounts are
 * the operator's own staff.
 */
export function PlatformUsersScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const list = useListQuery(platformUserList);
  const orgs = useOrgTree('ALL');
  const orgOptions = useMemo(() => buildTree(orgs.data ?? []).map(toOption), [orgs.data]);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const q = usePlatformUserPage(list.query);
  const roles = useRoles();
  const save = useSavePlatformUser();
  const resetPassword = useResetUserPassword();
  const rules = useFormRules(orgsOps.savePlatformUser.body);
  // An edited account takes roles of its own account type; a new one is the platform's.
  const accountType = editing && editing !== 'new' ? editing.accountType : 'PLATFORM';

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new')
      form.setFieldsValue({
        username: editing.username,
        name: editing.name,
        phone: undefined,
        roleIds: editing.roles.map((r) => r.id),
      });
  }, [editing, form]);

  const columns = [
    { title: t('fields.userName'), dataIndex: 'name', key: 'name' },
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.org'), dataIndex: 'orgName', key: 'org', render: (n: string | null) => n ?? '-' },
    {
      title: t('fields.accountType'),
      dataIndex: 'accountType',
      key: 'a',
      render: (a: string) => t(`accountType.${a}`),
    },
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('fields.roles'),
      key: 'roles',
      render: (_: unknown, u: UserRow) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
    },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    {
      title: t('fields.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: string | null) => formatDateTime(at),
    },
    {
      title: t('fields.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      render: (at: string | null) => formatDateTime(at),
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, u: UserRow) => (
        <Space size={0}>
          <EditAction row={u} onEdit={() => setEditing(u)} />
          <ResetPasswordButton user={u} reset={(userId) => resetPassword.mutateAsync({ userId })} />
          <UserStatusButton user={u} />
        </Space>
      ),
    },
  ];

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      userId: editing !== 'new' && editing ? editing.userId : undefined,
      username: v.username,
      name: v.name,
      phone: v.phone || undefined,
      email: orNull(v.email),
      password: editing === 'new' ? v.password : undefined,
      roleIds: v.roleIds,
    });
    message.success(t('msg.saved'));
    setEditing(null);
  }

  return (
    <RoutePage extra={<CreateButton onClick={() => setEditing('new')} />}>
      <Alert type="info" showIcon title={t('hint.platformUsers')} style={{ marginBottom: 16 }} />
      <ListFilter list={list}>
        <Form.Item name="name" label={t('fields.userName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="orgId" label={t('fields.org')}>
          <TreeSelect
            notFoundContent={pickerEmpty(t('common:pickers.noOrg'), orgs.isLoading)}
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('placeholder.all')}
            treeData={orgOptions}
            loading={orgs.isLoading}
          />
        </Form.Item>
        <StatusFilterItem />
      </ListFilter>
      <ListTable<UserRow>
        list={list}
        data={q.data}
        loading={q.isLoading}
        rowKey="userId"
        columns={columns}
        showSizeChanger={false}
        exportTo={{ operation: orgsOps.platformUserExport, fileName: t('exportName.platform') }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('title.createUser') : t('title.editUser')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={save.isPending}
        okText={t('actions.save')}
        forceRender
      >
        <Form form={form} name="edit-form" layout="vertical">
          <Form.Item name="username" label={t('fields.username')} rules={rules('username', t('fields.username'))}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('fields.userName')} rules={rules('name', t('fields.userName'))}>
            <Input />
          </Form.Item>
          {/* Optional in the request (an edit keeps the phone); a new account needs one. */}
          <Form.Item
            name="phone"
            label={t('fields.phone')}
            rules={rules('phone', t('fields.phone'), { required: editing === 'new' })}
          >
            <Input placeholder={editing && editing !== 'new' ? (editing.phone ?? '') : undefined} />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} rules={rules('email', t('fields.email'))}>
            <Input />
          </Form.Item>
          {editing === 'new' ? (
            <Form.Item
              name="password"
              label={t('fields.password')}
              rules={rules('password', t('fields.password'), { required: true })}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="roleIds"
            label={t('fields.roles')}
            rules={rules('roleIds', t('fields.roles'))}
            extra={t('hint.rolesFollow')}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRole'))}
              mode="multiple"
              placeholder={t('placeholder.selectRoles')}
              options={(roles.data ?? [])
                .filter((r) => r.accountType === accountType)
                .map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </RoutePage>
  );
}
