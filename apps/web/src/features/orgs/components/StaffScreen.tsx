import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Status } from '@phjr/contract/orgs/admin-fields';
import type { StaffRow } from '@phjr/contract/orgs/staff';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useAssignableRoles, useSaveStaff, useSetStaffStatus, useStaffOrgs, useStaffPage } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { adminRules, orNull } from './admin-form.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { UserStatusButton } from './user-actions.tsx';

interface Values {
  orgId: number;
  username: string;
  name: string;
  phone?: string;
  email?: string;
  password?: string;
  roleId?: number;
}

/**
 * An institution admin's staff accounts: own organisation only (a bank: also its branches and sub-branches). The admin
 * chooses each account's role among those the operator lets this kind of institution give (the least by default).
 */
export function StaffScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [filterForm] = Form.useForm<{ name?: string; orgId?: number; status?: Status }>();
  const [form] = Form.useForm<Values>();
  const [filter, setFilter] = useState<{ name?: string; orgId?: number; status?: Status }>({});
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const orgs = useStaffOrgs();
  const assignable = useAssignableRoles();
  const q = useStaffPage({ current, pageSize: 10, ...filter });
  const save = useSaveStaff();
  const setStatus = useSetStaffStatus();
  const rules = adminRules(t);
  const orgOptions = (orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const isBank = me?.classifiedOrgTypeEnum?.code === 'BANK';
  const least = assignable.data?.find((r) => r.least)?.id;
  // The one role an account has now (an account the operator gave several keeps them unless one is chosen).
  const currentRole = editing && editing !== 'new' && editing.roles.length === 1 ? editing.roles[0].id : undefined;
  const self = editing !== null && editing !== 'new' && editing.userId === me?.userId;
  const roleOptions = [
    ...(assignable.data ?? []).map((r) => ({ value: r.id, label: r.least ? `${r.name}（${t('hint.leastRole')}）` : r.name })),
    // Its current role even when this admin may not give it, so that it shows by name.
    ...(editing && editing !== 'new' ? editing.roles.filter((r) => !assignable.data?.some((a) => a.id === r.id)).map((r) => ({ value: r.id, label: r.name, disabled: true })) : []),
  ];

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ orgId: me?.orgId ?? undefined });
    else form.setFieldsValue({ orgId: editing.orgId, username: editing.username, name: editing.name, email: editing.email ?? undefined, roleId: currentRole });
  }, [editing, form, me, currentRole]);
  // A new account starts on the least role (once the list is there), without resetting what was typed.
  useEffect(() => {
    if (editing === 'new' && least !== undefined && form.getFieldValue('roleId') === undefined) form.setFieldValue('roleId', least);
  }, [editing, least, form]);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      userId: editing && editing !== 'new' ? editing.userId : undefined,
      orgId: v.orgId,
      username: v.username,
      name: v.name,
      phone: v.phone || undefined,
      email: orNull(v.email),
      password: editing === 'new' ? v.password : undefined,
      // Sent only when chosen: an edit that leaves it alone keeps the account's roles.
      roleId: editing === 'new' || v.roleId !== currentRole ? v.roleId : undefined,
    });
    message.success(t('msg.saved'));
    setEditing(null);
  }

  const columns = [
    { title: t('fields.userName'), dataIndex: 'name', key: 'name' },
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    { title: t('fields.org'), dataIndex: 'orgName', key: 'org' },
    { title: t('fields.roles'), key: 'roles', render: (_: unknown, u: StaffRow) => u.roles.map((r) => r.name).join('、') || '-' },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    { title: t('fields.lastLoginAt'), dataIndex: 'lastLoginAt', key: 'l', render: (at: string | null) => formatDateTime(at) },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, u: StaffRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(u)}>
            {t('actions.edit')}
          </Button>
          {u.userId === me?.userId ? null : <UserStatusButton user={u} onStatus={(status) => setStatus.mutateAsync({ userId: u.userId, status })} />}
        </Space>
      ),
    },
  ];

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('actions.create')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('hint.staffScope', { extra: isBank ? t('hint.staffScopeBank') : '' })} style={{ marginBottom: 16 }} />
      <FilterBar
        form={filterForm}
        onSearch={(v) => {
          setFilter(v);
          setCurrent(1);
        }}
      >
        <Form.Item name="name" label={t('fields.userName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        {orgOptions.length > 1 ? (
          <Form.Item name="orgId" label={t('fields.org')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 260 }} placeholder={t('placeholder.all')} options={orgOptions} />
          </Form.Item>
        ) : null}
        <Form.Item name="status" label={t('fields.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('placeholder.all')} options={['ACTIVE', 'DISABLED'].map((s) => ({ value: s, label: <StateTag state={s} /> }))} />
        </Form.Item>
      </FilterBar>
      <section className="phjr-panel" style={{ marginTop: 16 }}>
        <Table<StaffRow>
          rowKey="userId"
          loading={q.isLoading}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={{ current, pageSize: 10, total: q.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('title.createStaff') : t('title.editStaff')}
        onCancel={() => setEditing(null)}
        onOk={submit}
        confirmLoading={save.isPending}
        okText={t('actions.save')}
        forceRender
      >
        <Form form={form} name="edit-form" layout="vertical">
          <Form.Item name="orgId" label={t('fields.org')} rules={[{ required: true }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={orgOptions} />
          </Form.Item>
          <Form.Item name="username" label={t('fields.username')} rules={[rules.required(t('fields.username')), rules.username]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('fields.userName')} rules={[rules.required(t('fields.userName'))]}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')} rules={editing === 'new' ? [rules.required(t('fields.phone')), rules.phone] : [rules.phone]}>
            <Input placeholder={editing && editing !== 'new' ? (editing.phone ?? '') : undefined} />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} rules={[rules.email]}>
            <Input />
          </Form.Item>
          {editing === 'new' ? (
            <Form.Item name="password" label={t('fields.password')} rules={[rules.required(t('fields.password')), rules.password]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item name="roleId" label={t('fields.roles')} extra={self ? t('hint.ownRole') : t('hint.staffRole')}>
            <Select loading={assignable.isLoading} disabled={self} options={roleOptions} placeholder={t('placeholder.selectRoles')} />
          </Form.Item>
        </Form>
      </Modal>
    </RoutePage>
  );
}
