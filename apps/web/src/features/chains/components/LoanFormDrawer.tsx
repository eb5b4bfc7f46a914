import { App, Button, Drawer, Form, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { ChainEnterprise } from '@phjr/contract/chains/chain';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { beijingToday } from '../../../lib/format.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { LoanTermsFields } from '../../../components/LoanTermsFields.tsx';
import { useBankProductOptions, useSaveChainLoan } from '../api/chains.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * A bank records a loan to a member (chainOps.loanSave): amount (万元), rate (%), term (months), day (not after
 * Beijing today) and optionally one of its own listed products (CHAIN_PRODUCT_NOT_OWN otherwise).
 *
 *   <LoanFormDrawer member={row} open={!!row} onClose={() => setRow(null)} />
 *   <LoanFormDrawer member={row} open onClose={close} bankId={headOfficeId} />   // products of that head office
 *
 * `bankId` defaults to the signed-in user's organisation (a head office's staff); a branch passes its head office.
 * Show it only when `member.actions` includes 'loan'.
 */

interface Values {
  amount: number;
  rate: number;
  term: number;
  loanDate: Dayjs;
  productId?: number | null;
}

export function LoanFormDrawer({
  member,
  open,
  onClose,
  onSaved,
  bankId,
}: {
  member: ChainEnterprise | null;
  open: boolean;
  onClose(): void;
  onSaved?(loan: { id: number }): void;
  bankId?: number | null;
}) {
  const { t } = useTranslation('chains');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={member ? `${t('loan.formTitle')} · ${member.name}` : t('loan.formTitle')}
      size="min(640px, 100vw)"
      destroyOnHidden
    >
      {open && member ? <LoanForm member={member} onClose={onClose} onSaved={onSaved} bankId={bankId} /> : null}
    </Drawer>
  );
}

function LoanForm({
  member,
  onClose,
  onSaved,
  bankId,
}: {
  member: ChainEnterprise;
  onClose(): void;
  onSaved?(loan: { id: number }): void;
  bankId?: number | null;
}) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(chainOps.loanSave.body);
  const save = useSaveChainLoan();
  const user = useCurrentUser();
  const bank = bankId ?? user?.orgId ?? null;
  const products = useBankProductOptions(bank);

  async function submit() {
    const v = await form.validateFields();
    const saved = await save.mutateAsync({
      enterpriseId: member.id,
      amount: v.amount,
      rate: v.rate,
      term: v.term,
      loanDate: v.loanDate.format('YYYY-MM-DD'),
      productId: v.productId ?? null,
    });
    void message.success(t('done.loanSaved'));
    onSaved?.(saved);
    onClose();
  }

  return (
    <Form<Values>
      form={form}
      name="chain-loan"
      layout="vertical"
      requiredMark
      initialValues={{ loanDate: beijingToday() }}
    >
      <Typography.Paragraph type="secondary">
        {member.chainName} · {member.creditCode}
      </Typography.Paragraph>
      <LoanTermsFields
        labels={{
          amount: t('loan.amount'),
          rate: t('loan.rate'),
          term: t('loan.term'),
          date: t('loan.loanDate'),
          wan: t('units.wan'),
          months: t('units.months'),
        }}
        dateName="loanDate"
        rules={rules}
      />
      <Form.Item name="productId" label={t('loan.product')} extra={t('loan.productHint')}>
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noProduct'), products.isFetching)}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={products.isFetching}
          placeholder={t('placeholders.select')}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
