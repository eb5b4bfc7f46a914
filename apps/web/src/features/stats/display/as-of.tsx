import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The "as of" time of the figures on screen: each dashboard page reports the `asOf` of its answer and the layout's
 * title bar shows it. Kept apart from the charts (no ECharts import) because the layout's chunk imports it.
 */
const AsOfContext = createContext<(asOf: string | null) => void>(() => undefined);

export function DisplayAsOfProvider({
  children,
  onChange,
}: {
  children: ReactNode;
  onChange: (asOf: string | null) => void;
}) {
  return <AsOfContext.Provider value={onChange}>{children}</AsOfContext.Provider>;
}

/** Shows `asOf` in the title bar while the page is on screen (cleared when it leaves). */
export function useReportAsOf(asOf: string | undefined): void {
  const report = useContext(AsOfContext);
  useEffect(() => {
    report(asOf ?? null);
  }, [asOf, report]);
  useEffect(() => () => report(null), [report]);
}

/** The layout's side: the latest reported time. */
export function useAsOfState() {
  return useState<string | null>(null);
}
