import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTION_CODES } from '@phjr/contract/audit/audit-actions';
import { AUDIT_SORT, auditOps, type AuditEntry } from '@phjr/contract/audit/audit-page';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { useAuditPage } from '../api/audit.ts';
import './audit-log.css';
import { beijingToday, formatDateTimeSeconds } from '../../../lib/format.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';

/** The contract's limits (ZAuditFilter): the account, a named action of the catalogue, the days, the target's text. */
const auditList = defineList({
  pageSize: 10,
  filters: {
    username: field.text(64),
    action: field.oneOf(AUDIT_ACTION_CODES),
    range: field.dateRange(),
    target: field.text(100),
  },
  sort: AUDIT_SORT,
});

/**
 * /operateClient/platform/audit: who did what, when and from where; newest first, 10 a page. Each action shows its
 * name from the contract's catalogue (the AuditAction enum) and can be filtered; the Excel export takes the filters.
 */
export default function OperateAuditLogPage() {
  const { t } = useTranslation('platform');
  const list = useListQuery(auditList);
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const page = useAuditPage(list.query);
  const actions = useEnum('AuditAction');

  const who = (e: AuditEntry) => (e.username ? `${e.name ?? ''}（${e.username}）` : t('audit.system'));

  return (
    <RoutePage>
      <ListFilter
        list={list}
        defaultExpanded
        more={
          <>
            <Form.Item name="range" label={t('audit.dateRange')}>
              <BeijingDatePicker.RangePicker disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
            </Form.Item>
            <Form.Item name="target" label={t('audit.target')}>
              <Input placeholder={t('audit.targetPlaceholder')} allowClear maxLength={100} />
            </Form.Item>
          </>
        }
      >
        <Form.Item name="username" label={t('audit.username')}>
          <Input placeholder={t('audit.usernamePlaceholder')} allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            placeholder={t('audit.actionPlaceholder')}
            allowClear
            showSearch
            optionFilterProp="label"
            options={actions.options}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<AuditEntry>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        emptyText={t('audit.empty')}
        exportTo={{ operation: auditOps.export, fileName: t('audit.exportName') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', width: 170, render: (at: string) => formatDateTimeSeconds(at) },
          { title: t('audit.who'), key: 'who', width: 200, render: (_: unknown, e) => who(e) },
          { title: t('audit.action'), dataIndex: 'action', width: 150, render: (a: string) => actions.label(a) },
          { title: t('audit.target'), dataIndex: 'target', ellipsis: true, render: (v: string | null) => v ?? '-' },
          { title: t('audit.ip'), dataIndex: 'ip', width: 170, render: (v: string | null) => v ?? '-' },
          {
            title: t('audit.detail'),
            key: 'detail',
            width: 90,
            fixed: 'right',
            render: (_: unknown, e) => (
              <Button type="link" size="small" onClick={() => setShown(e)}>
                {t('audit.detail')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer title={t('audit.detailTitle')} open={shown !== null} onClose={() => setShown(null)} size={520}>
        {shown ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('audit.at')}>{formatDateTimeSeconds(shown.at)}</Descriptions.Item>
              <Descriptions.Item label={t('audit.who')}>{who(shown)}</Descriptions.Item>
              <Descriptions.Item label={t('audit.action')}>
                {actions.label(shown.action)} <Typography.Text type="secondary">({shown.action})</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('audit.target')}>{shown.target ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('audit.ip')}>{shown.ip ?? '-'}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('audit.detail')}
            </Typography.Title>
            {shown.detail == null ? (
              <Typography.Text type="secondary">{t('audit.noDetail')}</Typography.Text>
            ) : (
              <pre className="phjr-audit-detail">{JSON.stringify(shown.detail, null, 2)}</pre>
            )}
          </>
        ) : null}
      </Drawer>
    </RoutePage>
  );
}
