import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/** /list-announcement: Announcements. Notices published by the platform, newest first. */
export default function AnnouncementListPage() {
  const { t } = useTranslation('portal');
  return (
    <RoutePage>
      <SectionLayout section="news" active="announcement">
        <ChannelArticleList channel="announcement" title={t('channel.announcement')} />
      </SectionLayout>
    </RoutePage>
  );
}
