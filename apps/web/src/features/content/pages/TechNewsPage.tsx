import { RoutePage } from '../../../components/RoutePage.tsx';

/** /tech/news: Tech finance news. News, policy briefings and events on tech finance, newest first. */
export default function TechNewsPage() {
  return <RoutePage kind="list" />;
}
