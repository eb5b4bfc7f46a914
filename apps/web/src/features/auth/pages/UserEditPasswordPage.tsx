import { Skeleton } from 'antd';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountInfo } from '../api/accounts.ts';
import { EditPasswordForm } from '../components/EditPasswordForm.tsx';

/** /userClient/my/editPassword: the current password or an SMS code, then the new password; other sessions end. */
export default function UserEditPasswordPage() {
  const info = useAccountInfo();
  return (
    <RoutePage>
      <section className="phjr-panel">{info.isPending ? <Skeleton active /> : <EditPasswordForm />}</section>
    </RoutePage>
  );
}
