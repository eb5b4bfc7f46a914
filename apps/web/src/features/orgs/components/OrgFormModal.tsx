import { useEffect } from 'react';
import { App, Alert, Col, Divider, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_CLASSIFICATIONS, type OrgKind, type OrgRow } from '@phjr/contract/orgs/org-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { useRegions } from '../../../components/use-regions.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useSaveOrg } from '../api/orgs-admin.ts';
import { orNull } from './admin-form.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

export interface OrgFormTarget {
  /** The organisation being edited; absent when creating. */
  org?: OrgRow;
  /** Banks: the node a new branch hangs under. */
  parent?: OrgRow;
}

interface Values {
  name: string;
  shortName: string;
  classifiedType: OrgRow['classifiedType'];
  regionCode: string;
  creditCode?: string;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  admin?: { username: string; name: string; phone: string; password: string };
}

/** Create (with the admin account) or edit an organisation of one of the three lists. */
export function OrgFormModal({
  kind,
  target,
  onClose,
}: {
  kind: OrgKind;
  target: OrgFormTarget | null;
  onClose(): void;
}) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const regions = useRegions();
  const save = useSaveOrg();
  const rules = useFormRules(orgsOps.saveOrg.body);
  const editing = target?.org;
  const classes = KIND_CLASSIFICATIONS[kind];

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.org)
      form.setFieldsValue({
        ...target.org,
        creditCode: target.org.creditCode ?? undefined,
        contactName: target.org.contactName ?? undefined,
        contactPhone: target.org.contactPhone ?? undefined,
        address: target.org.address ?? undefined,
      });
    else form.setFieldsValue({ classifiedType: classes[0], regionCode: target.parent?.regionCode });
  }, [target, form, classes]);

  const title = editing
    ? t('title.editOrg')
    : target?.parent
      ? t('title.createBranchUnder', { name: target.parent.name })
      : t('title.createOrg');

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: editing?.id,
      kind,
      name: v.name,
      shortName: v.shortName,
      classifiedType: v.classifiedType,
      parentId: editing ? editing.parentId : (target?.parent?.id ?? null),
      regionCode: v.regionCode,
      creditCode: orNull(v.creditCode),
      contactName: orNull(v.contactName),
      contactPhone: orNull(v.contactPhone),
      address: orNull(v.address),
      admin: editing ? undefined : v.admin,
    });
    message.success(t('msg.saved'));
    onClose();
  }

  // A failed validation stays on its fields and a server refusal is shown by the request layer: neither is left as an
  // unhandled rejection (issue 30: "[pageerror] Object" when 新建机构 failed validation).
  return (
    <Modal
      open={target !== null}
      title={title}
      width={720}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      okText={t('actions.save')}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="org-form" layout="vertical" requiredMark>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('fields.orgName')} rules={rules('name', t('fields.orgName'))}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="shortName" label={t('fields.shortName')} rules={rules('shortName', t('fields.shortName'))}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="classifiedType"
              label={t('fields.classifiedType')}
              rules={rules('classifiedType', t('fields.classifiedType'))}
            >
              <Select
                disabled={classes.length === 1}
                options={classes.map((c) => ({ value: c, label: t(`classified.${c}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="regionCode"
              label={t('fields.region')}
              rules={rules('regionCode', t('fields.region'), { choice: true })}
            >
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
                placeholder={t('placeholder.selectRegion')}
                options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="creditCode"
              label={t('fields.creditCode')}
              rules={rules('creditCode', t('fields.creditCode'))}
            >
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label={t('fields.address')} rules={rules('address', t('fields.address'))}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="contactName"
              label={t('fields.contactName')}
              rules={rules('contactName', t('fields.contactName'))}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="contactPhone"
              label={t('fields.contactPhone')}
              rules={rules('contactPhone', t('fields.contactPhone'))}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        {editing ? null : (
          <>
            <Divider titlePlacement="start">{t('fields.adminAccount')}</Divider>
            <Alert type="info" showIcon title={t('hint.adminAccount')} style={{ marginBottom: 16 }} />
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name={['admin', 'username']}
                  label={t('fields.username')}
                  rules={rules(['admin', 'username'], t('fields.username'))}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name={['admin', 'name']}
                  label={t('fields.userName')}
                  rules={rules(['admin', 'name'], t('fields.userName'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name={['admin', 'phone']}
                  label={t('fields.phone')}
                  rules={rules(['admin', 'phone'], t('fields.phone'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name={['admin', 'password']}
                  label={t('fields.password')}
                  rules={rules(['admin', 'password'], t('fields.password'))}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </Modal>
  );
}
