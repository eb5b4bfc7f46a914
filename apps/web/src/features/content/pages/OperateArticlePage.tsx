import { ArticleAdminScreen } from '../components/editor/ArticleAdminScreen.tsx';

/** /operateClient/door/article: every channel's articles; write, preview, publish or schedule, pin, take offline. */
export default function OperateArticlePage() {
  return <ArticleAdminScreen />;
}
