import { useState } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Status } from '@phjr/contract/orgs/admin-fields';
import type { UserRow } from '@phjr/contract/orgs/user-admin';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useUserPage } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { UserDetailDrawer, UserRolesModal, UserStatusButton } from './user-actions.tsx';

interface Filter {
  name?: string;
  phone?: string;
  regionCode?: string;
  certified?: 'true' | 'false';
  status?: Status;
}

/** The operator's company or personal users: filters, masked phones, detail drawer, enable/disable, roles. */
export function UserListScreen({ accountType }: { accountType: 'ENTERPRISE' | 'PERSON' }) {
  const { t } = useTranslation('orgs');
  const me = useCurrentUser();
  const canManage = me?.permissions.includes('user:manage') ?? false;
  const canRoles = me?.permissions.includes('role:manage') ?? false;
  const regions = useRegions();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [current, setCurrent] = useState(1);
  const [detail, setDetail] = useState<number | null>(null);
  const [rolesOf, setRolesOf] = useState<UserRow | null>(null);
  const q = useUserPage({ accountType, current, pageSize: 10, ...filter });
  const enterprise = accountType === 'ENTERPRISE';

  const columns = [
    { title: enterprise ? t('fields.enterpriseName') : t('fields.userName'), dataIndex: 'name', key: 'name' },
    ...(enterprise ? [{ title: t('fields.creditCode'), dataIndex: 'creditCode', key: 'cc' }] : []),
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    { title: t('fields.region'), dataIndex: 'regionCode', key: 'r', render: (c: string | null) => regionName(regions.data, c) ?? '-' },
    {
      title: t('fields.certified'),
      dataIndex: 'certified',
      key: 'cert',
      render: (c: boolean) => <Tag color={c ? 'green' : 'default'}>{c ? t('certified.yes') : t('certified.no')}</Tag>,
    },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', key: 'c', render: (at: string | null) => formatDateTime(at) },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, u: UserRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(u.userId)}>
            {t('actions.detail')}
          </Button>
          {canRoles ? (
            <Button type="link" size="small" onClick={() => setRolesOf(u)}>
              {t('actions.assignRoles')}
            </Button>
          ) : null}
          {canManage ? <UserStatusButton user={u} /> : null}
        </Space>
      ),
    },
  ];

  return (
    <RoutePage>
      <FilterBar
        form={form}
        onSearch={(v) => {
          setFilter(v);
          setCurrent(1);
        }}
        more={
          <>
            <Form.Item name="regionCode" label={t('fields.region')}>
              <Select allowClear style={{ width: 140 }} placeholder={t('placeholder.all')} options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))} />
            </Form.Item>
            <Form.Item name="status" label={t('fields.status')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('placeholder.all')} options={['ACTIVE', 'DISABLED'].map((s) => ({ value: s, label: <StateTag state={s} /> }))} />
            </Form.Item>
          </>
        }
      >
        <Form.Item name="name" label={enterprise ? t('fields.enterpriseName') : t('fields.userName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="certified" label={t('fields.certified')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('placeholder.all')}
            options={[
              { value: 'true', label: t('certified.yes') },
              { value: 'false', label: t('certified.no') },
            ]}
          />
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
      <UserDetailDrawer userId={detail} onClose={() => setDetail(null)} />
      <UserRolesModal user={rolesOf} onClose={() => setRolesOf(null)} />
    </RoutePage>
  );
}
