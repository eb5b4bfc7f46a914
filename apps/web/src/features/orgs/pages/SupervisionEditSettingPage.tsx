import { MySettingScreen } from '../components/MySettingScreen.tsx';

/**
 * /supervisionClient/my/editSetting: Account settings. Change the phone number, password and other settings of your
 * account.
 */
export default function SupervisionEditSettingPage() {
  return <MySettingScreen />;
}
