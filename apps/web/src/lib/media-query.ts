import { useSyncExternalStore } from 'react';

/**
 * A media query as the page stands now, and as a hook that follows a change made while the page is open (the window
 * resized or turned, the system's motion setting changed). Read at the first drawing, so a layout chosen by it never
 * draws the other one first.
 */
function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function matchesMedia(query: string): boolean {
  return media(query)?.matches === true;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the reader asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return matchesMedia(REDUCED_MOTION);
}

/** The same as a hook: the app's theme turns antd's drawers, dialogs and dropdowns into instant ones when true. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}

/** A phone's width, below antd's md breakpoint: the CSS's `@media (max-width: 767.98px)` rules say the same. */
export const PHONE_QUERY = '(max-width: 767.98px)';
