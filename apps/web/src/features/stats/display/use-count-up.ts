import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../../lib/media-query.ts';

/** How long a tile's number takes to reach a new value. */
export const COUNT_UP_MS = 1200;

/**
 * The number a tile shows while it counts up to `target` (UI.md: KPI tiles whose numbers count up): from 0 on the
 * first figures, from the last value on a refresh, eased over COUNT_UP_MS by requestAnimationFrame. The frame is
 * cancelled when the target changes or the tile unmounts (nothing keeps running on a wall screen); with reduced
 * motion the number is written at once.
 */
export function useCountUp(target: number | null): number | null {
  const [shown, setShown] = useState<number | null>(() =>
    target === null ? null : prefersReducedMotion() ? target : 0,
  );
  // The value on screen, for the next count to start from (an interrupted count goes on from where it was).
  const last = useRef<number>(0);

  useEffect(() => {
    if (target === null) {
      setShown(null);
      return;
    }
    if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      last.current = target;
      setShown(target);
      return;
    }
    const from = last.current;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const t = Math.min(1, (now - start) / COUNT_UP_MS);
      const value = t >= 1 ? target : from + (target - from) * (1 - (1 - t) ** 3);
      last.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return shown;
}
