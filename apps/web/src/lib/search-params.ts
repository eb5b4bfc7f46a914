import { useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext,
  useSearchParams as useRouterSearchParams,
  type SetURLSearchParams,
} from 'react-router';

/**
 * The address's query with some keys set and others removed (an empty value removes its key): filters kept in the
 * address so a page can be bookmarked, shared and restored with the back button.
 */
export function withParams(
  prev: URLSearchParams,
  patch: Readonly<Record<string, string | undefined>>,
): URLSearchParams {
  const out = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    if (v) out.set(k, v);
    else out.delete(k);
  }
  return out;
}

/**
 * react-router's useSearchParams, except that an update given as a function starts from the address as it is now, not
 * as last drawn. react-router draws a navigation in a transition, which a busy phone holds back while the person already
 * changes the next filter; its own setter would then start from the query before the first change and drop it (an
 * amount entered, then a keyword searched: the amount was gone). The router's state has the new address at once.
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useRouterSearchParams();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const set = useCallback<SetURLSearchParams>(
    (next, options) =>
      setParams(
        typeof next === 'function'
          ? () =>
              next(
                dataRouter ? new URLSearchParams(dataRouter.router.state.location.search) : new URLSearchParams(params),
              )
          : next,
        options,
      ),
    [setParams, dataRouter, params],
  );
  return [params, set];
}
