import { App, Button, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { useSetChainAccess, useSetOrgStatus } from '../api/orgs-admin.ts';

/** The switch where the server lists `chainAccess` (banks and government departments, for a manager). */
export function ChainAccessSwitch({ org }: { org: OrgRow }) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const set = useSetChainAccess();
  const canSwitch = org.actions.includes('chainAccess');
  // Without the action, an organisation that has chain access still shows it, read-only.
  if (!canSwitch && !org.chainAccess) return <span>-</span>;
  return (
    <Switch
      size="small"
      checked={org.chainAccess}
      disabled={!canSwitch}
      loading={set.isPending}
      aria-label={`${t('fields.chainAccess')} ${org.name}`}
      onChange={async (chainAccess) => {
        await set.mutateAsync({ id: org.id, chainAccess });
        message.success(chainAccess ? t('msg.chainOn') : t('msg.chainOff'));
      }}
    />
  );
}

/**
 * Row actions, exactly the server's `actions` of the row: edit, a branch under a bank (`onCreateBranch`), and enable or
 * disable (with confirmation, since it disables accounts).
 */
export function OrgRowActions({
  org,
  onEdit,
  onCreateBranch,
}: {
  org: OrgRow;
  onEdit(): void;
  onCreateBranch?(): void;
}) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const setStatus = useSetOrgStatus();
  const disabling = org.actions.includes('disable');
  return (
    <Space size={0} wrap>
      {onCreateBranch && org.actions.includes('createBranch') ? (
        <Button type="link" size="small" onClick={onCreateBranch}>
          {t('actions.createBranch')}
        </Button>
      ) : null}
      {org.actions.includes('edit') ? (
        <Button type="link" size="small" onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {disabling || org.actions.includes('enable') ? (
        <Popconfirm
          title={disabling ? t('msg.confirmDisableOrg', { name: org.name }) : t('actions.enable')}
          onConfirm={async () => {
            await setStatus.mutateAsync({ id: org.id, status: disabling ? 'DISABLED' : 'ACTIVE' });
            message.success(disabling ? t('msg.disabled') : t('msg.enabled'));
          }}
        >
          <Button type="link" size="small" danger={disabling}>
            {disabling ? t('actions.disable') : t('actions.enable')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
