import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Modal, Popconfirm, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@phjr/contract/orgs/user-admin';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { useRoles, useSetUserRoles, useSetUserStatus, useUserDetail } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * Enable or disable an account when the server lists it among the row's `actions` (never one's own); disabling ends
 * its sessions at once (the server does it).
 */
export function UserStatusButton({
  user,
  onStatus,
}: {
  user: { userId: number; name: string; actions: readonly string[] };
  onStatus?: (s: 'ACTIVE' | 'DISABLED') => Promise<unknown>;
}) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const setStatus = useSetUserStatus();
  const disabling = user.actions.includes('disable');
  if (!disabling && !user.actions.includes('enable')) return null;
  const apply = onStatus ?? ((status: 'ACTIVE' | 'DISABLED') => setStatus.mutateAsync({ userId: user.userId, status }));
  return (
    <Popconfirm
      title={disabling ? t('msg.confirmDisable', { name: user.name }) : t('actions.enable')}
      onConfirm={async () => {
        await apply(disabling ? 'DISABLED' : 'ACTIVE');
        message.success(disabling ? t('msg.disabled') : t('msg.enabled'));
      }}
    >
      <Button type="link" size="small" danger={disabling}>
        {disabling ? t('actions.disable') : t('actions.enable')}
      </Button>
    </Popconfirm>
  );
}

/**
 * Issue 30: an administrator's password reset, when the server lists `resetPassword` among the row's actions. The
 * temporary password the server answers is shown once, in a dialog, to be handed over; the account must change it.
 */
export function ResetPasswordButton({
  user,
  reset,
}: {
  user: { userId: number; name: string; actions: readonly string[] };
  reset: (userId: number) => Promise<{ temporaryPassword: string }>;
}) {
  const { t } = useTranslation('orgs');
  const [shown, setShown] = useState<string | null>(null);
  if (!user.actions.includes('resetPassword')) return null;
  return (
    <>
      <Popconfirm
        title={t('passwordReset.confirm', { name: user.name })}
        description={<span style={{ display: 'block', maxWidth: 280 }}>{t('passwordReset.confirmHint')}</span>}
        onConfirm={async () => setShown((await reset(user.userId)).temporaryPassword)}
      >
        <Button type="link" size="small">
          {t('actions.resetPassword')}
        </Button>
      </Popconfirm>
      <Modal
        open={shown !== null}
        title={t('passwordReset.doneTitle', { name: user.name })}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            {t('passwordReset.close')}
          </Button>
        }
      >
        <p>{t('passwordReset.doneHint')}</p>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('passwordReset.temporaryPassword')}>
            <Typography.Text copyable={{ text: shown ?? '' }} code data-testid="temporary-password">
              {shown}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Modal>
    </>
  );
}

export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  const q = useUserDetail(userId);
  const u = q.data;
  return (
    <Drawer open={userId !== null} onClose={onClose} title={t('title.userDetail')} size={560}>
      {!u ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={u.accountType === 'ENTERPRISE' ? t('fields.enterpriseName') : t('fields.userName')}>
            {u.name}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.username')}>{u.username}</Descriptions.Item>
          <Descriptions.Item label={t('fields.accountType')}>{t(`accountType.${u.accountType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.phone')}>{u.phone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.email')}>{u.email ?? '-'}</Descriptions.Item>
          {u.creditCode ? <Descriptions.Item label={t('fields.creditCode')}>{u.creditCode}</Descriptions.Item> : null}
          {u.legalRep ? <Descriptions.Item label={t('fields.legalRep')}>{u.legalRep}</Descriptions.Item> : null}
          {u.idNumber ? <Descriptions.Item label={t('fields.idNumber')}>{u.idNumber}</Descriptions.Item> : null}
          {u.orgName ? <Descriptions.Item label={t('fields.org')}>{u.orgName}</Descriptions.Item> : null}
          <Descriptions.Item label={t('fields.region')}>
            {regionName(regions.data, u.regionCode) ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.certified')}>
            <Tag color={u.certified ? 'green' : 'default'}>{u.certified ? t('certified.yes') : t('certified.no')}</Tag>
            {u.certReason ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.roles')}>
            {u.roles.map((r) => r.name).join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <StateTag state={u.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(u.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.lastLoginAt')}>{formatDateTime(u.lastLoginAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/** Assign roles of the user's account type. */
export function UserRolesModal({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const roles = useRoles(user !== null);
  const setRoles = useSetUserRoles();
  const [roleIds, setRoleIds] = useState<number[]>([]);
  useEffect(() => setRoleIds(user?.roles.map((r) => r.id) ?? []), [user]);
  return (
    <Modal
      open={user !== null}
      title={user ? t('title.assignRoles', { name: user.name }) : ''}
      onCancel={onClose}
      confirmLoading={setRoles.isPending}
      okText={t('actions.save')}
      onOk={async () => {
        if (!user) return;
        await setRoles.mutateAsync({ userId: user.userId, roleIds });
        message.success(t('msg.saved'));
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('fields.roles')} extra={t('hint.rolesFollow')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noRole'))}
            mode="multiple"
            value={roleIds}
            onChange={setRoleIds}
            placeholder={t('placeholder.selectRoles')}
            options={(roles.data ?? [])
              .filter((r) => r.accountType === user?.accountType)
              .map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
