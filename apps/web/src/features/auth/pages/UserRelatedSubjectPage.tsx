import { RoutePage } from '../../../components/RoutePage.tsx';

/** /userClient/my/relatedSubject: Related entities. Link your personal account to an enterprise you act for. */
export default function UserRelatedSubjectPage() {
  return <RoutePage kind="form" />;
}
