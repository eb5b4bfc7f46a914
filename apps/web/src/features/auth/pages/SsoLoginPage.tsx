import { SsoLoginView } from '../components/SsoLoginView.tsx';

/** /sso/login: persons and enterprises (authUrlMapKey nonPlatform). */
export default function SsoLoginPage() {
  return <SsoLoginView variant="personal" />;
}
