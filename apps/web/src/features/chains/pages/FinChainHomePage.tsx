import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleHome } from '../../../components/RoleHome.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';

/**
 * /financialChain/home: Chain enterprises. The bank's chain client opens on the enterprises of the chains it takes
 * part in, under the welcome card.
 */
export default function FinChainHomePage() {
  const { t } = useTranslation('layout');
  return (
    <RoleHome area="financialChain">
      <Card variant="borderless" className="phjr-page-card" title={t('chainHome.enterprises')}>
        <PageEmpty kind="list" hint={t('chainHome.enterprisesEmpty')} />
      </Card>
    </RoleHome>
  );
}
