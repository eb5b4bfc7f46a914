import { useTranslation } from 'react-i18next';
import { useRouteDef } from '../../../app/route-handle.ts';

/** The current route's title in the active language: the name of its Excel exports. */
export function useRouteTitle(fallback: string): string {
  const def = useRouteDef();
  const { t } = useTranslation('routes');
  return def ? t(def.titleKey) : fallback;
}
