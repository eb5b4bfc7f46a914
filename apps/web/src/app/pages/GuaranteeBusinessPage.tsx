import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../components/RoutePage.tsx';
import { ProductManageScreen } from '../../features/products/components/manage/ProductManageScreen.tsx';
import { GuaranteeDemandList } from '../../features/demands/components/GuaranteeDemandList.tsx';

/**
 * /guaranteePlatform/guarantee: the guarantee company's business, one tab per kind of work: its guarantee services
 * (the bank's product screen with the kind fixed: create, submit for review, delist), and the guarantee demands
 * addressed to the company (accept, guarantee, hand to a bank).
 */
export default function GuaranteeBusinessPage() {
  const { t } = useTranslation(['products', 'demands']);
  return (
    <RoutePage>
      <Tabs
        className="phjr-guarantee-business-tabs"
        items={[
          { key: 'services', label: t('guarantee.servicesTab'), children: <ProductManageScreen kind="GUARANTEE_SERVICE" /> },
          { key: 'demands', label: t('demands:tabs.guarantee'), children: <GuaranteeDemandList /> },
        ]}
      />
    </RoutePage>
  );
}
