import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteDef } from './route-handle.ts';

/** The root route: the current page's title in the tab, scroll restoration, then the matched layout. */
export function AppRoot() {
  const def = useRouteDef();
  const { t } = useTranslation();
  const appName = t('common:appName');
  const title = def ? t(`routes:${def.titleKey}`) : '';
  useEffect(() => {
    document.title = title && def?.path !== '/home' ? `${title} - ${appName}` : appName;
  }, [title, appName, def]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
