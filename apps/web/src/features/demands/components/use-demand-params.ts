import { useSearchParams } from '../../../lib/search-params.ts';
import { DEMAND_SORT } from '@phjr/contract/demands/calls';
import { DEMAND_STATUSES, DEMAND_TYPES } from '@phjr/contract/demands/demand';
import { defineList, field } from '../../../components/list-page/ListPage.tsx';

/**
 * A demand list's filters and page live in the address (the list-page block), so the workbench's counts and the
 * in-site messages can link straight to a filtered list (`?status=PENDING&overdue=true`). Every role's list takes
 * the same params; what a list does not offer is fixed by its screen (DemandList's `fixed`). Every list sorts on the
 * server by DEMAND_SORT (the code column by the time posted, the amount, the term, the deadline; docs/lists.md).
 */
export const demandList = defineList({
  pageSize: 10,
  filters: {
    keyword: field.text(40),
    status: field.oneOf(DEMAND_STATUSES),
    type: field.oneOf(DEMAND_TYPES),
    overdue: field.oneOf(['true'] as const),
    regionCode: field.text(6, /^\d{6}$/),
    bankId: field.number(),
    range: field.dateRange(),
  },
  sort: DEMAND_SORT,
});

/** The params beside the list's (the block keeps them): `id` opens a demand's detail, `tab` picks a page's tab. */
export function useDemandParams() {
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  return {
    openId,
    tab: params.get('tab'),
    open(id: number | null) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete('id');
          else next.set('id', String(id));
          return next;
        },
        { replace: true },
      );
    },
    /** Another tab: its own filters start empty. */
    setTab(key: string) {
      setParams(new URLSearchParams({ tab: key }), { replace: true });
    },
  };
}
