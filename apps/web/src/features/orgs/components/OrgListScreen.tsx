import { useState } from 'react';
import { Button, Form, Input, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Status } from '@phjr/contract/orgs/admin-fields';
import type { OrgKind, OrgRow } from '@phjr/contract/orgs/org-admin';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useOrgPage } from '../api/orgs-admin.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { OrgFormModal, type OrgFormTarget } from './OrgFormModal.tsx';
import { ChainAccessSwitch, OrgRowActions } from './org-actions.tsx';

interface Filter {
  name?: string;
  regionCode?: string;
  status?: Status;
}

/** Government departments or guarantee companies: a paged list with create, edit, chain access and status. */
export function OrgListScreen({ kind }: { kind: Exclude<OrgKind, 'BANK'> }) {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState<OrgFormTarget | null>(null);
  const q = useOrgPage({ kind, current, pageSize: 10, ...filter });

  const columns = [
    { title: t('fields.orgName'), dataIndex: 'name', key: 'name' },
    { title: t('fields.shortName'), dataIndex: 'shortName', key: 'shortName' },
    { title: t('fields.classifiedType'), dataIndex: 'classifiedType', key: 'c', render: (c: string) => t(`classified.${c}`) },
    { title: t('fields.region'), dataIndex: 'regionCode', key: 'r', render: (c: string) => regionName(regions.data, c) ?? c },
    { title: t('fields.contactName'), key: 'contact', render: (_: unknown, o: OrgRow) => [o.contactName, o.contactPhone].filter(Boolean).join(' ') || '-' },
    ...(kind === 'GOVERNMENT' ? [{ title: t('fields.chainAccess'), key: 'chain', render: (_: unknown, o: OrgRow) => <ChainAccessSwitch org={o} /> }] : []),
    { title: t('fields.userCount'), dataIndex: 'userCount', key: 'u', width: 80 },
    { title: t('fields.status'), dataIndex: 'status', key: 's', render: (s: string) => <StateTag state={s} /> },
    { title: '', key: 'actions', render: (_: unknown, o: OrgRow) => <OrgRowActions org={o} onEdit={() => setTarget({ org: o })} /> },
  ];

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})}>
          {t('actions.create')}
        </Button>
      }
    >
      <FilterBar
        form={form}
        onSearch={(v) => {
          setFilter(v);
          setCurrent(1);
        }}
        more={
          <Form.Item name="status" label={t('fields.status')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('placeholder.all')} options={['ACTIVE', 'DISABLED'].map((s) => ({ value: s, label: <StateTag state={s} /> }))} />
          </Form.Item>
        }
      >
        <Form.Item name="name" label={t('fields.orgName')}>
          <Input allowClear placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="regionCode" label={t('fields.region')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('placeholder.all')} options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))} />
        </Form.Item>
      </FilterBar>
      <section className="phjr-panel" style={{ marginTop: 16 }}>
        <Table<OrgRow>
          rowKey="id"
          loading={q.isLoading}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={{ current, pageSize: 10, total: q.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        />
      </section>
      <OrgFormModal kind={kind} target={target} onClose={() => setTarget(null)} />
    </RoutePage>
  );
}
