import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from '../components/DemandList.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /supervisionClient/demand/public: Public demands. The region's public demands with every filter, overdue ones
 * highlighted; urge (督办) the handling bank, or give an expired demand to one bank.
 */
export default function SupervisionDemandPublicPage() {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t('type.PUBLIC'));
  return (
    <RoutePage>
      <DemandList
        scope="supervise"
        perspective="supervisor"
        fixed={{ type: 'PUBLIC' }}
        filters={{ overdue: true, region: true, bank: true, date: true }}
        exportName={title}
      />
    </RoutePage>
  );
}
