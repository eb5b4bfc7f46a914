import { Button, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { runtime } from '../../../lib/runtime.ts';
import { centerPathOf, logout, redirectToLogin } from '../../../lib/session.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';

/**
 * The portal top bar's sign-in corner. Signing in from the portal returns to /home, where start-up exchanges the
 * ticket and sends the user on to their client.
 */
export function LoginButton() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  if (!user) {
    return (
      <Button
        type="link"
        size="small"
        autoInsertSpace={false}
        onClick={() => void redirectToLogin('nonPlatform', `${runtime().location().origin}/home`)}
      >
        {t('loginButton.login')}
      </Button>
    );
  }
  return (
    <Space size={4}>
      <Link to={centerPathOf(user)} title={t('loginButton.center')}>
        <UserOutlined /> {user.name}
      </Link>
      <Button type="link" size="small" autoInsertSpace={false} onClick={() => void logout()}>
        {t('loginButton.logout')}
      </Button>
    </Space>
  );
}

export default LoginButton;
