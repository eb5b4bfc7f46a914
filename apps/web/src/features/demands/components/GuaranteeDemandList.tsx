import { useTranslation } from 'react-i18next';
import { DemandList } from './DemandList.tsx';

/**
 * The guarantee demands addressed to the signed-in guarantee company: accept, refuse, guarantee and hand to a bank.
 * /guaranteePlatform/demand/orientation shows it, and so does the 担保需求 tab of /guaranteePlatform/guarantee.
 */
export function GuaranteeDemandList({ exportName }: { exportName?: string }) {
  const { t } = useTranslation('demands');
  return (
    <DemandList
      scope="guarantee"
      perspective="guarantee"
      statuses={[
        'PENDING',
        'GUARANTEE_ACCEPTED',
        'GUARANTEED',
        'ACCEPTED',
        'GRANTED',
        'REJECTED',
        'WITHDRAWN',
        'EXPIRED',
      ]}
      filters={{ overdue: true, region: true, date: true }}
      exportName={exportName ?? t('export.guarantee')}
      emptyText={t('empty.guarantee')}
    />
  );
}

export default GuaranteeDemandList;
