import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Select, Switch, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { accountOps, type EntChildUser } from '@phjr/contract/auth/account';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useEntChildUsers, useSaveEntChildUser, useSubAccountRoles } from '../api/accounts.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

interface Values {
  username: string;
  name: string;
  phone: string;
  password?: string;
  enabled: boolean;
  roleId?: number;
}

/** The page lives in the address (the server answers every sub-account; they are paged here). */
const subAccountList = defineList({ filters: {} });

/** The one role a sub-account has now (one the operator gave besides stays unless another is chosen). */
const roleOf = (row: EntChildUser) => (row.roles.length === 1 ? row.roles[0].id : undefined);

/**
 * /userClient/my/userManagement: the enterprise main account's sub-accounts (create, edit, disable), each with the
 * role the main account chose among those the operator allows (view only by default).
 */
export default function UserSubAccountPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const list = useListQuery(subAccountList);
  const users = useEntChildUsers();
  const save = useSaveEntChildUser();
  const roles = useSubAccountRoles();
  const least = roles.data?.find((r) => r.least)?.id;
  const [editing, setEditing] = useState<EntChildUser | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.saveChildUser.body);
  const isNew = editing === 'new';

  const open = (row: EntChildUser | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { username: '', name: '', phone: '', password: '', enabled: true, roleId: least }
        : {
            username: row.username,
            name: row.name,
            enabled: row.enabled,
            phone: row.phone ?? '',
            password: '',
            roleId: roleOf(row),
          },
    );
  };
  const roleOptions = [
    ...(roles.data ?? []).map((r) => ({ value: r.id, label: r.least ? `${r.name}（${t('sub.leastRole')}）` : r.name })),
    // A role the operator gave that this account may not give: shown by name, not offered.
    ...(editing && editing !== 'new'
      ? editing.roles
          .filter((r) => !roles.data?.some((a) => a.id === r.id))
          .map((r) => ({ value: r.id, label: r.name, disabled: true }))
      : []),
  ];

  const onFinish = (v: Values) =>
    save.mutate(
      {
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        ...v,
        password: v.password || undefined,
        // Sent when chosen: an edit that leaves it alone keeps the sub-account's roles.
        roleId: editing === 'new' || (editing && v.roleId !== roleOf(editing)) ? v.roleId : undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('sub.saved'));
          setEditing(null);
        },
      },
    );

  const toggle = (row: EntChildUser, enabled: boolean) =>
    save.mutate(
      { id: row.id, username: row.username, name: row.name, phone: row.phone ?? '', enabled },
      { onSuccess: () => void message.success(t('sub.saved')) },
    );

  const columns: TableColumnsType<EntChildUser> = [
    { title: t('sub.username'), dataIndex: 'username' },
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.phone'), dataIndex: 'phone' },
    { title: t('sub.role'), key: 'roles', render: (_, r) => r.roles.map((x) => x.name).join('、') || '—' },
    {
      title: t('sub.status'),
      dataIndex: 'enabled',
      render: (e: boolean) => <Tag color={e ? 'green' : 'default'}>{e ? t('sub.enabled') : t('sub.disabled')}</Tag>,
    },
    { title: t('sub.lastLogin'), dataIndex: 'lastLoginAt', render: (d: string | null) => formatDateTime(d, '—') },
    {
      title: t('common.actions'),
      key: 'op',
      render: (_, r) => (
        <>
          <Button type="link" onClick={() => open(r)}>
            {t('sub.edit')}
          </Button>
          <Button type="link" danger={r.enabled} onClick={() => toggle(r, !r.enabled)}>
            {r.enabled ? t('sub.disable') : t('sub.enable')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('sub.add')}
        </Button>
      }
    >
      <ListTable<EntChildUser>
        list={list}
        data={users.data}
        loading={users.isPending}
        rowKey="id"
        emptyText={t('sub.empty')}
        columns={columns}
      />
      <Modal
        open={editing !== null}
        title={isNew ? t('sub.add') : t('sub.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="username" label={t('sub.username')} rules={rules('username', t('sub.username'))}>
            <Input maxLength={32} disabled={!isNew} autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('fields.name')} rules={rules('name', t('fields.name'))}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')} rules={rules('phone', t('fields.phone'))}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('fields.password')}
            // Optional in the request (an edit keeps the password); a new sub-account needs one.
            rules={rules('password', t('fields.password'), { required: isNew })}
            extra={isNew ? t('fields.passwordHint') : t('sub.passwordKeep')}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="roleId" label={t('sub.role')} extra={t('sub.roleHint')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRole'), roles.isLoading)}
              loading={roles.isLoading}
              options={roleOptions}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('sub.status')} valuePropName="checked">
            <Switch checkedChildren={t('sub.enabled')} unCheckedChildren={t('sub.disabled')} />
          </Form.Item>
        </Form>
      </Modal>
    </RoutePage>
  );
}
