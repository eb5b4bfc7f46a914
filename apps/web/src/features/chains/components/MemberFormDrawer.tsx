import { useState } from 'react';
import { App, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PickerEmpty } from '../../../components/PickerEmpty.tsx';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { ChainEnterprise, ChainEnterpriseFields, ChainSummary } from '@phjr/contract/chains/chain';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useEnum } from '../../../lib/enums.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { lookupEnterpriseName, useCurrentUserChains, useSaveChainEnterprise } from '../api/chains.ts';
import { chainChoices } from './chain-model.ts';

/**
 * The member form (add or edit) and its fields, which the fix-and-register-again form reuses.
 *
 *   <MemberFormDrawer open={open} onClose={close} chainId={chainId} />     // add to a known chain
 *   <MemberFormDrawer open={open} onClose={close} />                       // add: the chain is chosen in the form
 *   <MemberFormDrawer open={open} onClose={close} chains={scoped} />       // …among those whose actions allow `addEnterprise`
 *   <MemberFormDrawer open={open} onClose={close} member={row} />          // edit (row.actions includes 'edit')
 *   <MemberFields form={form} rules={useFormRules(chainOps.registerAgain.body)} />   // the fields alone
 */

export type MemberValues = Omit<ChainEnterpriseFields, 'tags'> & {
  tags?: ChainEnterpriseFields['tags'];
  industrialChainId?: number;
};

/** The form's values as the request's fields: trimmed, blanks as null, the code in capitals. */
export function memberRequestFields(v: MemberValues): ChainEnterpriseFields {
  const text = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    creditCode: v.creditCode.trim().toUpperCase(),
    name: v.name.trim(),
    tier: v.tier,
    legalPerson: text(v.legalPerson),
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone),
    scale: v.scale ?? null,
    mainBusiness: text(v.mainBusiness),
    financingNeed: v.financingNeed ?? null,
    tags: v.tags ?? [],
  };
}

/**
 * The edit form's starting values: the member as the caller sees it. A phone shown masked (138****0000) goes back as
 * shown and the server keeps the stored number; typing another replaces it, emptying the field clears it.
 */
export function memberFormValues(member: ChainEnterprise | null): Partial<MemberValues> {
  if (!member) return { tags: [] };
  return {
    creditCode: member.creditCode,
    name: member.name,
    tier: member.tier,
    legalPerson: member.legalPerson,
    contactName: member.contactName,
    contactPhone: member.contactPhone,
    scale: member.scale,
    mainBusiness: member.mainBusiness,
    financingNeed: member.financingNeed,
    tags: member.tags,
  };
}

type Rules = ReturnType<typeof useFormRules>;

