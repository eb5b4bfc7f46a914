import type { ReactNode } from 'react';
import { App, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import type { FarmerFailRecord } from '@phjr/contract/farmers/farmer';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { FixHint, useImportErrorsOnFields } from '../../../components/import/FailedRowParts.tsx';
import { runActionCall } from '../../../components/action-dialog.ts';
import { useEnum } from '../../../lib/enums.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useRegisterFarmerAgain } from '../api/farmers.ts';
import { columnKey, failRecordToFields, type FarmerFormValues } from './farmer-model.ts';
import { VillagePicker } from './RegionPickers.tsx';
import './farmers.css';

/**
 * Fix a failed import row and register it again (farmerOps.registerAgain): the record's form prefilled with the row's
 * cells as read, the import's errors shown on their fields at once. The ID number and phone come masked and may be
 * left so: the server then uses the row's own cells. Errors the server finds (an ID number in another district, drawn
 * above granted) land on their fields too.
 *
 *   <RegisterAgainDrawer record={fixing} onClose={() => setFixing(null)} />
 */
export function RegisterAgainDrawer({ record, onClose }: { record: FarmerFailRecord | null; onClose(): void }) {
  const { t } = useTranslation('farmers');
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={t('fail.fixTitle')}
      size="min(820px, 100vw)"
      destroyOnHidden
    >
      {record ? <RegisterAgainForm record={record} onClose={onClose} /> : null}
    </Drawer>
  );
}

type Values = FarmerFormValues;

/** The request from the form: optional text blank is null; land and the amounts with a default (granted, drawn, need) blank are 0. */
export function registerAgainBody(v: Values, failRecordId: number) {
  const text = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
  const zero = (n: number | null | undefined) => (n === null || n === undefined ? 0 : n);
  return {
    failRecordId,
    kind: v.kind!,
    name: (v.name ?? '').trim(),
    idNumber: (v.idNumber ?? '').trim().toUpperCase(),
    phone: text(v.phone),
    villageCode: v.villageCode ?? '',
    grid: text(v.grid),
    landArea: zero(v.landArea),
    landTenure: v.landTenure ?? null,
    mainProducts: text(v.mainProducts),
    annualIncome: v.annualIncome ?? null,
    assets: v.assets ?? null,
    liabilities: v.liabilities ?? null,
    overdueCount: v.overdueCount ?? null,
    yearsFarming: v.yearsFarming ?? null,
    creditGranted: zero(v.creditGranted),
    creditDrawn: zero(v.creditDrawn),
    financingNeed: zero(v.financingNeed),
    needPurpose: text(v.needPurpose),
  };
}

function RegisterAgainForm({ record, onClose }: { record: FarmerFailRecord; onClose(): void }) {
  const { t } = useTranslation('farmers');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(farmerOps.registerAgain.body);
  const save = useRegisterFarmerAgain();
  useImportErrorsOnFields(form, record.errors, columnKey);

  async function submit() {
    const v = await form.validateFields();
    // Errors the server finds (an ID number in another district, drawn above granted) land on their fields.
    await runActionCall(
      form,
      () => save.mutateAsync(registerAgainBody(v, record.id)),
      () => undefined,
    );
    void message.success(t('fail.registered', { name: (v.name ?? '').trim() }));
    onClose();
  }

  return (
    <Form<Values>
      form={form}
      name="farmer-register-again"
      layout="vertical"
      requiredMark
      initialValues={failRecordToFields(record)}
    >
      <FixHint title={t('fail.fixHint')} errors={record.errors} columnKey={columnKey} />
      <Typography.Paragraph type="secondary">
        {t('fail.byImport', { id: record.importRecordId })} · {t('import.rowNo')} {record.rowNo}
      </Typography.Paragraph>
      <FarmerFields rules={rules} idFaulty={record.errors.some((e) => columnKey(e.column) === 'idNumber')} />
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.registerAgain')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

/** The record's fields, in the template's order, with the contract's rules. */
function FarmerFields({ rules, idFaulty }: { rules: ReturnType<typeof useFormRules>; idFaulty: boolean }) {
  const { t } = useTranslation('farmers');
  const kind = useEnum('FarmerKind');
  const tenure = useEnum('LandTenure');
  const item = (name: keyof Values, node: ReactNode, extra?: string) => (
    <Form.Item name={name} label={t(`columns.${name}`)} rules={rules(name, t(`columns.${name}`))} extra={extra}>
      {node}
    </Form.Item>
  );
  const number = (max: number, precision: number, unit?: string) => (
    <InputNumber min={0} max={max} precision={precision} style={{ width: '100%' }} suffix={unit} />
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        {item('kind', <Select options={kind.options} placeholder={t('placeholders.select')} />)}
      </Col>
      <Col xs={24} md={12}>
        {item('name', <Input maxLength={60} />)}
      </Col>
      <Col xs={24} md={12}>
        {item(
          'idNumber',
          <Input maxLength={18} autoComplete="off" className="phjr-farmer-id" />,
          idFaulty ? t('fail.typeFullId') : t('fail.maskedKept'),
        )}
      </Col>
      <Col xs={24} md={12}>
        {item('phone', <Input maxLength={11} autoComplete="off" className="phjr-farmer-id" />)}
      </Col>
      <Col xs={24} md={12}>
        {item('villageCode', <VillagePicker />)}
      </Col>
      <Col xs={24} md={12}>
        {item('grid', <Input maxLength={40} />)}
      </Col>
      <Col xs={24} md={12}>
        {item('landArea', number(1_000_000, 2, t('units.mu')))}
      </Col>
      <Col xs={24} md={12}>
        {item('landTenure', <Select allowClear options={tenure.options} placeholder={t('placeholders.select')} />)}
      </Col>
      <Col xs={24}>{item('mainProducts', <Input maxLength={100} />)}</Col>
      <Col xs={24} md={8}>
        {item('annualIncome', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24} md={8}>
        {item('assets', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24} md={8}>
        {item('liabilities', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24} md={12}>
        {item('overdueCount', number(99, 0, t('units.times')))}
      </Col>
      <Col xs={24} md={12}>
        {item('yearsFarming', number(80, 0, t('units.years')))}
      </Col>
      <Col xs={24} md={8}>
        {item('creditGranted', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24} md={8}>
        {item('creditDrawn', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24} md={8}>
        {item('financingNeed', number(100_000, 2, t('units.wan')))}
      </Col>
      <Col xs={24}>{item('needPurpose', <Input maxLength={100} />)}</Col>
    </Row>
  );
}
