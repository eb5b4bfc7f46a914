import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/door/article: Articles. Publish and manage news, policies, announcements and guides: drafts,
 * preview, pinning and taking offline.
 */
export default function OperateArticlePage() {
  return <RoutePage kind="list" />;
}