/** The editable fields of a member (ZChainEnterpriseFields); the name can be looked up by credit code. */
export function MemberFields({ form, rules }: { form: FormInstance<MemberValues>; rules: Rules }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const tier = useEnum('ChainTier');
  const scale = useEnum('EnterpriseScale');
  const tag = useEnum('ChainEnterpriseTag');
  const [looking, setLooking] = useState(false);

  async function lookup() {
    const code = String(form.getFieldValue('creditCode') ?? '').trim();
    try {
      await form.validateFields(['creditCode']);
    } catch {
      return;
    }
    setLooking(true);
    try {
      const r = await lookupEnterpriseName(code);
      if (r.name) {
        form.setFieldsValue({
          name: r.name,
          ...(r.legalPerson && !form.getFieldValue('legalPerson') ? { legalPerson: r.legalPerson } : {}),
        });
        void message.success(t('member.lookupFound'));
      } else void message.info(t('member.lookupNone'));
    } catch {
      void message.info(t('member.lookupNone'));
    } finally {
      setLooking(false);
    }
  }

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="creditCode"
            label={t('member.creditCode')}
            rules={rules('creditCode', t('member.creditCode'))}
          >
            <Input
              maxLength={18}
              style={{ textTransform: 'uppercase' }}
              suffix={
                <Button
                  type="link"
                  size="small"
                  icon={<SearchOutlined />}
                  loading={looking}
                  onClick={() => void lookup()}
                  aria-label={t('member.lookupName')}
                  title={t('member.lookupName')}
                />
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('member.name')} rules={rules('name', t('member.name'))}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="tier" label={t('member.tier')} rules={rules('tier', t('member.tier'))}>
            <Select options={tier.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="scale" label={t('member.scale')} rules={rules('scale', t('member.scale'))}>
            <Select allowClear options={scale.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="financingNeed"
            label={t('member.financingNeed')}
            rules={rules('financingNeed', t('member.financingNeed'))}
          >
            <InputNumber min={0} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="legalPerson"
            label={t('member.legalPerson')}
            rules={rules('legalPerson', t('member.legalPerson'))}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactName"
            label={t('member.contactName')}
            rules={rules('contactName', t('member.contactName'))}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactPhone"
            label={t('member.contactPhone')}
            rules={rules('contactPhone', t('member.contactPhone'), {
              toRequest: (v) => (typeof v === 'string' && v.trim() ? v.trim() : null),
            })}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="tags"
        label={t('member.tags')}
        rules={rules('tags', t('member.tags'), { toRequest: (v) => v ?? [] })}
      >
        <Select mode="multiple" allowClear options={tag.options} placeholder={t('placeholders.select')} />
      </Form.Item>
      <Form.Item
        name="mainBusiness"
        label={t('member.mainBusiness')}
        rules={rules('mainBusiness', t('member.mainBusiness'))}
      >
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

export function MemberFormDrawer({
  open,
  onClose,
  chainId,
  member,
  chains,
}: {
  open: boolean;
  onClose(): void;
  chainId?: number | null;
  member?: ChainEnterprise | null;
  /** The caller's chains with their `actions`: only those allowing `addEnterprise` are offered (default: every active chain). */
  chains?: readonly ChainSummary[];
}) {
  const { t } = useTranslation('chains');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={member ? t('member.editTitle') : t('member.addTitle')}
      size="min(760px, 100vw)"
      destroyOnHidden
    >
      {open ? (
        <MemberForm
          onClose={onClose}
          chainId={member?.industrialChainId ?? chainId ?? null}
          member={member ?? null}
          allowed={chains}
        />
      ) : null}
    </Drawer>
  );
}

function MemberForm({
  onClose,
  chainId,
  member,
  allowed,
}: {
  onClose(): void;
  chainId: number | null;
  member: ChainEnterprise | null;
  allowed?: readonly ChainSummary[];
}) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberValues>();
  const rules = useFormRules(chainOps.enterpriseSave.body);
  const save = useSaveChainEnterprise();
  const chains = useCurrentUserChains({ enabled: chainId === null && !allowed });

  async function submit() {
    const v = await form.validateFields();
    const industrialChainId = chainId ?? v.industrialChainId;
    if (!industrialChainId) return;
    const body = { ...memberRequestFields(v), industrialChainId, ...(member ? { id: member.id } : {}) };
    const saved = await save.mutateAsync(body);
    void message.success(t('done.memberSaved', { name: saved.name }));
    onClose();
  }

  const initial = memberFormValues(member);

  return (
    <Form<MemberValues> form={form} name="chain-member" layout="vertical" requiredMark initialValues={initial}>
      {chainId === null ? (
        <Form.Item
          name="industrialChainId"
          label={t('fields.chain')}
          rules={rules('industrialChainId', t('fields.chain'), { choice: true })}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={chains.isFetching}
            notFoundContent={chains.isFetching ? null : <PickerEmpty text={t('pickers.noChain')} />}
            placeholder={t('placeholders.select')}
            options={
              allowed
                ? chainChoices(allowed, 'addEnterprise')
                : (chains.data ?? []).filter((c) => c.status === 'ACTIVE').map((c) => ({ value: c.id, label: c.name }))
            }
          />
        </Form.Item>
      ) : null}
      <MemberFields form={form} rules={rules} />
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
