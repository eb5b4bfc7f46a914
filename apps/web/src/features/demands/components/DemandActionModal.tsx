import { useEffect, useMemo } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REJECT_CODES, type DemandStatus, type DemandSummary, type RejectCode } from '@phjr/contract/demands/demand';
import { demandOps } from '@phjr/contract/demands/calls';
import { requiredRule, useFormRules } from '../../../lib/form-rules.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { runActionCall, useClosingTarget } from '../../../components/action-dialog.ts';
import { useDemandAction, useDemandDetail, type DemandActionName } from '../api/demands.ts';
import type { ProductLimits } from '@phjr/contract/demands/product-limits';
import { GrantRangeWarning, needsRangeConfirmation } from './GrantRangeWarning.tsx';
import {
  GuaranteeTermsFields,
  guaranteeDefaults,
  guaranteeRequest,
  type GuaranteeTermsValues,
} from './GuaranteeTermsFields.tsx';
import { useBankTree, useDemandBankUnits, useOwnUnits } from '../api/lookups.ts';
import type { UiAction } from './demand-model.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday } from '../../../lib/format.ts';
import { useRejectCodeLabel } from './use-demand-labels.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** The demand an action is about, as a list row or a detail has it. */
export type ActionSubject = Pick<
  DemandSummary,
  'id' | 'code' | 'status' | 'type' | 'amount' | 'term' | 'applicantName' | 'ownerOrgId' | 'targetOrgId' | 'regionCode'
>;

export interface ActionTarget {
  action: UiAction;
  demand: ActionSubject;
}

interface Values extends Omit<GuaranteeTermsValues, 'amount' | 'term'> {
  outOfRangeConfirmed?: boolean;
  reason?: string;
  code?: RejectCode;
  amount?: number;
  rate?: number;
  term?: number;
  grantedAt?: Dayjs;
  orgId?: number;
  message?: string;
}

/** Actions that are only a confirmation: no field to fill. */
const CONFIRM_ONLY: readonly UiAction[] = ['accept', 'guaranteeAccept', 'returnToPool'];

/**
 * One modal for every action on a demand: a confirmation, or the form the action's call needs (grant terms, a coded
 * reason, a bank unit, a message). The call's refusal is shown by the request layer; the lists refresh either way.
 */
export function DemandActionModal({
  target: open,
  onClose,
  onDone,
}: {
  target: ActionTarget | null;
  onClose(): void;
  onDone?(action: UiAction): void;
}) {
  const { t } = useTranslation('demands');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The dialog keeps its title and fields while it closes; each opening gets a fresh dialog (action-dialog.ts).
  const { target, serial, clear } = useClosingTarget(open);
  const action = target?.action ?? 'accept';
  const call = useDemandAction(action as DemandActionName);
  // The grant form warns outside the product's ranges: the detail carries them (a list row does not).
  const detail = useDemandDetail(target?.action === 'grant' ? target.demand.id : null);
  const limits = detail.data?.productLimits;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const d = open.demand;
    if (open.action === 'grant') form.setFieldsValue({ amount: d.amount, term: d.term, grantedAt: beijingToday() });
    if (open.action === 'guarantee') form.setFieldsValue(guaranteeDefaults(d));
  }, [open, form]);

  async function submit() {
    if (!target) return;
    const v = await form.validateFields();
    const id = target.demand.id;
    const trimmed = (s?: string) => (s?.trim() ? s.trim() : undefined);
    const bodies: Record<UiAction, object> = {
      accept: { id },
      guaranteeAccept: { id },
      returnToPool: { id },
      withdraw: { id, reason: trimmed(v.reason) },
      grant: {
        id,
        amount: v.amount,
        rate: v.rate,
        term: v.term,
        grantedAt: v.grantedAt?.format('YYYY-MM-DD'),
        ...(needsRangeConfirmation(limits, v) && v.outOfRangeConfirmed ? { outOfRangeConfirmed: true } : {}),
      },
      reject: { id, code: v.code, reason: trimmed(v.reason) },
      guaranteeReject: { id, code: v.code, reason: trimmed(v.reason) },
      guarantee: guaranteeRequest(id, v),
      handToBank: { id, bankOrgId: v.orgId },
      dispatch: { id, orgId: v.orgId },
      reassign: { id, bankOrgId: v.orgId, reason: trimmed(v.reason) },
      urge: { id, message: v.message?.trim() },
    };
    // A refused field (a rule only the server knows, or ranges not loaded yet) stays on its field (action-dialog.ts).
    await runActionCall(form, () => call.mutateAsync(bodies[target.action] as never), onClose);
    void message.success(t(`msg.${target.action}`, { code: target.demand.code }));
    onDone?.(target.action);
    onClose();
  }

  return (
    <Modal
      key={serial}
      open={open !== null}
      afterClose={clear}
      title={target ? t(`actionTitle.${target.action}`) : ''}
      okText={target ? t(`confirm.${target.action}`) : ''}
      okButtonProps={{ danger: target ? ['reject', 'guaranteeReject', 'withdraw'].includes(target.action) : false }}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={call.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {target ? (
        <>
          <p className="phjr-demand-action-subject">
            {t('actionSubject', { code: target.demand.code, name: target.demand.applicantName })}
          </p>
          {CONFIRM_ONLY.includes(target.action) ? (
            <Alert type="info" showIcon title={t(`actionHint.${target.action}`)} />
          ) : null}
          <Form form={form} name={`demand-${target.action}`} layout="vertical" requiredMark>
            <ActionFields target={target} limits={limits} productName={detail.data?.productName ?? null} />
          </Form>
        </>
      ) : null}
    </Modal>
  );
}

