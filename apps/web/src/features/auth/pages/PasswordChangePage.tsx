import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { centerPathOf, loadUserInfo, logout } from '../../../lib/session.ts';
import { runtime } from '../../../lib/runtime.ts';
import { useCurrentUserQuery } from '../../../lib/session-hooks.ts';
import { EditPasswordForm } from '../components/EditPasswordForm.tsx';
import { SsoFrame } from '../components/SsoLoginView.tsx';

/**
 * /account/password (issue 30): where a session whose password an administrator reset is taken before anything else
 * (the shell, the ticket login and any call the server refuses with PASSWORD_CHANGE_REQUIRED send it here). The
 * temporary password proves the change; then the role's home opens. Without a session: the portal home.
 */
export default function PasswordChangePage() {
  const { t } = useTranslation(['auth', 'routes']);
  const qc = useQueryClient();
  const q = useCurrentUserQuery();
  const user = q.data;

  useEffect(() => {
    if (q.isFetched && user === null) runtime().navigate('/home');
  }, [q.isFetched, user]);

  if (!user) return <Spin fullscreen />;
  // Opened when no change is due (e.g. a second tab after the change): on to the role's home.
  if (q.isFetched && !user.mustChangePassword) return <Navigate to={centerPathOf(user)} replace />;

  // The stored user is read again (it no longer owes a change) before the role's home opens.
  const done = async () => {
    await loadUserInfo(qc).catch(() => undefined);
    runtime().navigate(centerPathOf(user));
  };

  return (
    <SsoFrame title={t('auth:forced.title')} hint={t('auth:forced.hint')}>
      <p style={{ marginBottom: 16 }}>
        {t('auth:myAccount.username')}: <strong>{user.username}</strong>
      </p>
      <EditPasswordForm forced onDone={() => void done()} />
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Button type="link" onClick={() => void logout()}>
          {t('auth:forced.logout')}
        </Button>
      </div>
    </SsoFrame>
  );
}
