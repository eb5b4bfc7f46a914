import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from '../components/DemandList.tsx';
import { DemandTabs } from '../components/DemandTabs.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /supervisionClient/demand/orientation: Targeted demands. The region's demands addressed to one bank, and those
 * addressed to a guarantee company: overdue highlighted, urge, reassign an expired or overdue demand to a bank,
 * return an expired one to the public pool.
 */
export default function SupervisionDemandOrientationPage() {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t('type.ORIENTATION'));
  const list = (type: 'ORIENTATION' | 'GUARANTEE', label: string) => (
    <DemandList
      scope="supervise"
      perspective="supervisor"
      fixed={{ type }}
      filters={{ overdue: true, region: true, bank: true, date: true }}
      exportName={[title, label]}
    />
  );
  return (
    <RoutePage>
      <DemandTabs
        label={title}
        tabs={[
          { key: 'orientation', label: t('tabs.orientation'), content: list('ORIENTATION', t('tabs.orientation')) },
          { key: 'guarantee', label: t('tabs.guarantee'), content: list('GUARANTEE', t('tabs.guarantee')) },
        ]}
      />
    </RoutePage>
  );
}
