import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Descriptions, Skeleton, Tabs } from 'antd';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useAccountInfo } from '../api/accounts.ts';
import { EditPasswordForm } from '../components/EditPasswordForm.tsx';
import { EditPhoneForm } from '../components/EditPhoneForm.tsx';

/**
 * "My account" of the operator's, banks', guarantee companies' and supervisors' clients (issue 30): the account, its
 * password and its bound phone, under the same calls and rules as the person's and enterprise's pages. `?tab=phone`
 * opens the phone tab.
 */
export default function MyAccountPage() {
  const { t } = useTranslation('auth');
  const info = useAccountInfo();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const a = info.data;
  const tab = params.get('tab') === 'phone' ? 'phone' : 'password';
  return (
    <RoutePage>
      <section className="phjr-panel">
        {!a ? (
          <Skeleton active />
        ) : (
          <>
            <Descriptions
              bordered
              column={{ xs: 1, md: 2 }}
              style={{ marginBottom: 24 }}
              items={[
                { key: 'username', label: t('myAccount.username'), children: a.username },
                { key: 'name', label: t('myAccount.name'), children: a.name },
                {
                  key: 'type',
                  label: t('myAccount.accountType'),
                  children: t(`account.types.${a.accountType}`, { defaultValue: a.accountType }),
                },
                { key: 'org', label: t('myAccount.org'), children: user?.orgName ?? '-' },
                { key: 'phone', label: t('myAccount.phone'), children: a.phone ?? t('phone.none') },
              ]}
            />
            <Tabs
              activeKey={tab}
              onChange={(key) => setParams(key === 'phone' ? { tab: 'phone' } : {}, { replace: true })}
              items={[
                { key: 'password', label: t('myAccount.tabPassword'), children: <EditPasswordForm /> },
                { key: 'phone', label: t('myAccount.tabPhone'), children: <EditPhoneForm /> },
              ]}
            />
          </>
        )}
      </section>
    </RoutePage>
  );
}
