import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_SORT, type OrgKind, type OrgRow } from '@phjr/contract/orgs/org-admin';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useOrgPage } from '../api/orgs-admin.ts';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { CreateButton, RegionFilterItem, StatusFilterItem, adminFilters } from './admin-list.tsx';
import { OrgFormModal, type OrgFormTarget } from './OrgFormModal.tsx';
import { ChainAccessSwitch, OrgRowActions } from './org-actions.tsx';

/** The filters and the page live in the address (ZOrgPageQuery's fields). */
const orgList = defineList({ filters: { ...adminFilters, regionCode: field.text(12) }, sort: ORG_SORT });

/** Government departments or guarantee companies: a paged list with create, edit, chain access and status. */
export function OrgListScreen({ kind }: { kind: Exclude<OrgKind, 'BANK'> }) {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const list = useListQuery(orgList);
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const q = useOrgPage({ kind, ...list.query });

  const columns = [
    { title: t('fields.orgName'), dataIndex: 'name', key: 'name' },
    { title: t('fields.shortName'), dataIndex: 'shortName', key: 'shortName' },
    {
      title: t('fields.classifiedType'),
      dataIndex: 'classifiedType',
      key: 'c',
      render: (c: string) => t(`classified.${c}`),
    },
    {
      title: t('fields.region'),
      dataIndex: 'regionCode',
      key: 'r',
      render: (c: string) => regionName(regions.data, c) ?? c,
    },
    {
      title: t('fields.contactName'),
      key: 'contact',
      render: (_: unknown, o: OrgRow) => [o.contactName, o.contactPhone].filter(Boolean).join(' ') || '-',
    },
    ...(kind === 'GOVERNMENT'
      ? [
          {
            title: t('fields.chainAccess'),
            key: 'chain',
            render: (_: unknown, o: OrgRow) => <ChainAccessSwitch org={o} />,
          },
        ]
      : []),
    { title: t('fields.userCount'), dataIndex: 'userCount', key: 'userCount', width: 100 },
    {
      title: t('fields.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: string) => formatDateTime(at),
    },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, o: OrgRow) => <OrgRowActions org={o} onEdit={() => setTarget({ org: o })} />,
    },
  ];

  return (
    <RoutePage extra={<CreateButton onClick={() => setTarget({})} />}>
      <ListFilter list={list} more={<StatusFilterItem />}>
        <Form.Item name="name" label={t('fields.orgName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <RegionFilterItem />
      </ListFilter>
      <ListTable<OrgRow>
        list={list}
        data={q.data}
        loading={q.isLoading}
        rowKey="id"
        columns={columns}
        showSizeChanger={false}
      />
      <OrgFormModal kind={kind} target={target} onClose={() => setTarget(null)} />
    </RoutePage>
  );
}
