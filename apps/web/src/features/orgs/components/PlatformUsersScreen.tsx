import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Status } from '@phjr/contract/orgs/admin-fields';
import type { UserRow } from '@phjr/contract/orgs/user-admin';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useRoles, useSavePlatformUser, usePlatformUserPage } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { adminRules, orNull } from './admin-form.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { UserStatusButton } from './user-actions.tsx';

interface Values {
  username: string;
  name: string;
  phone: string;
  email?: string;
  password?: string;
  roleIds: number[];
}

/** The operator's back-office staff and their roles. */
export function PlatformUsersScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [filterForm] = Form.useForm<{ name?: string; status?: Status }>();
  const [form] = Form.useForm<Values>();
  const [filter, setFilter] = useState<{ name?: string; status?: Status }>({});
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const q = usePlatformUserPage({ current, pageSize: 10, ...filter });
  const roles = useRoles();
  const save = useSavePlatformUser();
  const rules = adminRules(t);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue({ username: editing.username, name: editing.name, phone: undefined, roleIds: editing.roles.map((r) => r.id) });
  }, [editing, form]);

  const columns = [
    { title: t('fields.userName'), dataIndex: 'name', key: 'name' },
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    { title: t('fields.roles'), key: 'roles', render: (_: unknown, u: UserRow) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    { title: t('fields.lastLoginAt'), dataIndex: 'lastLoginAt', key: 'l', render: (at: string | null) => formatDateTime(at) },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, u: UserRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(u)}>
            {t('actions.edit')}
          </Button>
          {u.userId === me?.userId ? null : <UserStatusButton user={u} />}
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
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('actions.create')}
        </Button>
      }
    >
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
        <Form.Item name="status" label={t('fields.status')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('placeholder.all')} options={['ACTIVE', 'DISABLED'].map((s) => ({ value: s, label: <StateTag state={s} /> }))} />
        </Form.Item>
      </FilterBar>
      <section className="phjr-panel" style={{ marginTop: 16 }}>
        <Table<UserRow>
          rowKey="userId"
          loading={q.isLoading}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={{ current, pageSize: 10, total: q.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('title.createUser') : t('title.editUser')}
        onCancel={() => setEditing(null)}
        onOk={submit}
        confirmLoading={save.isPending}
        okText={t('actions.save')}
        forceRender
      >
        <Form form={form} name="edit-form" layout="vertical">
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
          <Form.Item name="roleIds" label={t('fields.roles')} rules={[{ required: true, message: t('msg.selectAtLeastOneRole') }]} extra={t('hint.rolesFollow')}>
            <Select
              mode="multiple"
              placeholder={t('placeholder.selectRoles')}
              options={(roles.data ?? []).filter((r) => r.accountType === 'PLATFORM').map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </RoutePage>
  );
}
