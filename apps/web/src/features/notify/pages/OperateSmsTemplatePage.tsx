import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Switch, Table, Tabs, Tag } from 'antd';
import { smsOps, type SmsTemplate } from '@phjr/contract/auth/sms';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { callOperation } from '../../../lib/operation-client.ts';
import { formatDateTimeSeconds } from '../../../lib/format.ts';

function Templates() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['smsTemplates'],
    queryFn: () => callOperation(smsOps.templates, {}),
  });
  const save = useMutation({
    mutationFn: (req: { code: string; content: string; enabled: boolean }) => callOperation(smsOps.saveTemplate, { body: req }),
    onSuccess: () => {
      void message.success(t('smsAdmin.saved'));
      void qc.invalidateQueries({ queryKey: ['smsTemplates'] });
    },
  });
  const [editing, setEditing] = useState<SmsTemplate | null>(null);
  const [form] = Form.useForm<{ content: string }>();

  return (
    <>
      <Table
        rowKey="code"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('smsAdmin.name'), dataIndex: 'name', width: 160 },
          { title: t('smsAdmin.code'), dataIndex: 'code', width: 170 },
          { title: t('smsAdmin.content'), dataIndex: 'content' },
          {
            title: t('smsAdmin.enabled'),
            dataIndex: 'enabled',
            width: 100,
            render: (on: boolean, r) => (
              <Switch checked={on} aria-label={r.name} loading={save.isPending && save.variables?.code === r.code} onChange={(v) => save.mutate({ code: r.code, content: r.content, enabled: v })} />
            ),
          },
          {
            title: t('common.actions'),
            key: 'op',
            width: 90,
            render: (_, r) => (
              <Button
                type="link"
                onClick={() => {
                  setEditing(r);
                  form.setFieldsValue({ content: r.content });
                }}
              >
                {t('smsAdmin.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing ? `${t('smsAdmin.edit')}：${editing.name}` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <p>
          {t('smsAdmin.placeholders')}{' '}
          {editing?.placeholders.map((p) => (
            <Tag key={p}>{`{${p}}`}</Tag>
          ))}
        </p>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => editing && save.mutate({ code: editing.code, content: v.content, enabled: editing.enabled }, { onSuccess: () => setEditing(null) })}
        >
          <Form.Item name="content" label={t('smsAdmin.content')} rules={[{ required: true, whitespace: true, max: 300 }]}>
            <Input.TextArea rows={4} maxLength={300} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function Outbox() {
  const { t } = useTranslation('auth');
  const [phone, setPhone] = useState('');
  const [current, setCurrent] = useState(1);
  const page = useQuery({
    queryKey: ['smsOutbox', phone, current],
    queryFn: () => callOperation(smsOps.outbox, { query: { phone: phone || undefined, current, pageSize: 10 } }),
  });
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={(v: { phone?: string }) => { setPhone(v.phone?.trim() ?? ''); setCurrent(1); }}>
        <Form.Item name="phone" label={t('fields.phone')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('smsAdmin.search')}
          </Button>
          <Button onClick={() => void page.refetch()}>{t('smsAdmin.refresh')}</Button>
        </Space>
      </Form>
      <Table
        rowKey="id"
        loading={page.isPending}
        dataSource={page.data?.list ?? []}
        pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('smsAdmin.sentAt'), dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTimeSeconds(d) },
          { title: t('fields.phone'), dataIndex: 'phone', width: 130 },
          { title: t('smsAdmin.code'), dataIndex: 'templateCode', width: 170 },
          { title: t('smsAdmin.content'), dataIndex: 'content' },
          {
            title: t('smsAdmin.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: 'SENT' | 'SKIPPED') => <Tag color={s === 'SENT' ? 'green' : 'default'}>{t(`smsAdmin.statuses.${s}`)}</Tag>,
          },
        ]}
      />
    </>
  );
}

/** /operateClient/platform/sms: SMS templates (reword, switch on/off) and the outbox of the default gateway. */
export default function OperateSmsTemplatePage() {
  const { t } = useTranslation('auth');
  return (
    <RoutePage>
      <section className="phjr-panel">
        <Tabs
          items={[
            { key: 'templates', label: t('smsAdmin.templates'), children: <Templates /> },
            { key: 'outbox', label: t('smsAdmin.outbox'), children: <Outbox /> },
          ]}
        />
      </section>
    </RoutePage>
  );
}
