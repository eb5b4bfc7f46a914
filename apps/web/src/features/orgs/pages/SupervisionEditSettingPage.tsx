import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /supervisionClient/my/editSetting: Account settings. Change the phone number, password and other settings of your
 * account.
 */
export default function SupervisionEditSettingPage() {
  return <RoutePage kind="form" />;
}
