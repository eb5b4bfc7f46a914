import { useEffect } from 'react';
import { App, Button, Form, Input, Radio, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useMySetting, useSaveMySetting } from '../api/orgs-admin.ts';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { useFormRules } from '../../../lib/form-rules.ts';
import { orNull } from './admin-form.ts';

interface Values {
  name: string;
  email?: string;
  notifyPref: 'SITE' | 'SMS' | 'BOTH' | 'NONE';
}

/** A supervisor's own display name, email and notification preference. */
export function MySettingScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useMySetting();
  const save = useSaveMySetting();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(orgsOps.saveMySetting.body);

  useEffect(() => {
    if (q.data)
      form.setFieldsValue({ name: q.data.name, email: q.data.email ?? undefined, notifyPref: q.data.notifyPref });
  }, [q.data, form]);

  return (
    <RoutePage>
      <section className="phjr-panel" style={{ padding: 24, maxWidth: 640 }}>
        {!q.data ? (
          <Skeleton active />
        ) : (
          <Form
            form={form}
            layout="vertical"
            onFinish={async (v) => {
              await save.mutateAsync({ name: v.name.trim(), email: orNull(v.email), notifyPref: v.notifyPref });
              // The header shows the display name from the session's user info.
              await qc.invalidateQueries();
              message.success(t('msg.saved'));
            }}
          >
            <Form.Item label={t('fields.username')} htmlFor="phjr-my-username">
              <Input id="phjr-my-username" value={q.data.username} disabled />
            </Form.Item>
            <Form.Item label={t('fields.org')} htmlFor="phjr-my-org">
              <Input id="phjr-my-org" value={q.data.orgName ?? ''} disabled />
            </Form.Item>
            <Form.Item name="name" label={t('fields.userName')} rules={rules('name', t('fields.userName'))}>
              <Input />
            </Form.Item>
            <Form.Item name="email" label={t('fields.email')} rules={rules('email', t('fields.email'))}>
              <Input />
            </Form.Item>
            <Form.Item name="notifyPref" label={t('fields.notifyPref')} extra={t('hint.notifyPref')}>
              <Radio.Group
                options={(['SITE', 'SMS', 'BOTH', 'NONE'] as const).map((p) => ({
                  value: p,
                  label: t(`notifyPref.${p}`),
                }))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Form>
        )}
      </section>
    </RoutePage>
  );
}
