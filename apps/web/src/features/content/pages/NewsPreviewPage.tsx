import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /news/newsPreview: Article preview. A draft shown exactly as it will look when published; visible to its author
 * only.
 */
export default function NewsPreviewPage() {
  return <RoutePage kind="detail" />;
}
