import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { App, Button, Descriptions, Form, Grid, Input, Skeleton } from 'antd';
import { accountOps } from '@phjr/contract/auth/account';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountForm, useAccountInfo } from '../api/accounts.ts';
import { CertTag } from '../components/CertTag.tsx';
import { useFormRules } from '../../../lib/form-rules.ts';

/** /userClient/my/accountInfo: the account with masked phone and identity number; name and email editable. */
export default function UserAccountInfoPage() {
  const { t } = useTranslation('auth');
  const narrow = !Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const info = useAccountInfo();
  const save = useAccountForm(accountOps.updateInfo);
  const rules = useFormRules(accountOps.updateInfo.body);
  const a = info.data;
  const nameLabel = a?.accountType === 'ENTERPRISE' && !a.actingFor ? t('fields.enterpriseName') : t('fields.name');

  return (
    <RoutePage
      extra={
        a && a.certStatus !== 'CERTIFIED' && !a.actingFor ? (
          <Link to="/userClient/certification">
            <Button type="primary">{t('account.toCertify')}</Button>
          </Link>
        ) : null
      }
    >
      <section className="phjr-panel">
        {!a ? (
          <Skeleton active />
        ) : (
          <>
            <Descriptions
              bordered
              // On a phone the label sits above its value: side by side, a label and a tag overflow 375 px in English.
              layout={narrow ? 'vertical' : 'horizontal'}
              column={{ xs: 1, md: 2 }}
              style={{ marginBottom: 24 }}
              items={[
                { key: 'username', label: t('account.username'), children: a.username },
                {
                  key: 'type',
                  label: t('account.type'),
                  children: t(`account.types.${a.accountType}`, { defaultValue: a.accountType }),
                },
                { key: 'phone', label: t('fields.phone'), children: a.phone ?? t('phone.none') },
                { key: 'cert', label: t('account.cert'), children: <CertTag status={a.certStatus} /> },
                ...(a.creditCode ? [{ key: 'cc', label: t('fields.creditCode'), children: a.creditCode }] : []),
                ...(a.legalRep ? [{ key: 'lr', label: t('fields.legalRep'), children: a.legalRep }] : []),
                ...(a.idNumber ? [{ key: 'id', label: t('fields.idNumber'), children: a.idNumber }] : []),
                ...(a.actingFor ? [{ key: 'act', label: t('account.actingFor'), children: a.actingFor.name }] : []),
                ...(a.certStatus === 'REJECTED' && a.certReason
                  ? [{ key: 'reason', label: t('cert.reason'), children: a.certReason }]
                  : []),
              ]}
            />
            <Form
              layout="vertical"
              style={{ maxWidth: 480 }}
              initialValues={{ name: a.name, email: a.email ?? '' }}
              onFinish={(v: { name: string; email: string }) =>
                save.mutate(v, { onSuccess: () => void message.success(t('account.saved')) })
              }
            >
              <Form.Item
                name="name"
                label={nameLabel}
                rules={rules('name', nameLabel)}
                extra={a.certStatus === 'CERTIFIED' && !a.actingFor ? t('account.nameLocked') : undefined}
              >
                <Input maxLength={100} disabled={a.certStatus === 'CERTIFIED' && !a.actingFor} />
              </Form.Item>
              <Form.Item name="email" label={t('fields.email')} rules={rules('email', t('fields.email'))}>
                <Input maxLength={120} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('account.save')}
              </Button>
            </Form>
          </>
        )}
      </section>
    </RoutePage>
  );
}
