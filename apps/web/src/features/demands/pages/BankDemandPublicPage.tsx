import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from '../components/DemandList.tsx';
import { DemandTabs } from '../components/DemandTabs.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /financialInstitution/demand/public: Public demands. The region's pool of pending public demands (the first bank
 * to accept owns one; a slower bank is told and the pool refreshes), and the public demands this bank took.
 */
export default function BankDemandPublicPage() {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t('type.PUBLIC'));
  return (
    <RoutePage>
      <DemandTabs
        label={title}
        tabs={[
          {
            key: 'pool',
            label: t('tabs.pool'),
            content: (
              <DemandList
                scope="bank"
                perspective="bank"
                pool
                fixed={{ scope: 'POOL', type: 'PUBLIC' }}
                statuses={['PENDING']}
                filters={{ region: true, date: true }}
                exportName={[title, t('tabs.pool')]}
                emptyText={t('empty.pool')}
              />
            ),
          },
          {
            key: 'mine',
            label: t('tabs.minePublic'),
            content: (
              <DemandList
                scope="bank"
                perspective="bank"
                fixed={{ scope: 'MINE', type: 'PUBLIC' }}
                statuses={['ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN']}
                filters={{ overdue: true, region: true, date: true }}
                exportName={[title, t('tabs.minePublic')]}
                emptyText={t('empty.minePublic')}
              />
            ),
          },
        ]}
      />
    </RoutePage>
  );
}
