import { Collapse } from 'antd';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useSupervisorShelterFigures } from '../api/shelter.ts';
import { AdmissionCriteria } from './ShelterActionModal.tsx';
import { SupervisorShelterList, type ShelterView } from './ShelterCaseList.tsx';
import { ShelterFiguresBand } from './ShelterFigures.tsx';
import './shelter.css';

/**
 * The three supervision lists (not yet in, in the shelter, all): the figures of the supervisor's scope (or of the
 * district the list is filtered to) and the
 * admission criteria folded above the list (the review dialogs show the criteria again), then the list itself.
 */
export function SupervisorShelterScreen({ view }: { view: ShelterView }) {
  const { t } = useTranslation('shelter');
  // The figures follow the list's district filter (the server keeps them per district; out of scope answers 404).
  const [params] = useSearchParams();
  const district = params.get('regionCode');
  const figures = useSupervisorShelterFigures(district && /^\d{6}$/.test(district) ? district : undefined);
  return (
    <RoutePage>
      <section className="phjr-panel" style={{ padding: 0, marginBottom: 16 }} aria-label={t('supervise.figuresTitle')}>
        <ShelterFiguresBand figures={figures.data} label={t('supervise.figuresTitle')} />
      </section>
      {view === 'UN' ? (
        <Collapse
          style={{ marginBottom: 16, background: '#fff' }}
          items={[
            {
              key: 'criteria',
              label: t('supervise.criteriaTitle'),
              children: <AdmissionCriteria title={t('portal.criteriaTitle')} />,
            },
          ]}
        />
      ) : null}
      <SupervisorShelterList view={view} />
    </RoutePage>
  );
}
