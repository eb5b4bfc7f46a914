import { useEffect, useMemo, useState } from 'react';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REJECT_CODES, type DemandStatus, type DemandSummary, type RejectCode } from '@phjr/contract/demands/demand';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { RequestError } from '../../../lib/request.ts';
import { useDemandAction, type DemandActionName } from '../api/demands.ts';
import { useBankTree, useOwnUnits, useProductBanks } from '../api/lookups.ts';
import { shanghaiToday, type UiAction } from './demand-model.ts';
import { useRejectCodeLabel } from './use-demand-labels.ts';

/** The demand an action is about, as a list row or a detail has it. */
export type ActionSubject = Pick<DemandSummary, 'id' | 'code' | 'status' | 'type' | 'amount' | 'term' | 'applicantName' | 'ownerOrgId' | 'targetOrgId'>;

export interface ActionTarget {
  action: UiAction;
  demand: ActionSubject;
}

interface Values {
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
export function DemandActionModal({ target: open, onClose, onDone }: { target: ActionTarget | null; onClose(): void; onDone?(action: UiAction): void }) {
  const { t } = useTranslation('demands');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The dialog keeps its title and fields while it closes (and is named the same until it is gone).
  const [last, setLast] = useState<ActionTarget | null>(open);
  // Each opening gets a fresh dialog: antd's OK button can keep a finished call's loading state across openings.
  const [serial, setSerial] = useState(0);
  if (open && open !== last) {
    setLast(open);
    setSerial((n) => n + 1);
  }
  const target = open ?? last;
  const action = target?.action ?? 'accept';
  const call = useDemandAction(action as DemandActionName);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const d = open.demand;
    if (open.action === 'grant') form.setFieldsValue({ amount: d.amount, term: d.term, grantedAt: shanghaiToday() });
    if (open.action === 'guarantee') form.setFieldsValue({ amount: d.amount });
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
      grant: { id, amount: v.amount, rate: v.rate, term: v.term, grantedAt: v.grantedAt?.format('YYYY-MM-DD') },
      reject: { id, code: v.code, reason: trimmed(v.reason) },
      guaranteeReject: { id, code: v.code, reason: trimmed(v.reason) },
      guarantee: { id, amount: v.amount },
      handToBank: { id, bankOrgId: v.orgId },
      dispatch: { id, orgId: v.orgId },
      reassign: { id, bankOrgId: v.orgId, reason: trimmed(v.reason) },
      urge: { id, message: v.message?.trim() },
    };
    try {
      await call.mutateAsync(bodies[target.action] as never);
    } catch (err) {
      // Refused (already shown): a demand that moved meanwhile is not this user's to act on any more.
      if (err instanceof RequestError && err.kind === 'business') onClose();
      throw err;
    }
    void message.success(t(`msg.${target.action}`, { code: target.demand.code }));
    onDone?.(target.action);
    onClose();
  }

  return (
    <Modal
      key={serial}
      open={open !== null}
      afterClose={() => setLast(null)}
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
          {CONFIRM_ONLY.includes(target.action) ? <Alert type="info" showIcon title={t(`actionHint.${target.action}`)} /> : null}
          <Form form={form} name={`demand-${target.action}`} layout="vertical" requiredMark>
            <ActionFields target={target} />
          </Form>
        </>
      ) : null}
    </Modal>
  );
}

