import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/** /countryside-develop/news-list-countryside: Rural revitalisation news, newest first. */
export default function CountrysideNewsListPage() {
  const { t } = useTranslation('portal');
  return (
    <RoutePage>
      <SectionLayout section="countryside" active="countryside-news">
        <ChannelArticleList channel="countryside-news" title={t('channel.countryside-news')} />
      </SectionLayout>
    </RoutePage>
  );
}
