import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/** /tech/news: Tech finance news, newest first. */
export default function TechNewsPage() {
  const { t } = useTranslation('portal');
  return (
    <RoutePage>
      <SectionLayout section="tech" active="techNews">
        <ChannelArticleList channel="tech" title={t('channel.tech')} />
      </SectionLayout>
    </RoutePage>
  );
}
