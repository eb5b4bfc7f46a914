import { useSearchParams } from 'react-router';
import { DEMAND_STATUSES, DEMAND_TYPES, type DemandStatus, type DemandType } from '@phjr/contract/demands/demand';

/**
 * A demand list's filters live in the address (status, overdue, district, bank, dates, keyword, page; `id` opens a
 * demand's detail), so the workbench's counts and the in-site messages can link straight to a filtered list.
 */
export interface DemandFilterValues {
  type?: DemandType;
  status?: DemandStatus;
  overdue?: 'true';
  regionCode?: string;
  bankId?: number;
  from?: string;
  to?: string;
  keyword?: string;
}

const FILTER_KEYS = ['type', 'status', 'overdue', 'regionCode', 'bankId', 'from', 'to', 'keyword'] as const;

const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

export function readFilters(params: URLSearchParams): DemandFilterValues {
  const status = params.get('status');
  const type = params.get('type');
  const bankId = Number(params.get('bankId'));
  const region = params.get('regionCode');
  const from = params.get('from');
  const to = params.get('to');
  const keyword = params.get('keyword')?.trim();
  return {
    type: (DEMAND_TYPES as readonly string[]).includes(type ?? '') ? (type as DemandType) : undefined,
    status: (DEMAND_STATUSES as readonly string[]).includes(status ?? '') ? (status as DemandStatus) : undefined,
    overdue: params.get('overdue') === 'true' ? 'true' : undefined,
    regionCode: region && /^\d{6}$/.test(region) ? region : undefined,
    bankId: Number.isInteger(bankId) && bankId > 0 ? bankId : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    keyword: keyword ? keyword.slice(0, 40) : undefined,
  };
}

export function useDemandParams() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const current = Math.max(1, Number(params.get('current')) || 1);
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const tab = params.get('tab');

  function update(change: (p: URLSearchParams) => void) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace: true },
    );
  }

  return {
    filters,
    current,
    openId,
    tab,
    /** New filters: back to the first page. */
    search(v: DemandFilterValues) {
      update((p) => {
        for (const k of FILTER_KEYS) {
          const value = v[k];
          if (value === undefined || value === null || value === '') p.delete(k);
          else p.set(k, String(value));
        }
        p.delete('current');
      });
    },
    setCurrent(n: number) {
      update((p) => (n > 1 ? p.set('current', String(n)) : p.delete('current')));
    },
    open(id: number | null) {
      update((p) => (id === null ? p.delete('id') : p.set('id', String(id))));
    },
    /** Another tab: its own filters start empty. */
    setTab(key: string) {
      setParams(new URLSearchParams({ tab: key }), { replace: true });
    },
  };
}
