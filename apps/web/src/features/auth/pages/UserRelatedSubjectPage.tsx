import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { accountOps, type RelatedSubject } from '@phjr/contract/auth/account';
import { smsOps } from '@phjr/contract/auth/sms';
import { useFormRules } from '../../../lib/form-rules.ts';
import { formatDate } from '../../../lib/format.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { fetchEntDetail, useAccountForm, useRelatedSubjects } from '../api/accounts.ts';
import { usePasswordCheckedForm } from '../api/password-checked.ts';
import { CaptchaField, PasswordCheckAlert } from '../components/PasswordCheckFields.tsx';
import { SmsCodeField } from '../components/SmsCodeField.tsx';

interface Values {
  creditCode: string;
  via: 'password' | 'sms';
  password?: string;
  smsCode?: string;
  entPhone?: string;
  captchaCode?: string;
}

/** The page lives in the address (the server answers every linked enterprise; they are paged here). */
const subjectList = defineList({ filters: {} });

/** /userClient/my/relatedSubject: a person links enterprises it may act for, and unlinks them. */
export default function UserRelatedSubjectPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const list = useListQuery(subjectList);
  const subjects = useRelatedSubjects();
  // Wrong enterprise passwords count against the enterprise and this account: captcha after 3, lock after 5.
  const link = usePasswordCheckedForm(accountOps.relateSubject);
  const unlink = useAccountForm(accountOps.unrelateSubject);
  const [open, setOpen] = useState(false);
  const [entName, setEntName] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.relateSubject.body);
  // The enterprise's phone only asks for the code (smsOps.sendCode); the request carries the code.
  const phoneRules = useFormRules(smsOps.sendCode.body);
  const via = Form.useWatch('via', form) ?? 'password';

  const onFinish = (v: Values) =>
    link.submit(
      {
        creditCode: v.creditCode.trim().toUpperCase(),
        ...(v.via === 'password' ? { password: v.password, captchaCode: v.captchaCode } : { smsCode: v.smsCode }),
      },
      (outcome) => {
        if (!outcome.ok) {
          form.setFieldValue('captchaCode', '');
          return;
        }
        void message.success(t('subject.linked'));
        setOpen(false);
        form.resetFields();
      },
    );

  const openModal = () => {
    link.reset();
    setOpen(true);
  };

  const columns: TableColumnsType<RelatedSubject> = [
    { title: t('fields.enterpriseName'), dataIndex: 'name' },
    { title: t('fields.creditCode'), dataIndex: 'creditCode' },
    {
      title: t('account.cert'),
      dataIndex: 'certified',
      render: (c: boolean) => (c ? t('cert.status.CERTIFIED') : t('cert.status.NONE')),
    },
    { title: t('subject.linkedAt'), dataIndex: 'createdAt', render: (d: string) => formatDate(d) },
    {
      title: t('common.actions'),
      key: 'op',
      render: (_, r) => (
        <Popconfirm
          title={t('subject.unlinkConfirm')}
          onConfirm={() => unlink.mutate({ enterpriseUserId: r.enterpriseUserId })}
        >
          <Button type="link" danger>
            {t('subject.unlink')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={openModal}>
          {t('subject.add')}
        </Button>
      }
    >
      <ListTable<RelatedSubject>
        list={list}
        data={subjects.data}
        loading={subjects.isPending}
        rowKey="enterpriseUserId"
        emptyText={t('subject.empty')}
        columns={columns}
      />
      <Modal
        open={open}
        title={t('subject.add')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={link.pending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ via: 'password' }} preserve={false}>
          <PasswordCheckAlert check={link} />
          <Form.Item
            name="creditCode"
            label={t('fields.creditCode')}
            rules={rules('creditCode', t('fields.creditCode'))}
            extra={entName}
          >
            <Input
              maxLength={18}
              onBlur={async (e) => {
                const code = e.target.value.trim().toUpperCase();
                setEntName(code.length === 18 ? ((await fetchEntDetail(code).catch(() => null))?.name ?? null) : null);
              }}
            />
          </Form.Item>
          <Form.Item name="via" label={t('subject.via')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'password', label: t('subject.viaPassword') },
                { value: 'sms', label: t('subject.viaSms') },
              ]}
            />
          </Form.Item>
          {via === 'password' ? (
            <>
              <Form.Item
                name="password"
                label={t('subject.mainPassword')}
                rules={rules('password', t('subject.mainPassword'), { required: true })}
              >
                <Input.Password maxLength={128} autoComplete="off" />
              </Form.Item>
              <CaptchaField check={link} />
            </>
          ) : (
            <>
              <Form.Item
                name="entPhone"
                label={t('subject.entPhone')}
                rules={phoneRules('phone', t('subject.entPhone'))}
              >
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item
                name="smsCode"
                label={t('fields.smsCode')}
                rules={rules('smsCode', t('fields.smsCode'), { required: true })}
              >
                <SmsCodeField
                  target={{
                    kind: 'captcha',
                    purpose: 'RELATE_SUBJECT',
                    phone: () => form.getFieldValue('entPhone')?.trim(),
                  }}
                />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </RoutePage>
  );
}
