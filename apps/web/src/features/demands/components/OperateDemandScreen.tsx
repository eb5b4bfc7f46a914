import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from './DemandList.tsx';
import { useRouteTitle } from './use-route-title.ts';

/** The operator's view of every demand of one kind, with all filters and the export. */
export function OperateDemandScreen({ view }: { view: 'public' | 'assigned' | 'guarantee' }) {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t(`view.${view}`));
  return (
    <RoutePage>
      <DemandList
        scope="operate"
        perspective="operator"
        fixed={{ view }}
        filters={{ overdue: true, region: true, bank: true, date: true }}
        exportName={title}
      />
    </RoutePage>
  );
}
