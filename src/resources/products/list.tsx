import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { CountCards, useListCounts, type CountCard } from '../../components/CountCards';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import type { ProductCounts } from '../../domain';
import { ProductDetails } from './ProductDetails';
import products from './resource';
import { countProducts } from './use-product-counts';

const CARDS: CountCard<keyof ProductCounts>[] = [
  { key: 'total', title: 'Total Products', icon: Inventory2Outlined, colour: 'primary.main' },
  { key: 'active', title: 'Active Products', icon: CheckCircleOutline, colour: 'success.main' },
  { key: 'lowStock', title: 'Low Stock', icon: WarningAmberOutlined, colour: 'warning.main' },
  { key: 'outOfStock', title: 'Out of Stock', icon: RemoveShoppingCartOutlined, colour: 'error.main' },
];

/** The four catalogue counts, over the whole catalogue whatever page of it the grid shows. */
function ProductCountCards({ list }: { list: { data?: object; isSuccess: boolean } }) {
  return <CountCards cards={CARDS} {...useListCounts('products', list, countProducts)} />;
}

/** The Product Catalog (/catalog/products and /catalog): count cards over the generated list, and View Details in a dialog. */
export default function ProductList() {
  return (
    <ResourceListScreen
      presentation={products}
      summary={(list) => <ProductCountCards list={list} />}
      details={{
        title: () => 'Product Details',
        failure: (error) => (error && error.statusCode !== 404 ? `Error: ${error.message}` : 'Product not found'),
        children: (product) => <ProductDetails product={product} />,
      }}
    />
  );
}
