import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AutoComplete, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountInfo, useCertification, useCertify, useEntSearch } from '../api/accounts.ts';
import { CertTag } from '../components/CertTag.tsx';
import { ZCertifyRequest } from '@phjr/contract/auth/certification';
import { useFormRules } from '../../../lib/form-rules.ts';

/**
 * /userClient/certification: enterprises give name, credit code and legal representative (checked against the
 * registry); persons give name and identity number. The outcome is shown on /certificationTip.
 */
export default function UserCertificationPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const info = useAccountInfo();
  const cert = useCertification();
  const certify = useCertify();
  const [form] = Form.useForm<Record<string, string>>();
  const rules = useFormRules(ZCertifyRequest);
  const [keyword, setKeyword] = useState('');
  const found = useEntSearch(keyword);
  const enterprise = info.data?.accountType === 'ENTERPRISE';

  const onFinish = (v: Record<string, string>) =>
    certify.mutate(v, {
      onSuccess: (r) => {
        const q = new URLSearchParams({
          status: r.status === 'CERTIFIED' ? 'success' : 'fail',
          ...(r.reason ? { reason: r.reason } : {}),
        });
        void navigate(`/certificationTip?${q.toString()}`);
      },
    });

  return (
    <RoutePage>
      <section className="phjr-panel">
        {!info.data || !cert.data ? (
          <Skeleton active />
        ) : (
          <>
            <Descriptions
              column={1}
              style={{ marginBottom: 24 }}
              items={[
                { key: 's', label: t('account.cert'), children: <CertTag status={cert.data.status} /> },
                ...(cert.data.status === 'REJECTED' && cert.data.reason
                  ? [{ key: 'r', label: t('cert.reason'), children: cert.data.reason }]
                  : []),
              ]}
            />
            <Form
              form={form}
              layout="vertical"
              style={{ maxWidth: 520 }}
              onFinish={onFinish}
              initialValues={
                enterprise
                  ? {
                      enterpriseName: info.data.name,
                      creditCode: info.data.creditCode ?? '',
                      legalRep: info.data.legalRep ?? '',
                    }
                  : { name: info.data.name }
              }
            >
              {enterprise ? (
                <>
                  <Form.Item
                    name="enterpriseName"
                    label={t('fields.enterpriseName')}
                    rules={rules('enterpriseName', t('fields.enterpriseName'))}
                    extra={t('cert.searchHint')}
                  >
                    <AutoComplete
                      onSearch={setKeyword}
                      options={(found.data ?? []).map((e) => ({
                        value: e.name,
                        label: `${e.name}（${e.creditCode}）`,
                        ent: e,
                      }))}
                      onSelect={(_, o) => form.setFieldsValue({ creditCode: o.ent.creditCode })}
                    >
                      <Input maxLength={100} />
                    </AutoComplete>
                  </Form.Item>
                  <Form.Item
                    name="creditCode"
                    label={t('fields.creditCode')}
                    rules={rules('creditCode', t('fields.creditCode'))}
                  >
                    <Input maxLength={18} disabled={!!info.data.creditCode} />
                  </Form.Item>
                  <Form.Item
                    name="legalRep"
                    label={t('fields.legalRep')}
                    rules={rules('legalRep', t('fields.legalRep'))}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                </>
              ) : (
                <>
                  <Form.Item name="name" label={t('fields.name')} rules={rules('name', t('fields.name'))}>
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item
                    name="idNumber"
                    label={t('fields.idNumber')}
                    rules={rules('idNumber', t('fields.idNumber'))}
                  >
                    <Input maxLength={18} />
                  </Form.Item>
                </>
              )}
              <Button type="primary" htmlType="submit" loading={certify.isPending}>
                {t('cert.submit')}
              </Button>
            </Form>
          </>
        )}
      </section>
    </RoutePage>
  );
}
