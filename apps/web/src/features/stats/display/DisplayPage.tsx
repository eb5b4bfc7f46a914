import type { CSSProperties, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useReportAsOf } from './as-of.tsx';
import { DisplayError, DisplayLoading, StaleNote } from './DisplayParts.tsx';
import './display.css';

export interface DisplayGrid {
  columns: string;
  rows: string;
  /** grid-template-areas, one string per row. */
  areas: string[];
}

/**
 * The body of a dashboard page over its one polled answer: the page's grid of panels, skeletons in the same grid
 * until the first answer, the dark error state when there is none, and the last figures kept (with a note) when a
 * later poll fails. Reports the answer's `asOf` to the title bar.
 */
export function DisplayPage<T extends { asOf: string }>({
  query,
  grid,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  grid: DisplayGrid;
  label: string;
  children: (data: T) => ReactNode;
}) {
  useReportAsOf(query.data?.asOf);
  const style: CSSProperties = {
    gridTemplateColumns: grid.columns,
    gridTemplateRows: grid.rows,
    gridTemplateAreas: grid.areas.map((a) => `"${a}"`).join(' '),
    position: 'relative',
  };
  const names = [...new Set(grid.areas.flatMap((a) => a.split(/\s+/)))].filter((n) => n !== '.');
  return (
    <div
      className="phjr-display"
      role="region"
      style={style}
      aria-label={label}
      aria-busy={query.data === undefined && !query.isError}
    >
      {query.data !== undefined ? (
        <>
          {children(query.data)}
          <StaleNote show={query.isError} />
        </>
      ) : query.isError ? (
        <DisplayError onRetry={() => void query.refetch()} />
      ) : (
        <DisplayLoading areas={names} />
      )}
    </div>
  );
}
