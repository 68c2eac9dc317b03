import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDelete, type CrudFilter } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCreateActionRequest } from '../../components/quick-add';
import { PRODUCT_FORM_MESSAGES, type Product, type ProductCounts } from '../../domain';
import { SEARCH_FIELD } from '../../providers/data-provider/list-query';
import { ProductCountCards } from './ProductCountCards';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import { ProductFilters, type ProductFilterValues } from './ProductFilters';
import { ProductFormDialog } from './ProductFormDialog';
import { ProductGrid } from './ProductGrid';
import { useProductCounts } from './use-product-counts';

const SEARCH_DEBOUNCE_MS = 300;

function listFilters({ search, category, status }: ProductFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (search.trim()) filters.push({ field: SEARCH_FIELD, operator: 'contains', value: search.trim() });
  if (category) filters.push({ field: 'category', operator: 'eq', value: category });
  if (status) filters.push({ field: 'status', operator: 'eq', value: status });
  return filters;
}

/** The Product Catalog (/catalog/products and /catalog). */
export default function ProductList() {
  const { dataGridProps, tableQuery, setFilters } = useDataGrid<Product>({
    resource: 'products',
    pagination: { pageSize: 10 },
    syncWithLocation: false,
  });
  const listCounts = (tableQuery.data as { counts?: ProductCounts } | undefined)?.counts;
  const { counts, loading: countsLoading } = useProductCounts(listCounts, tableQuery.isSuccess);

  const [filterValues, setFilterValues] = useState<ProductFilterValues>({ search: '', category: '', status: '' });
  // Selects apply at once; typing in the search waits for a pause so each key is not a request.
  useEffect(() => {
    const timer = setTimeout(() => setFilters(listFilters(filterValues), 'replace'), filterValues.search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [filterValues, setFilters]);
  const filtered = listFilters(filterValues).length > 0;

  const { requested, settle } = useCreateActionRequest();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Product | undefined>();
  useEffect(() => {
    if (requested) {
      setEditing(undefined);
      setFormOpen(true);
    }
  }, [requested]);
  const closeForm = () => {
    setFormOpen(false);
    settle();
  };

  const [viewing, setViewing] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<Product | undefined>();
  const { mutate: deleteProduct, mutation: deletion } = useDelete();
  const confirmDelete = () => {
    if (!deleting) return;
    deleteProduct(
      {
        resource: 'products',
        id: deleting._id,
        successNotification: () => ({ type: 'success', message: PRODUCT_FORM_MESSAGES.deleted }),
        errorNotification: () => ({ type: 'error', message: PRODUCT_FORM_MESSAGES.deleteFailed }),
      },
      { onSettled: () => setDeleting(undefined) },
    );
  };

  const onEdit = useCallback((product: Product) => {
    setEditing(product);
    setFormOpen(true);
  }, []);
  const onView = useCallback((product: Product) => setViewing(product._id), []);
  const onDelete = useCallback((product: Product) => setDeleting(product), []);

  const loadError = tableQuery.error;

  return (
    <Box component="section" aria-label="Product Catalog">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h4" component="h1">
            Product Catalog
          </Typography>
          <Typography color="text.secondary">Manage products, their colour variants, sizes and stock.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(undefined);
            setFormOpen(true);
          }}
        >
          Add Product
        </Button>
      </Box>

      <ProductCountCards counts={counts} loading={countsLoading} />
      <ProductFilters values={filterValues} onChange={setFilterValues} />

      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError.message ? `Error: ${loadError.message}` : PRODUCT_FORM_MESSAGES.loadFailed}
        </Alert>
      )}
      <Paper variant="outlined">
        <ProductGrid
          dataGridProps={dataGridProps}
          emptyText={filtered ? 'No products match these filters.' : 'No products yet. Add your first product.'}
          onEdit={onEdit}
          onView={onView}
          onDelete={onDelete}
        />
      </Paper>

      <ProductFormDialog open={formOpen} product={editing} onClose={closeForm} />
      <ProductDetailsDialog productId={viewing} onClose={() => setViewing(undefined)} />
      <ConfirmDialog
        open={deleting !== undefined}
        question={PRODUCT_FORM_MESSAGES.deleteQuestion}
        title={deleting ? `Delete ${deleting.name}?` : undefined}
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
