import { RoutePage } from '../../../components/RoutePage.tsx';

/** /news: News & policies. News, policy documents and briefings published by the platform, by channel and date. */
export default function NewsPage() {
  return <RoutePage kind="list" />;
}
