import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_SORT, type UserRow } from '@phjr/contract/orgs/user-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useUserPage } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { RegionFilterItem, StatusFilterItem, adminFilters } from './admin-list.tsx';
import { UserDetailDrawer, UserRolesModal, UserStatusButton } from './user-actions.tsx';

/** The filters and the page live in the address (ZUserPageQuery's fields). */
const userList = defineList({
  filters: {
    ...adminFilters,
    phone: field.text(20),
    regionCode: field.text(12),
    certified: field.oneOf(['true', 'false'] as const),
  },
  sort: USER_SORT,
});

/** The operator's company or personal users: filters, masked phones, detail drawer, enable/disable, roles. */
export function UserListScreen({ accountType }: { accountType: 'ENTERPRISE' | 'PERSON' }) {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const list = useListQuery(userList);
  const [detail, setDetail] = useState<number | null>(null);
  const [rolesOf, setRolesOf] = useState<UserRow | null>(null);
  const q = useUserPage({ accountType, ...list.query });
  const enterprise = accountType === 'ENTERPRISE';

  const columns = [
    {
      title: enterprise ? t('fields.enterpriseName') : t('fields.userName'),
      dataIndex: 'name',
      key: 'name',
      // A sub-account belongs to its enterprise (issue 30): the enterprise's name, then which sub-account it is.
      render: (name: string, u: UserRow) =>
        u.mainUserId !== null ? (
          <Space size={4} wrap>
            <span>{u.orgName ?? name}</span>
            <Tag>{t('subAccountOf', { name })}</Tag>
          </Space>
        ) : (
          name
        ),
    },
    ...(enterprise ? [{ title: t('fields.creditCode'), dataIndex: 'creditCode', key: 'cc' }] : []),
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('fields.region'),
      dataIndex: 'regionCode',
      key: 'r',
      render: (c: string | null) => regionName(regions.data, c) ?? '-',
    },
    {
      title: t('fields.certified'),
      dataIndex: 'certified',
      key: 'cert',
      render: (c: boolean) => <Tag color={c ? 'green' : 'default'}>{c ? t('certified.yes') : t('certified.no')}</Tag>,
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
          <Button type="link" size="small" onClick={() => setDetail(u.userId)}>
            {t('actions.detail')}
          </Button>
          {u.actions.includes('roles') ? (
            <Button type="link" size="small" onClick={() => setRolesOf(u)}>
              {t('actions.assignRoles')}
            </Button>
          ) : null}
          <UserStatusButton user={u} />
        </Space>
      ),
    },
  ];

  return (
    <RoutePage>
      <ListFilter
        list={list}
        more={
          <>
            <RegionFilterItem />
            <StatusFilterItem />
          </>
        }
      >
        <Form.Item name="name" label={enterprise ? t('fields.enterpriseName') : t('fields.userName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="certified" label={t('fields.certified')}>
          <Select
            allowClear
            placeholder={t('placeholder.all')}
            options={[
              { value: 'true', label: t('certified.yes') },
              { value: 'false', label: t('certified.no') },
            ]}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<UserRow>
        list={list}
        data={q.data}
        loading={q.isLoading}
        rowKey="userId"
        columns={columns}
        showSizeChanger={false}
        exportTo={{ operation: orgsOps.userExport, fileName: t(`exportName.${accountType}`), params: { accountType } }}
      />
      <UserDetailDrawer userId={detail} onClose={() => setDetail(null)} />
      <UserRolesModal user={rolesOf} onClose={() => setRolesOf(null)} />
    </RoutePage>
  );
}
