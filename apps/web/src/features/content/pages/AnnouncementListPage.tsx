import { RoutePage } from '../../../components/RoutePage.tsx';

/** /list-announcement: Announcements. Notices published by the platform, newest first. */
export default function AnnouncementListPage() {
  return <RoutePage kind="list" />;
}
