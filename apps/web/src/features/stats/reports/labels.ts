import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DemandSummary } from '@phjr/contract/demands/demand';
import { useRouteDef } from '../../../app/route-handle.ts';
import { useEnum } from '../../../lib/enums.ts';

/** The current route's title in the active language (the name of the page's exports). */
export function useRouteTitle(fallback: string): string {
  const def = useRouteDef();
  const { t } = useTranslation('routes');
  return def ? t(def.titleKey) : fallback;
}

/** Demand types and reasons for rejection in the active language, from the server's enum catalogue. */
export function useReportLabels() {
  const type = useEnum('DemandType');
  const reason = useEnum('RejectCode');
  return { type: type.label, reason: reason.label };
}

/**
 * Where a drilled demand opens in full: the viewer's own demand list with `?id=` (every demand list opens the demand's
 * detail drawer, timeline and actions from that parameter), the list of its type in the viewer's client.
 */
export function useDemandDetailPath(): (d: Pick<DemandSummary, 'id' | 'type' | 'source'>) => string {
  const { pathname } = useLocation();
  const operator = pathname.startsWith('/operateClient');
  return (d) => {
    const list = operator
      ? d.source === 'MAKEUP'
        ? 'makeup'
        : d.type === 'PUBLIC'
          ? 'public'
          : d.type === 'GUARANTEE'
            ? 'guarantee'
            : 'assigned'
      : d.type === 'PUBLIC'
        ? 'public'
        : 'orientation';
    return `/${operator ? 'operateClient' : 'supervisionClient'}/demand/${list}?id=${d.id}`;
  };
}
