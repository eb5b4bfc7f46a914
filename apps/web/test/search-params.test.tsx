// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type SetURLSearchParams } from 'react-router';
import { useSearchParams, withParams } from '../src/lib/search-params.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => act(() => root?.unmount()));

/**
 * Two filters changed one after the other before the page is drawn again (a busy phone holds back the transition that
 * draws a navigation): the second change starts from the address the first one made, so neither is lost.
 */
describe('useSearchParams (lib/search-params.ts)', () => {
  it('starts an update from the address as it is now, not as last drawn', async () => {
    let set: SetURLSearchParams | undefined;
    function Page() {
      [, set] = useSearchParams();
      return null;
    }
    const router = createMemoryRouter([{ path: '/supermarket', element: <Page /> }], {
      initialEntries: ['/supermarket?loanType=CREDIT'],
    });
    root = createRoot(document.createElement('div'));
    await act(async () => root!.render(<RouterProvider router={router} />));
    // The setter of that drawing, as an event handler holds it while the page is not yet drawn again.
    const drawn = set!;
    const navigated = () =>
      new Promise<void>((resolve) => {
        const stop = router.subscribe(() => {
          stop();
          resolve();
        });
      });

    let done = navigated();
    drawn((prev) => withParams(prev, { amount: '95' }));
    await done;
    done = navigated();
    drawn((prev) => withParams(prev, { keyword: '136746' }));
    await done;
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      loanType: 'CREDIT',
      amount: '95',
      keyword: '136746',
    });
  });
});
