import { useEffect } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { redirectEntryProblem, type SaveSettingsRequest } from '@phjr/contract/system/save-settings';
import type { SystemSettings } from '@phjr/contract/system/settings';
import { systemOps } from '@phjr/contract/system/system-ops';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useSaveSettings } from '../api/settings.ts';

type Values = Omit<SaveSettingsRequest, 'redirectAllowlist'> & { redirectAllowlist: string[] };

function valuesOf(s: SystemSettings): Values {
  return {
    sessionIdleMinutes: s.sessionIdleMinutes,
    sessionAbsoluteHours: s.sessionAbsoluteHours,
    slaAcceptDays: s.slaAcceptDays,
    slaDecisionDays: s.slaDecisionDays,
    toSyxUrl: s.toSyxUrl,
    firstLoanCentreUrl: s.firstLoanCentreUrl,
    redirectAllowlist: s.customRedirectAllowlist,
  };
}

/** Platform → configure, first tab: sessions, SLA days, external links and the redirect allowlist. */
export function SettingsForm({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSettings();
  const rules = useFormRules(systemOps.saveSettings.body);
  const builtIn = settings.redirectAllowlist.filter((e) => !settings.customRedirectAllowlist.includes(e));

  useEffect(() => form.setFieldsValue(valuesOf(settings)), [form, settings]);

  async function submit(values: Values) {
    const body = { ...values, redirectAllowlist: values.redirectAllowlist.map((e) => e.trim()).filter(Boolean) };
    await save.mutateAsync(body);
    void message.success(t('settings.saved'));
  }

  const number = (name: keyof Values, label: string, help: string, min: number, max: number) => (
    <Form.Item name={name} label={t(label)} extra={t(help)} rules={rules(name, t(label))}>
      <InputNumber min={min} max={max} precision={0} style={{ width: 180 }} />
    </Form.Item>
  );
  const url = (name: keyof Values, label: string, help?: string) => (
    <Form.Item name={name} label={t(label)} extra={help ? t(help) : undefined} rules={rules(name, t(label))}>
      <Input maxLength={500} />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v).catch(() => undefined)}
      initialValues={valuesOf(settings)}
      validateTrigger={['onChange', 'onBlur']}
    >
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('settings.session')} size="small" className="phjr-settings-card">
            {number('sessionIdleMinutes', 'settings.sessionIdleMinutes', 'settings.sessionIdleHelp', 5, 1440)}
            {number('sessionAbsoluteHours', 'settings.sessionAbsoluteHours', 'settings.sessionAbsoluteHelp', 1, 720)}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('settings.sla')} size="small" className="phjr-settings-card">
            {number('slaAcceptDays', 'settings.slaAcceptDays', 'settings.slaAcceptHelp', 1, 60)}
            {number('slaDecisionDays', 'settings.slaDecisionDays', 'settings.slaDecisionHelp', 1, 180)}
          </Card>
        </Col>
      </Row>
      <Card title={t('settings.links')} size="small" className="phjr-settings-card">
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            {url('toSyxUrl', 'settings.toSyxUrl', 'settings.toSyxUrlHelp')}
          </Col>
          <Col xs={24} lg={12}>
            {url('firstLoanCentreUrl', 'settings.firstLoanCentreUrl')}
          </Col>
        </Row>
      </Card>
      <Card title={t('settings.allowlist')} size="small" className="phjr-settings-card">
        <Typography.Paragraph type="secondary">{t('settings.allowlistHelp')}</Typography.Paragraph>
        <div style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('settings.builtIn')}：</Typography.Text>
          {builtIn.map((e) => (
            <Tag key={e}>{e}</Tag>
          ))}
        </div>
        <Form.List name="redirectAllowlist">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={field.name}
                    validateFirst
                    rules={[
                      // The contract's reason for this entry (its own message holds the entry itself), before the generic checks.
                      {
                        validator: async (_r, v?: string) => {
                          const p = v?.trim() && redirectEntryProblem(v.trim());
                          if (p) throw new Error(p);
                        },
                      },
                      ...rules(['redirectAllowlist', field.name], t('settings.allowlistEntry')),
                    ]}
                    style={{ width: 520, maxWidth: '70vw' }}
                  >
                    <Input
                      placeholder={t('settings.allowlistPlaceholder')}
                      aria-label={`${t('settings.allowlistEntry')} ${i + 1}`}
                      maxLength={300}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('settings.removeEntry')}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= 50}>
                {t('settings.addEntry')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
        <Button onClick={() => form.setFieldsValue(valuesOf(settings))}>{t('settings.reset')}</Button>
      </Space>
    </Form>
  );
}
