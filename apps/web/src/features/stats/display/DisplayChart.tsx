import { EChart, type ChartOption } from '../../../components/EChart.tsx';
import './display-echarts.ts';

/**
 * A chart of the display, filling its panel. Always the SVG renderer: the stage is scaled by a CSS transform (up to
 * 2× on a 4K wall), and vectors stay sharp where a canvas would be stretched. `merge`: each refresh's option goes
 * into the same ECharts instance (EChart disposes it only on unmount), so over a day nothing piles up.
 */
export function DisplayChart({ option, label }: { option: ChartOption; label: string }) {
  return (
    <div className="phjr-display-chart">
      <EChart option={option} height="100%" label={label} renderer="svg" merge />
    </div>
  );
}
