import { DISPLAY_DESIGN } from '@phjr/contract/stats/reports';

/** UI.md: the dashboard is designed at 1920×1080 (DISPLAY_DESIGN) and scaled to the window. */
export const STAGE_WIDTH = DISPLAY_DESIGN.width;
export const STAGE_HEIGHT = DISPLAY_DESIGN.height;

/** Below this width the stage is not scaled but stacked (DashboardLayout, dashboard.css `.is-stacked`). */
export const STACKED_QUERY = '(max-width: 899.98px)';

/** The stage's scale in a window: the whole stage fits, aspect kept (letterboxed on the longer side). */
export function stageScale(width: number, height: number): number {
  return Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
}
