import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@phjr/contract/orgs/staff';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { USER_SORT } from '@phjr/contract/orgs/user-admin';
import { useFormRules } from '../../../lib/form-rules.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import {
  useAssignableRoles,
  useResetStaffPassword,
  useSaveStaff,
  useSetStaffStatus,
  useStaffOrgs,
  useStaffPage,
} from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { orNull } from './admin-form.ts';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { CreateButton, EditAction, StatusFilterItem, adminFilters } from './admin-list.tsx';
import { ResetPasswordButton, UserStatusButton } from './user-actions.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

interface Values {
  orgId: number;
  username: string;
  name: string;
  phone?: string;
  email?: string;
  password?: string;
  roleId?: number;
}

/** The filters and the page live in the address (ZStaffPageQuery's fields). */
const staffList = defineList({ filters: { ...adminFilters, orgId: field.number() }, sort: USER_SORT });

/**
 * An institution admin's staff accounts: own organisation only (a bank: also its branches and sub-branches). The admin
 * chooses each account's role among those the operator lets this kind of institution give (the least by default).
 */
export function StaffScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const list = useListQuery(staffList);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const orgs = useStaffOrgs();
  const assignable = useAssignableRoles();
  const q = useStaffPage(list.query);
  const save = useSaveStaff();
  const setStatus = useSetStaffStatus();
  const resetPassword = useResetStaffPassword();
  const rules = useFormRules(orgsOps.saveStaff.body);
  const orgOptions = (orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const isBank = me?.classifiedOrgTypeEnum?.code === 'BANK';
  const least = assignable.data?.find((r) => r.least)?.id;
  // The one role an account has now (an account the operator gave several keeps them unless one is chosen).
  const currentRole = editing && editing !== 'new' && editing.roles.length === 1 ? editing.roles[0].id : undefined;
  const self = editing !== null && editing !== 'new' && editing.userId === me?.userId;
  const roleOptions = [
    ...(assignable.data ?? []).map((r) => ({
      value: r.id,
      label: r.least ? `${r.name}（${t('hint.leastRole')}）` : r.name,
    })),
    // Its current role even when this admin may not give it, so that it shows by name.
    ...(editing && editing !== 'new'
      ? editing.roles
          .filter((r) => !assignable.data?.some((a) => a.id === r.id))
          .map((r) => ({ value: r.id, label: r.name, disabled: true }))
      : []),
  ];

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ orgId: me?.orgId ?? undefined });
    else
      form.setFieldsValue({
        orgId: editing.orgId,
        username: editing.username,
        name: editing.name,
        email: editing.email ?? undefined,
        roleId: currentRole,
      });
  }, [editing, form, me, currentRole]);
  // A new account starts on the least role (once the list is there), without resetting what was typed.
  useEffect(() => {
    if (editing === 'new' && least !== undefined && form.getFieldValue('roleId') === undefined)
      form.setFieldValue('roleId', least);
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
    {
      title: t('fields.roles'),
      key: 'roles',
      render: (_: unknown, u: StaffRow) => u.roles.map((r) => r.name).join('、') || '-',
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
      render: (_: unknown, u: StaffRow) => (
        <Space size={0}>
          <EditAction row={u} onEdit={() => setEditing(u)} />
          <ResetPasswordButton user={u} reset={(userId) => resetPassword.mutateAsync({ userId })} />
          <UserStatusButton user={u} onStatus={(status) => setStatus.mutateAsync({ userId: u.userId, status })} />
        </Space>
      ),
    },
  ];

  return (
    <RoutePage extra={<CreateButton onClick={() => setEditing('new')} />}>
      <Alert
        type="info"
        showIcon
        title={t('hint.staffScope', { extra: isBank ? t('hint.staffScopeBank') : '' })}
        style={{ marginBottom: 16 }}
      />
      <ListFilter list={list}>
        <Form.Item name="name" label={t('fields.userName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        {orgOptions.length > 1 ? (
          <Form.Item name="orgId" label={t('fields.org')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noUnit'))}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholder.all')}
              options={orgOptions}
            />
          </Form.Item>
        ) : null}
        <StatusFilterItem />
      </ListFilter>
      <ListTable<StaffRow>
        list={list}
        data={q.data}
        loading={q.isLoading}
        rowKey="userId"
        columns={columns}
        showSizeChanger={false}
        exportTo={{ operation: orgsOps.staffExport, fileName: t('exportName.staff') }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('title.createStaff') : t('title.editStaff')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={save.isPending}
        okText={t('actions.save')}
        forceRender
      >
        <Form form={form} name="edit-form" layout="vertical">
          <Form.Item name="orgId" label={t('fields.org')} rules={rules('orgId', t('fields.org'), { choice: true })}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noUnit'))}
              showSearch={{ optionFilterProp: 'label' }}
              options={orgOptions}
            />
          </Form.Item>
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
          <Form.Item name="roleId" label={t('fields.roles')} extra={self ? t('hint.ownRole') : t('hint.staffRole')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRole'), assignable.isLoading)}
              loading={assignable.isLoading}
              disabled={self}
              options={roleOptions}
              placeholder={t('placeholder.selectRoles')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </RoutePage>
  );
}
