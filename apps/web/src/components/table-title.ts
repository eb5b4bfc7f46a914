import { useContext } from 'react';
// antd's own marker of the hidden row it copies the column titles into to measure them (its Tooltip reads it too).
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';

/**
 * The tabIndex of a focusable part of a column title (a definition's trigger): 0, except in antd's measuring copy of
 * the titles, a hidden row (aria-hidden) that must hold nothing focusable (WCAG 4.1.2, axe aria-hidden-focus).
 */
export function useTitleTabIndex(): 0 | -1 {
  return useContext(TableMeasureRowContext) ? -1 : 0;
}
