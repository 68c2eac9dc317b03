import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { CountCards, type CountCard } from '../../components/CountCards';
import type { ProductCounts } from '../../domain';
import { useProductCounts } from './use-product-counts';

const CARDS: CountCard<keyof ProductCounts>[] = [
  { key: 'total', title: 'Total Products', icon: Inventory2Outlined, colour: 'primary.main' },
  { key: 'active', title: 'Active Products', icon: CheckCircleOutline, colour: 'success.main' },
  { key: 'lowStock', title: 'Low Stock', icon: WarningAmberOutlined, colour: 'warning.main' },
  { key: 'outOfStock', title: 'Out of Stock', icon: RemoveShoppingCartOutlined, colour: 'error.main' },
];

/** The four catalogue counts, over the whole catalogue whatever the grid shows. */
export function ProductCountCards({ list }: { list: { data?: object; isSuccess: boolean } }) {
  const { counts, loading } = useProductCounts(list);
  return <CountCards cards={CARDS} counts={counts} loading={loading} />;
}
