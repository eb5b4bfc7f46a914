import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';

/** SPEC 9: the route loading placeholder appears only when loading takes longer than 200 ms. */
export const ROUTE_LOADING_DELAY_MS = 200;

export function useDelayed(active: boolean, delayMs = ROUTE_LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

/** A page-shaped skeleton that reserves the space of the page it stands for (no layout shift). */
export function RouteFallback({ padded = true }: { padded?: boolean }) {
  const shown = useDelayed(true);
  return (
    <div role="status" aria-busy="true" style={{ padding: padded ? 24 : 0, minHeight: 320 }}>
      {shown ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
    </div>
  );
}
