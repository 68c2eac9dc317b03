import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { formatKpiValue, type Kpi } from '../../domain';

/** The KPI's recent months as a small line (its own chunk: the charts library loads after the figures). */
export default function KpiTrendLine({ kpi, height }: { kpi: Kpi; height: number }) {
  return (
    <SparkLineChart
      data={kpi.trend}
      height={height}
      area
      curve="natural"
      showTooltip
      showHighlight
      color={kpi.changeType === 'decrease' ? '#ef4444' : '#22c55e'}
      valueFormatter={(value) => (value === null ? '' : formatKpiValue(value, kpi.format))}
      aria-label={`${kpi.title} over the last ${kpi.trend.length} months`}
      sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.15 }, '& .MuiLineElement-root': { strokeWidth: 2 } }}
    />
  );
}
