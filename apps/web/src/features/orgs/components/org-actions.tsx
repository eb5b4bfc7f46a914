import { App, Button, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgRow } from '@phjr/contract/orgs/org-admin';
import { useSetChainAccess, useSetOrgStatus } from '../api/orgs-admin.ts';

/** Chain access applies to banks and to government departments (not the HR bureau). */
export function hasChainSwitch(o: OrgRow) {
  return o.classifiedType === 'BANK' || o.classifiedType === 'GOVERNMENT' || o.classifiedType === 'JINRONGJU';
}

export function ChainAccessSwitch({ org }: { org: OrgRow }) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const set = useSetChainAccess();
  if (!hasChainSwitch(org)) return <span>-</span>;
  return (
    <Switch
      size="small"
      checked={org.chainAccess}
      loading={set.isPending}
      aria-label={`${t('fields.chainAccess')} ${org.name}`}
      onChange={async (chainAccess) => {
        await set.mutateAsync({ id: org.id, chainAccess });
        message.success(chainAccess ? t('msg.chainOn') : t('msg.chainOff'));
      }}
    />
  );
}

/** Row actions: edit, and enable or disable (with confirmation, since it disables accounts). */
export function OrgRowActions({ org, onEdit, extra }: { org: OrgRow; onEdit(): void; extra?: React.ReactNode }) {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const setStatus = useSetOrgStatus();
  const disabling = org.status === 'ACTIVE';
  return (
    <Space size={0} wrap>
      {extra}
      <Button type="link" size="small" onClick={onEdit}>
        {t('actions.edit')}
      </Button>
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
    </Space>
  );
}