function ActionFields({
  target,
  limits,
  productName,
}: {
  target: ActionTarget;
  limits?: ProductLimits | null;
  productName: string | null;
}) {
  const { t } = useTranslation('demands');
  const grantRules = useFormRules(demandOps.grant.body);
  const reassignRules = useFormRules(demandOps.reassign.body);
  const urgeRules = useFormRules(demandOps.urge.body);
  const { action, demand } = target;
  switch (action) {
    case 'withdraw':
      return <WithdrawFields status={demand.status} />;
    case 'grant':
      return (
        <>
          <Form.Item
            name="amount"
            label={t('fields.grantedAmount')}
            rules={grantRules('amount', t('fields.grantedAmount'))}
          >
            <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
          </Form.Item>
          <Form.Item name="rate" label={t('fields.grantedRate')} rules={grantRules('rate', t('fields.grantedRate'))}>
            <InputNumber min={0} max={36} precision={2} step={0.05} style={{ width: '100%' }} suffix="%" />
          </Form.Item>
          <Form.Item name="term" label={t('fields.grantedTerm')} rules={grantRules('term', t('fields.grantedTerm'))}>
            <InputNumber min={0} max={360} precision={0} style={{ width: '100%' }} suffix={t('units.months')} />
          </Form.Item>
          <Form.Item
            name="grantedAt"
            label={t('fields.grantedAt')}
            rules={grantRules('grantedAt', t('fields.grantedAt'), {
              toRequest: (d) => (d as Dayjs | undefined)?.format('YYYY-MM-DD'),
            })}
          >
            <BeijingDatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
          </Form.Item>
          <GrantRangeWarning limits={limits} productName={productName} />
        </>
      );
    case 'reject':
    case 'guaranteeReject':
      return <RejectFields />;
    case 'guarantee':
      return <GuaranteeTermsFields />;
    case 'handToBank':
    case 'reassign':
      return (
        <>
          <BankUnitField
            label={action === 'handToBank' ? t('fields.handToBank') : t('fields.reassignTo')}
            exclude={demand.targetOrgId}
            regionCode={demand.regionCode}
          />
          {action === 'reassign' ? (
            <Form.Item
              name="reason"
              label={t('fields.reassignReason')}
              rules={reassignRules('reason', t('fields.reassignReason'))}
            >
              <Input.TextArea rows={3} maxLength={300} showCount />
            </Form.Item>
          ) : null}
        </>
      );
    case 'dispatch':
      return <DispatchField current={demand.ownerOrgId ?? demand.targetOrgId} />;
    case 'urge':
      return (
        <Form.Item name="message" label={t('fields.urgeMessage')} rules={urgeRules('message', t('fields.urgeMessage'))}>
          <Input.TextArea rows={4} maxLength={300} showCount placeholder={t('placeholders.urge')} />
        </Form.Item>
      );
    default:
      return null;
  }
}

