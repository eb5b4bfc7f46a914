import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/** /countryside-develop/policy-list-countryside: Financial support policies for rural revitalisation. */
export default function CountrysidePolicyListPage() {
  const { t } = useTranslation('portal');
  return (
    <RoutePage>
      <SectionLayout section="countryside" active="countryside-policy">
        <ChannelArticleList channel="countryside-policy" title={t('channel.countryside-policy')} />
      </SectionLayout>
    </RoutePage>
  );
}
