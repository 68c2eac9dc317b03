import Chip from '@mui/material/Chip';
import { formatCount, stockColour } from '../../domain';

/** A product's total stock in the spec's colour: 0 destructive, under 20 warning, else success. */
export function StockChip({ stock }: { stock: number }) {
  const colour = stockColour(stock);
  return <Chip size="small" variant="outlined" color={colour} label={formatCount(stock)} data-stock-colour={colour} />;
}
