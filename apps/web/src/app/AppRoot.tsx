import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteDef } from './route-handle.ts';

/**
 * The root route: the current page's title in the tab, scroll restoration, then the matched layout. The drawn page's
 * route is also written on <html data-route>, after the page's own effects have run (its requests have started): the
 * browser walk (e2e/specs/every-route.spec.ts) waits for it after an in-app navigation.
 */
export function AppRoot() {
  const def = useRouteDef();
  const { t } = useTranslation();
  const appName = t('common:appName');
  const title = def ? t(`routes:${def.titleKey}`) : '';
  useEffect(() => {
    document.title = title && def?.path !== '/home' ? `${title} - ${appName}` : appName;
    document.documentElement.dataset.route = def?.path ?? '';
  }, [title, appName, def]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
