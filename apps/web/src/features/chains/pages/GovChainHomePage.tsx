import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleHome } from '../../../components/RoleHome.tsx';
import { PageEmpty } from '../../../components/PageEmpty.tsx';

/**
 * /govermentChain/home: Chain overview. The chains the department manages, with their enterprises, partner banks,
 * visits and loans, under the welcome card.
 */
export default function GovChainHomePage() {
  const { t } = useTranslation('layout');
  return (
    <RoleHome area="govermentChain">
      <Card variant="borderless" className="phjr-page-card" title={t('chainHome.chains')}>
        <PageEmpty kind="list" hint={t('chainHome.chainsEmpty')} />
      </Card>
    </RoleHome>
  );
}