function ActionFields({ target }: { target: ActionTarget }) {
  const { t } = useTranslation('demands');
  const { action, demand } = target;
  switch (action) {
    case 'withdraw':
      return <WithdrawFields status={demand.status} />;
    case 'grant':
      return (
        <>
          <Form.Item name="amount" label={t('fields.grantedAmount')} rules={[{ required: true, message: t('rules.amount') }, { type: 'number', min: 0.1, max: 100_000, message: t('rules.amount') }]}>
            <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
          </Form.Item>
          <Form.Item name="rate" label={t('fields.grantedRate')} rules={[{ required: true, message: t('rules.rate') }, { type: 'number', min: 0, max: 36, message: t('rules.rate') }]}>
            <InputNumber min={0} max={36} precision={2} step={0.05} style={{ width: '100%' }} suffix="%" />
          </Form.Item>
          <Form.Item name="term" label={t('fields.grantedTerm')} rules={[{ required: true, message: t('rules.term') }, { type: 'integer', min: 1, max: 360, message: t('rules.term') }]}>
            <InputNumber min={0} max={360} precision={0} style={{ width: '100%' }} suffix={t('units.months')} />
          </Form.Item>
          <Form.Item name="grantedAt" label={t('fields.grantedAt')} rules={[{ required: true, message: t('rules.grantedAt') }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(shanghaiToday(), 'day')} />
          </Form.Item>
        </>
      );
    case 'reject':
    case 'guaranteeReject':
      return <RejectFields />;
    case 'guarantee':
      return (
        <Form.Item name="amount" label={t('fields.guaranteedAmount')} rules={[{ required: true, message: t('rules.amount') }, { type: 'number', min: 0.1, max: 100_000, message: t('rules.amount') }]}>
          <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
        </Form.Item>
      );
    case 'handToBank':
    case 'reassign':
      return (
        <>
          <BankUnitField label={action === 'handToBank' ? t('fields.handToBank') : t('fields.reassignTo')} exclude={demand.targetOrgId} />
          {action === 'reassign' ? (
            <Form.Item name="reason" label={t('fields.reassignReason')} rules={[{ max: 300, message: t('rules.max300') }]}>
              <Input.TextArea rows={3} maxLength={300} showCount />
            </Form.Item>
          ) : null}
        </>
      );
    case 'dispatch':
      return <DispatchField current={demand.ownerOrgId ?? demand.targetOrgId} />;
    case 'urge':
      return (
        <Form.Item
          name="message"
          label={t('fields.urgeMessage')}
          rules={[
            { required: true, whitespace: true, message: t('rules.urge') },
            { min: 2, message: t('rules.urge') },
            { max: 300, message: t('rules.max300') },
          ]}
        >
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
  const required = status !== 'PENDING';
  return (
    <Form.Item
      name="reason"
      label={t('fields.withdrawReason')}
      extra={required ? t('hints.withdrawAccepted') : t('hints.withdrawPending')}
      rules={[{ required, whitespace: true, message: t('rules.withdrawReason') }, { max: 300, message: t('rules.max300') }]}
    >
      <Input.TextArea rows={3} maxLength={300} showCount />
    </Form.Item>
  );
}

/** A coded reason (REJECT_CODES); OTHER needs a text of at least two characters. */
function RejectFields() {
  const { t } = useTranslation('demands');
  const label = useRejectCodeLabel();
  const code = Form.useWatch<RejectCode | undefined>('code');
  return (
    <>
      <Form.Item name="code" label={t('fields.rejectCode')} rules={[{ required: true, message: t('rules.rejectCode') }]}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={REJECT_CODES.map((c) => ({ value: c, label: label(c) }))} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('fields.rejectReason')}
        rules={[
          { required: code === 'OTHER', whitespace: true, message: t('rules.rejectReason') },
          { min: code === 'OTHER' ? 2 : 0, message: t('rules.rejectReason') },
          { max: 300, message: t('rules.max300') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={300} showCount placeholder={code === 'OTHER' ? t('placeholders.rejectOther') : t('placeholders.rejectNote')} />
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
export function toTree<R extends { id: number; name: string; parentId: number | null }>(rows: readonly R[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>(rows.map((r) => [r.id, { value: r.id, title: r.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/**
 * A bank unit. The operator (org:read) picks any unit of the bank tree; others pick a head office from the banks
 * with listed loans, the one public list of banks.
 */
export function BankUnitField({ label, exclude, name = 'orgId' }: { label: string; exclude?: number | null; name?: string }) {
  const { t } = useTranslation('demands');
  const me = useCurrentUser();
  const canReadTree = me?.permissions.includes('org:read') ?? false;
  const tree = useBankTree(canReadTree);
  const banks = useProductBanks(!canReadTree);
  const treeData = useMemo(() => toTree((tree.data ?? []).filter((o) => o.status === 'ACTIVE')), [tree.data]);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('rules.bank') }]}>
      {canReadTree ? (
        <TreeSelect showSearch={{ treeNodeFilterProp: 'title' }} treeData={treeData} loading={tree.isLoading} placeholder={t('placeholders.bankUnit')} treeDefaultExpandAll={false} />
      ) : (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={banks.isLoading}
          placeholder={t('placeholders.bank')}
          options={(banks.data ?? []).filter((b) => b.id !== exclude).map((b) => ({ value: b.id, label: b.name }))}
        />
      )}
    </Form.Item>
  );
}

/** A unit of the bank's own subtree (a head office dispatches to a branch or a sub-branch). */
function DispatchField({ current }: { current: number | null }) {
  const { t } = useTranslation('demands');
  const units = useOwnUnits();
  const treeData = useMemo(() => toTree((units.data ?? []).filter((u) => u.id !== current)), [units.data, current]);
  return (
    <Form.Item name="orgId" label={t('fields.dispatchTo')} extra={t('hints.dispatch')} rules={[{ required: true, message: t('rules.unit') }]}>
      <TreeSelect showSearch={{ treeNodeFilterProp: 'title' }} treeData={treeData} loading={units.isLoading} placeholder={t('placeholders.unit')} treeDefaultExpandAll />
    </Form.Item>
  );
}