/** Before acceptance a reason is optional; once accepted the applicant must say why (calls.ts). */
function WithdrawFields({ status }: { status: DemandStatus }) {
  const { t } = useTranslation('demands');
  const rules = useFormRules(demandOps.withdraw.body);
  // Optional in the request; the server asks for it once the demand was accepted.
  const required = status !== 'PENDING';
  return (
    <Form.Item
      name="reason"
      label={t('fields.withdrawReason')}
      extra={required ? t('hints.withdrawAccepted') : t('hints.withdrawPending')}
      rules={rules('reason', t('fields.withdrawReason'), { required })}
    >
      <Input.TextArea rows={3} maxLength={300} showCount />
    </Form.Item>
  );
}

/** A coded reason (REJECT_CODES); OTHER needs a text of at least two characters. */
function RejectFields() {
  const { t } = useTranslation('demands');
  const label = useRejectCodeLabel();
  const rules = useFormRules(demandOps.reject.body);
  const code = Form.useWatch<RejectCode | undefined>('code');
  return (
    <>
      <Form.Item name="code" label={t('fields.rejectCode')} rules={rules('code', t('fields.rejectCode'))}>
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={REJECT_CODES.map((c) => ({ value: c, label: label(c) }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('fields.rejectReason')}
        rules={[
          // The request's own refinement (OTHER needs a reason of two characters) is on the whole body, not the field.
          { required: code === 'OTHER', whitespace: true, message: t('rules.rejectReason') },
          { min: code === 'OTHER' ? 2 : 0, message: t('rules.rejectReason') },
          ...rules('reason', t('fields.rejectReason')),
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={300}
          showCount
          placeholder={code === 'OTHER' ? t('placeholders.rejectOther') : t('placeholders.rejectNote')}
        />
      </Form.Item>
    </>
  );
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** Flat rows linked by parentId → TreeSelect nodes (roots: rows whose parent is not in the list). */
export function toTree<R extends { id: number; name: string; parentId: number | null }>(
  rows: readonly R[],
): TreeNode[] {
  const nodes = new Map<number, TreeNode>(rows.map((r) => [r.id, { value: r.id, title: r.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/**
 * A bank unit, picked in the banks' tree (a head office or one of its branches and sub-branches). The operator
 * (org:read) sees every unit; guarantee companies and supervisors the units that may take a demand of its region
 * (demandOps.bankUnits), without the unit it is at now.
 */
export function BankUnitField({
  label,
  exclude,
  regionCode,
  name = 'orgId',
}: {
  label: string;
  exclude?: number | null;
  regionCode?: string;
  name?: string;
}) {
  const { t } = useTranslation('demands');
  const me = useCurrentUser();
  const canReadTree = me?.permissions.includes('org:read') ?? false;
  const tree = useBankTree(canReadTree);
  const units = useDemandBankUnits(regionCode, !canReadTree);
  const treeData = useMemo(
    () =>
      canReadTree
        ? toTree((tree.data ?? []).filter((o) => o.status === 'ACTIVE'))
        : toTree((units.data ?? []).filter((u) => u.id !== exclude)),
    [canReadTree, tree.data, units.data, exclude],
  );
  return (
    <Form.Item name={name} label={label} rules={[requiredRule(t, label, true)]}>
      <TreeSelect
        notFoundContent={pickerEmpty(t('common:pickers.noUnit'), canReadTree ? tree.isLoading : units.isLoading)}
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={treeData}
        loading={canReadTree ? tree.isLoading : units.isLoading}
        placeholder={t('placeholders.bankUnit')}
        treeDefaultExpandAll={false}
      />
    </Form.Item>
  );
}

/** A unit of the bank's own subtree (a head office dispatches to a branch or a sub-branch). */
function DispatchField({ current }: { current: number | null }) {
  const { t } = useTranslation('demands');
  const units = useOwnUnits();
  const rules = useFormRules(demandOps.dispatch.body);
  const treeData = useMemo(() => toTree((units.data ?? []).filter((u) => u.id !== current)), [units.data, current]);
  return (
    <Form.Item
      name="orgId"
      label={t('fields.dispatchTo')}
      extra={t('hints.dispatch')}
      rules={rules('orgId', t('fields.dispatchTo'), { choice: true })}
    >
      <TreeSelect
        notFoundContent={pickerEmpty(t('common:pickers.noUnit'), units.isLoading)}
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={treeData}
        loading={units.isLoading}
        placeholder={t('placeholders.unit')}
        treeDefaultExpandAll
      />
    </Form.Item>
  );
}
