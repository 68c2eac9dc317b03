import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import { formatCount, type ProductCounts } from '../../domain';
import { useProductCounts } from './use-product-counts';

const CARDS: { key: keyof ProductCounts; title: string; icon: typeof SvgIcon; colour: string }[] = [
  { key: 'total', title: 'Total Products', icon: Inventory2Outlined, colour: 'primary.main' },
  { key: 'active', title: 'Active Products', icon: CheckCircleOutline, colour: 'success.main' },
  { key: 'lowStock', title: 'Low Stock', icon: WarningAmberOutlined, colour: 'warning.main' },
  { key: 'outOfStock', title: 'Out of Stock', icon: RemoveShoppingCartOutlined, colour: 'error.main' },
];

/** The four catalogue counts, over the whole catalogue whatever the grid shows. */
export function ProductCountCards({ list }: { list: { data?: object; isSuccess: boolean } }) {
  const { counts, loading } = useProductCounts(list);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
      {CARDS.map(({ key, title, icon: Icon, colour }) => (
        <Paper
          key={key}
          variant="outlined"
          sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
          role="group"
          aria-label={title}
        >
          <Icon sx={{ color: colour, fontSize: 32 }} aria-hidden />
          <Box>
            <Typography variant="body2" color="text.secondary">
              {title}
            </Typography>
            <Typography variant="h5" component="p" fontWeight={600} data-testid={`count-${key}`}>
              {counts ? formatCount(counts[key]) : loading ? <Skeleton width={48} /> : '—'}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
