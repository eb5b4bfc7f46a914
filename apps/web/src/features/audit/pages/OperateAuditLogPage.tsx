import { useState } from 'react';
import { Button, Col, DatePicker, Descriptions, Drawer, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditPageQuery } from '@phjr/contract/audit/audit-page';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { useAuditPage } from '../api/audit.ts';
import './audit-log.css';
import { formatDateTimeSeconds } from '../../../lib/format.ts';

interface FilterValues {
  username?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  target?: string;
}

const blankToUndefined = (s?: string) => (s?.trim() ? s.trim() : undefined);

/** /operateClient/platform/audit: who did what, when and from where; newest first, 10 a page. */
export default function OperateAuditLogPage() {
  const { t } = useTranslation('platform');
  const [form] = Form.useForm<FilterValues>();
  const [expanded, setExpanded] = useState(true);
  const [query, setQuery] = useState<AuditPageQuery>({ current: 1, pageSize: 10 });
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const page = useAuditPage(query);
  const actions = useEnum('AuditAction');

  function search(v: FilterValues) {
    setQuery({
      current: 1,
      pageSize: query.pageSize,
      username: blankToUndefined(v.username),
      action: v.action || undefined,
      target: blankToUndefined(v.target),
      from: v.range?.[0]?.format('YYYY-MM-DD'),
      to: v.range?.[1]?.format('YYYY-MM-DD'),
    });
  }

  const who = (e: AuditEntry) => (e.username ? `${e.name ?? ''}（${e.username}）` : t('audit.system'));

  return (
    <RoutePage>
      <section className="phjr-panel phjr-audit-filter">
        <Form<FilterValues> form={form} layout="vertical" onFinish={search}>
          <Row gutter={16}>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="username" label={t('audit.username')}>
                <Input placeholder={t('audit.usernamePlaceholder')} allowClear maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="action" label={t('audit.action')}>
                <Select placeholder={t('audit.actionPlaceholder')} allowClear showSearch optionFilterProp="label" options={actions.options} />
              </Form.Item>
            </Col>
            {expanded ? (
              <>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="range" label={t('audit.dateRange')}>
                    <DatePicker.RangePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="target" label={t('audit.target')}>
                    <Input placeholder={t('audit.targetPlaceholder')} allowClear maxLength={100} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('audit.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('audit.reset')}
            </Button>
            <Button type="link" onClick={() => setExpanded((x) => !x)} icon={expanded ? <UpOutlined /> : <DownOutlined />}>
              {expanded ? t('audit.collapse') : t('audit.expand')}
            </Button>
          </Space>
        </Form>
      </section>
      <section className="phjr-panel">
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.list ?? []}
          locale={{ emptyText: t('audit.empty') }}
          scroll={{ x: 900 }}
          pagination={{
            current: query.current,
            pageSize: query.pageSize,
            total: page.data?.total ?? 0,
            showTotal: (total) => t('audit.total', { total }),
            onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
          }}
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
      </section>
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
