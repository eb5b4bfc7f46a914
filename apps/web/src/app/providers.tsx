import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message as antdMessage, notification as antdNotification } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG, antdUi } from '../lib/antd-ui.ts';
import { ANTD_LOCALES, DEFAULT_LOCALE, isAppLocale, isRtl } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { useElderMode } from '../lib/elder-mode.ts';
import { useReducedMotion } from '../lib/media-query.ts';
import { configureRuntime } from '../lib/runtime.ts';
import { FeedbackContext } from './feedback.ts';
import { appTheme, elderTokens } from './theme.ts';

/**
 * antd's message and notification, rendered inside the ConfigProvider so they follow the theme and the locale,
 * shared through useFeedback() and handed to the request layer (SPEC 8 toasts and notifications).
 *
 * antd's <App> is not used at the root: it also brings Modal and with it rc-form (about 25 KB gzipped), which
 * would push the portal's first route over its 300 KB budget. The client shell renders <App> for its screens.
 */
function FeedbackProvider({ children }: { children: ReactNode }) {
  const [message, messageHolder] = antdMessage.useMessage(MESSAGE_CONFIG);
  const [notification, notificationHolder] = antdNotification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => {
    configureRuntime({ ui: antdUi(message, notification) });
  }, [message, notification]);
  const value = useMemo(() => ({ message, notification }), [message, notification]);
  return (
    <FeedbackContext.Provider value={value}>
      {messageHolder}
      {notificationHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

/**
 * Everything every screen needs, once: the query client, antd's theme (UI.md tokens), antd's texts in the
 * interface language, the writing direction (SPEC 9: he/ar/fa/ku are right to left) and the feedback context.
 * A reader who asks the system for less motion gets antd without it: drawers, dialogs, dropdowns and messages appear
 * and go at once (WCAG 2.3.3; the browser tests run so, and no click lands on something still moving). Elder mode
 * (lib/elder-mode.ts) adds its tokens on top.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isAppLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const still = useReducedMotion();
  const elder = useElderMode();
  const theme = useMemo(
    () => ({
      ...appTheme,
      token: { ...appTheme.token, ...(still ? { motion: false } : {}), ...(elder ? elderTokens : {}) },
    }),
    [still, elder],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={ANTD_LOCALES[locale]} direction={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
