import { Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useSettings } from '../api/settings.ts';
import { HolidayCalendar } from '../components/HolidayCalendar.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import './platform-configure.css';

/**
 * /operateClient/platform/configure: Configuration. Session timeouts, acceptance and decision deadlines, external
 * system addresses, the sign-in redirect allowlist, and the holiday calendar the deadlines count on.
 */
export default function OperatePlatformConfigurePage() {
  const { t } = useTranslation('platform');
  const settings = useSettings();
  return (
    <RoutePage>
      <section className="phjr-panel">
        <Tabs
          items={[
            {
              key: 'settings',
              label: t('settings.tabSettings'),
              children: settings.data ? (
                <SettingsForm settings={settings.data} />
              ) : settings.isError ? (
                <Result status="warning" title={t('settings.tabSettings')} />
              ) : (
                <Skeleton active paragraph={{ rows: 10 }} />
              ),
            },
            { key: 'holidays', label: t('settings.tabHolidays'), children: <HolidayCalendar /> },
          ]}
        />
      </section>
    </RoutePage>
  );
}
