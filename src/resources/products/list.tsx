import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Button from '@mui/material/Button';
import { useCan } from '@refinedev/core';
import { useState } from 'react';
import { onDemand } from '../../components/on-demand';
import { CountCards, useListCounts, type CountCard } from '../../components/CountCards';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import type { ProductCounts } from '../../domain';
import { ImportButton } from './ImportButton';
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

/** Edit prices & stock, with the grid's code (the DataGrid's editing, the paste), loaded when it first opens. */
const SkuSheetDialog = onDemand<{ open: boolean; onClose: () => void }>(
  () => import('./SkuSheetDialog'),
  (props) => props.open,
);

/** The Product Catalog (/catalog/products and /catalog): count cards over the generated list, and View Details in a dialog. */
export default function ProductList() {
  const canEdit = useCan({ resource: products.name, action: 'edit' }).data?.can === true;
  const [sheet, setSheet] = useState(false);
  return (
    <ResourceListScreen
      presentation={products}
      actions={
        <>
          {canEdit && (
            <Button variant="outlined" startIcon={<TableViewOutlined />} onClick={() => setSheet(true)}>
              Edit prices & stock
            </Button>
          )}
          <ImportButton />
        </>
      }
      summary={(list) => <ProductCountCards list={list} />}
      details={{
        title: () => 'Product Details',
        failure: (error) => (error && error.statusCode !== 404 ? `Error: ${error.message}` : 'Product not found'),
        children: (product) => <ProductDetails product={product} />,
      }}
    >
      <SkuSheetDialog open={sheet} onClose={() => setSheet(false)} />
    </ResourceListScreen>
  );
}
