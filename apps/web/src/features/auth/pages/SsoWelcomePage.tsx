import { SsoLoginView } from '../components/SsoLoginView.tsx';

/** /sso/welcome: operator, government, bank and guarantee accounts (authUrlMapKey platform). */
export default function SsoWelcomePage() {
  return <SsoLoginView variant="institution" />;
}
