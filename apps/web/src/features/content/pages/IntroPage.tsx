import { RoutePage } from '../../../components/RoutePage.tsx';

/** /intro: About the platform. Why the platform was built, whom it serves and what it offers. */
export default function IntroPage() {
  return <RoutePage kind="article" />;
}
