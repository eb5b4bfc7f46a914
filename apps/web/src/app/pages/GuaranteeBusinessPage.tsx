import { Tabs } from 'antd';
import { useSearchParams } from '../../lib/search-params.ts';
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
  // Each tab's list keeps its filters and page in the address: one list at a time (the tab in `?tab=demands`), and
  // another tab starts without the other's.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'demands' ? 'demands' : 'services';
  return (
    <RoutePage>
      <Tabs
        className="phjr-guarantee-business-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'services' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'services',
            label: t('guarantee.servicesTab'),
            children: <ProductManageScreen kind="GUARANTEE_SERVICE" />,
          },
          { key: 'demands', label: t('demands:tabs.guarantee'), children: <GuaranteeDemandList /> },
        ]}
      />
    </RoutePage>
  );
}
