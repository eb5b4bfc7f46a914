import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { GuaranteeDemandList } from '../components/GuaranteeDemandList.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /guaranteePlatform/demand/orientation: Targeted demands. Guarantee demands addressed to this company: accept or
 * refuse, guarantee an amount, hand the guaranteed demand to a bank; each with its timeline.
 */
export default function GuaranteeDemandOrientationPage() {
  const { t } = useTranslation('demands');
  const title = useRouteTitle(t('type.GUARANTEE'));
  return (
    <RoutePage>
      <GuaranteeDemandList exportName={title} />
    </RoutePage>
  );
}
