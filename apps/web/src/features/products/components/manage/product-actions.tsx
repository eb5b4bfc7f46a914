import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_ACTIONS,
  type ProductAction,
  type ProductActor,
  type ProductDetail,
  type ProductStatus,
} from '@phjr/contract/products/product';
import { StateTag } from '../../../../components/StateTag.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { useProductAction, type ProductActionKey } from '../../api/manage-products.ts';

/** Who is looking: the provider (bank, guarantee company) or the operator's review. */
export type ProductRole = ProductActor;

/** The product's state in the colours of UI.md, named as the ProductStatus enum names it. */
export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const e = useEnum('ProductStatus');
  return <StateTag state={status} label={e.list.length ? e.label(status) : undefined} />;
}

/** The call of an action in a role (the operator's delist has its own path). */
function callOf(action: ProductAction, role: ProductRole): ProductActionKey | null {
  if (action === 'reject') return null;
  if (action === 'delist') return role === 'reviewer' ? 'reviewDelist' : 'delist';
  return action;
}

export interface ProductActionsProps {
  product: Pick<ProductDetail, 'id' | 'name' | 'status' | 'actions' | 'editReturnsToDraft'>;
  role: ProductRole;
  onEdit(): void;
  onReject(): void;
  /** Opens the detail drawer (left out inside the drawer itself). */
  onDetail?(): void;
  /** Row links (table) or buttons (drawer footer). */
  variant?: 'link' | 'button';
  /** After an action succeeded (the drawer closes after a remove). */
  onDone?(action: ProductAction | 'remove'): void;
}

/**
 * What the current user may do with a product now: exactly the server's `actions` of the row or detail (the rule that
 * also checks each request), each state change behind a confirmation that says what it means, reject with a reason.
 * `role` only picks the call (the operator's delist has its own path); the warning before an edit is the server's
 * `editReturnsToDraft`.
 */
export function ProductActions({
  product: p,
  role,
  onEdit,
  onReject,
  onDetail,
  variant = 'link',
  onDone,
}: ProductActionsProps) {
  const { t } = useTranslation('products');
  const { message, modal } = App.useApp();
  const act = useProductAction();
  const link = variant === 'link';
  const btn = {
    type: link ? ('link' as const) : ('default' as const),
    size: link ? ('small' as const) : ('middle' as const),
  };

  async function run(key: ProductActionKey, done: ProductAction | 'remove') {
    try {
      await act.mutateAsync({ action: key, id: p.id });
    } catch {
      return; // the request layer has told the user why (a product another user changed meanwhile, say)
    }
    void message.success(t(`msg.${done}`));
    onDone?.(done);
  }

  function edit() {
    // The server says whether this user's save takes the product back to draft: say so first.
    if (!p.editReturnsToDraft) {
      onEdit();
      return;
    }
    modal.confirm({
      title: t('manage.editConfirmTitle'),
      content: t('manage.editConfirm', { name: p.name }),
      okText: t('actions.continueEdit'),
      onOk: onEdit,
    });
  }

  const allowed = p.actions ?? [];
  const transitions = PRODUCT_ACTIONS.filter((a) => allowed.includes(a));
  return (
    <Space size={link ? 0 : 8} wrap>
      {onDetail ? (
        <Button {...btn} onClick={onDetail}>
          {t('actions.view')}
        </Button>
      ) : null}
      {transitions.map((a) => {
        const key = callOf(a, role);
        if (!key) {
          return (
            <Button key={a} {...btn} danger onClick={onReject}>
              {t('actions.reject')}
            </Button>
          );
        }
        return (
          <Popconfirm
            key={a}
            title={t(`confirm.${a}Title`)}
            description={t(`confirm.${a}`, { name: p.name })}
            okText={t(`actions.${a}`)}
            okButtonProps={{ danger: a === 'delist' }}
            onConfirm={() => run(key, a)}
          >
            <Button
              {...btn}
              type={!link && (a === 'approve' || a === 'submit') ? 'primary' : btn.type}
              danger={a === 'delist'}
            >
              {t(`actions.${a}`)}
            </Button>
          </Popconfirm>
        );
      })}
      {allowed.includes('edit') ? (
        <Button {...btn} onClick={edit}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {allowed.includes('remove') ? (
        <Popconfirm
          title={t('confirm.removeTitle')}
          description={t('confirm.remove', { name: p.name })}
          okText={t('actions.remove')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run('remove', 'remove')}
        >
          <Button {...btn} danger>
            {t('actions.remove')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
