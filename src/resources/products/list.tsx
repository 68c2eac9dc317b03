import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { fieldColumns } from '../../components/resource/columns';
import { ListFilters, listFiltersOf } from '../../components/resource/ListFilters';
import { ListHeader } from '../../components/resource/ListHeader';
import { ResourceFormDialog } from '../../components/resource/ResourceFormDialog';
import { ResourceGrid } from '../../components/resource/ResourceGrid';
import { rowActionsColumn } from '../../components/resource/RowActions';
import { useConfirmDelete } from '../../components/resource/useConfirmDelete';
import { useFormDialog } from '../../components/resource/useFormDialog';
import { usePermittedActions } from '../../components/resource/usePermittedActions';
import { useResourceGrid } from '../../components/resource/useResourceGrid';
import type { Product, ProductCounts } from '../../domain';
import { ProductCountCards } from './ProductCountCards';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import products from './resource';
import { useProductCounts } from './use-product-counts';

const { texts } = products;
const filters = listFiltersOf(products);

/** The Product Catalog (/catalog/products and /catalog): count cards, filters, the grid and its dialogs (those the role may use). */
export default function ProductList() {
  const { dataGridProps, tableQuery, filters: applied, onFilters } = useResourceGrid(products);
  const listCounts = (tableQuery.data as { counts?: ProductCounts } | undefined)?.counts;
  const { counts, loading: countsLoading } = useProductCounts(listCounts, tableQuery.isSuccess);
  const form = useFormDialog();
  const [viewing, setViewing] = useState<string>();
  const confirmDelete = useConfirmDelete(products);
  const actions = usePermittedActions(products);

  const { ask } = confirmDelete;
  const { open } = form;
  const columns = useMemo(
    () => [
      ...fieldColumns(products),
      rowActionsColumn<Product & { id: string }>({
        label: (product) => product.name,
        viewLabel: 'View Details',
        edit: actions.includes('edit') ? { onClick: (product) => open({ id: product._id }) } : undefined,
        view: actions.includes('show') ? { onClick: (product) => setViewing(product._id) } : undefined,
        onDelete: actions.includes('delete') ? ask : undefined,
      }),
    ],
    [ask, open, actions],
  );

  return (
    <Box component="section" aria-label={texts.title}>
      <ListHeader title={texts.title} subtitle={texts.subtitle} add={actions.includes('create') ? texts.add : undefined} onAdd={() => open({})} />
      <ProductCountCards counts={counts} loading={countsLoading} />
      <ListFilters {...filters} onChange={onFilters} />
      <ResourceGrid
        dataGridProps={dataGridProps}
        tableQuery={tableQuery}
        columns={columns}
        emptyText={applied.length > 0 ? 'No products match these filters.' : texts.empty}
        loadFailed={texts.loadFailed!}
        errorPrefix="Error: "
      />
      {form.dialog && <ResourceFormDialog definition={products} id={form.dialog.id} onClose={form.close} />}
      <ProductDetailsDialog productId={viewing} onClose={() => setViewing(undefined)} />
      {confirmDelete.dialog}
    </Box>
  );
}
