import { PieChart, pieArcLabelClasses } from '@mui/x-charts/PieChart';
import { wholePercentOf, type CategoryShare } from '../../domain';

/** Each category's share as a slice labelled with its whole-number percentage. */
export default function CategorySalesPie({ categories, height }: { categories: CategoryShare[]; height: number }) {
  const total = categories.reduce((sum, c) => sum + c.value, 0);
  return (
    <PieChart
      height={height}
      series={[
        {
          data: categories.map((c) => ({ id: c.name, label: c.name, value: c.value, color: c.color })),
          arcLabel: (item) => wholePercentOf(item.value, total),
          arcLabelMinAngle: 14,
          valueFormatter: (item) => wholePercentOf(item.value, total),
          innerRadius: '45%',
          paddingAngle: 1.5,
          cornerRadius: 4,
          highlightScope: { fade: 'global', highlight: 'item' },
        },
      ]}
      sx={{ [`& .${pieArcLabelClasses.root}`]: { fill: '#fff', fontWeight: 600, fontSize: 13 } }}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}
