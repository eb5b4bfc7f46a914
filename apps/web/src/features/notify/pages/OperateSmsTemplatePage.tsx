import { useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Switch, Table, Tabs, Tag } from 'antd';
import { smsOps, type SmsTemplate } from '@phjr/contract/auth/sms';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { callOperation } from '../../../lib/operation-client.ts';
import { formatDateTimeSeconds } from '../../../lib/format.ts';
import { useFormRules } from '../../../lib/form-rules.ts';

function Templates() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['smsTemplates'],
    queryFn: () => callOperation(smsOps.templates, {}),
  });
  const save = useMutation({
    mutationFn: (req: { code: string; content: string; enabled: boolean }) =>
      callOperation(smsOps.saveTemplate, { body: req }),
    onSuccess: () => {
      void message.success(t('smsAdmin.saved'));
      void qc.invalidateQueries({ queryKey: ['smsTemplates'] });
    },
  });
  const [editing, setEditing] = useState<SmsTemplate | null>(null);
  const [form] = Form.useForm<{ content: string }>();
  const rules = useFormRules(smsOps.saveTemplate.body);

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
              <Switch
                checked={on}
                aria-label={r.name}
                loading={save.isPending && save.variables?.code === r.code}
                onChange={(v) => save.mutate({ code: r.code, content: r.content, enabled: v })}
              />
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
          onFinish={(v) =>
            editing &&
            save.mutate(
              { code: editing.code, content: v.content, enabled: editing.enabled },
              { onSuccess: () => setEditing(null) },
            )
          }
        >
          <Form.Item name="content" label={t('smsAdmin.content')} rules={rules('content', t('smsAdmin.content'))}>
            <Input.TextArea rows={4} maxLength={300} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The outbox's filter and page live in the address, with the tab (`?tab=outbox&phone=…&current=2`). */
const outboxList = defineList({ pageSize: 10, filters: { phone: field.text(20) } });

function Outbox() {
  const { t } = useTranslation('auth');
  const list = useListQuery(outboxList);
  const page = useQuery({
    queryKey: ['smsOutbox', list.query],
    queryFn: () => callOperation(smsOps.outbox, { query: list.query }),
  });
  return (
    <>
      <ListFilter list={list} name="sms-outbox" plain>
        <Form.Item name="phone" label={t('fields.phone')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
      </ListFilter>
      <ListTable
        list={list}
        data={page.data}
        loading={page.isPending}
        rowKey="id"
        plain
        showSizeChanger={false}
        toolbar={<Button onClick={() => void page.refetch()}>{t('smsAdmin.refresh')}</Button>}
        columns={[
          {
            title: t('smsAdmin.sentAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (d: string) => formatDateTimeSeconds(d),
          },
          { title: t('fields.phone'), dataIndex: 'phone', width: 130 },
          { title: t('smsAdmin.code'), dataIndex: 'templateCode', width: 170 },
          { title: t('smsAdmin.content'), dataIndex: 'content' },
          {
            title: t('smsAdmin.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: 'SENT' | 'SKIPPED') => (
              <Tag color={s === 'SENT' ? 'green' : 'default'}>{t(`smsAdmin.statuses.${s}`)}</Tag>
            ),
          },
        ]}
      />
    </>
  );
}

const TABS = ['templates', 'outbox'] as const;

/** /operateClient/platform/sms: SMS templates (reword, switch on/off) and the outbox of the default gateway. */
export default function OperateSmsTemplatePage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'templates';
  return (
    <RoutePage>
      <section className="phjr-panel">
        <Tabs
          activeKey={tab}
          // Another tab starts without the other's filters and page.
          onChange={(key) => setParams(key === 'templates' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'templates', label: t('smsAdmin.templates'), children: <Templates /> },
            { key: 'outbox', label: t('smsAdmin.outbox'), children: <Outbox /> },
          ]}
        />
      </section>
    </RoutePage>
  );
}
