import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from '../components/DemandList.tsx';
import { DemandTabs } from '../components/DemandTabs.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /financialInstitution/demand/orientation: Targeted demands. Demands addressed to or owned by this bank's units:
 * accept in time, grant or refuse with a coded reason, dispatch to a branch; and the guarantee demands a guarantee
 * company handed over to the bank.
 */
export default function BankDemandOrientationPage() {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t('type.ORIENTATION'));
  const list = (type: 'ORIENTATION' | 'GUARANTEE', label: string) => (
    <DemandList
      scope="bank"
      perspective="bank"
      fixed={{ scope: 'MINE', type }}
      statuses={
        type === 'ORIENTATION'
          ? ['PENDING', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED']
          : ['ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN']
      }
      filters={{ overdue: true, region: true, date: true }}
      exportName={[title, label]}
      emptyText={type === 'ORIENTATION' ? t('empty.orientation') : t('empty.handedOver')}
    />
  );
  return (
    <RoutePage>
      <DemandTabs
        label={title}
        tabs={[
          { key: 'orientation', label: t('tabs.orientation'), content: list('ORIENTATION', t('tabs.orientation')) },
          { key: 'guarantee', label: t('tabs.handedOver'), content: list('GUARANTEE', t('tabs.handedOver')) },
        ]}
      />
    </RoutePage>
  );
}
