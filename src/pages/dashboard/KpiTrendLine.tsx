import { ChartDataProvider } from '@mui/x-charts/ChartDataProvider';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsClipPath } from '@mui/x-charts/ChartsClipPath';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { DEFAULT_X_AXIS_KEY, DEFAULT_Y_AXIS_KEY } from '@mui/x-charts/constants';
import { AreaPlot, FocusedLineMark, LineHighlightPlot, LinePlot } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import { formatKpiValue, type Kpi } from '../../domain';

/**
 * The KPI's recent months as a small line (its own chunk: the charts library loads after the figures).
 * SparkLineChart's line, area, highlight and tooltip, composed as it composes them: SparkLineChart also
 * brings the bar chart for its bar variant (about 5 KB gzip).
 */
export default function KpiTrendLine({ kpi, height }: { kpi: Kpi; height: number }) {
  const clip = `${useId()}-clip-path`;
  return (
    <ChartDataProvider
      height={height}
      margin={5}
      colors={[kpi.changeType === 'decrease' ? '#ef4444' : '#22c55e']}
      series={[
        {
          type: 'line',
          data: kpi.trend,
          area: true,
          curve: 'natural',
          valueFormatter: (value) => (value === null ? '' : formatKpiValue(value, kpi.format)),
        },
      ]}
      xAxis={[
        {
          id: DEFAULT_X_AXIS_KEY,
          scaleType: 'point',
          hideTooltip: true,
          data: kpi.trend.map((_, index) => index),
          position: 'none',
        },
      ]}
      yAxis={[{ id: DEFAULT_Y_AXIS_KEY, position: 'none' }]}
    >
      <ChartsSurface
        aria-label={`${kpi.title} over the last ${kpi.trend.length} months`}
        sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.15 }, '& .MuiLineElement-root': { strokeWidth: 2 } }}
      >
        <g clipPath={`url(#${clip})`}>
          <AreaPlot skipAnimation />
          <LinePlot skipAnimation />
        </g>
        <LineHighlightPlot />
        <FocusedLineMark />
        <ChartsClipPath id={clip} offset={{ top: 1, right: 1, bottom: 1, left: 1 }} />
        <ChartsAxisHighlight x="none" />
      </ChartsSurface>
      <ChartsTooltip />
    </ChartDataProvider>
  );
}
