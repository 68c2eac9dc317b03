import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDelete } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCreateActionRequest } from '../../components/quick-add';
import { COUPON_MESSAGES, type Coupon } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { CouponFormDialog } from './CouponFormDialog';
import { CouponGrid } from './CouponGrid';

/** Coupons (/catalog/coupons). */
export default function CouponList() {
  const { dataGridProps, tableQuery } = useDataGrid<Coupon>({
    resource: 'coupons',
    pagination: { pageSize: 10 },
    syncWithLocation: false,
  });

  const { requested, settle } = useCreateActionRequest();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Coupon | undefined>();
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

  const [deleting, setDeleting] = useState<Coupon | undefined>();
  const { mutate: deleteCoupon, mutation: deletion } = useDelete();
  const confirmDelete = () => {
    if (!deleting) return;
    deleteCoupon(
      {
        resource: 'coupons',
        id: deleting._id,
        successNotification: () => ({ type: 'success', message: 'Coupon deleted successfully' }),
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, 'Failed to delete coupon') }),
      },
      { onSettled: () => setDeleting(undefined) },
    );
  };

  const onEdit = useCallback((coupon: Coupon) => {
    setEditing(coupon);
    setFormOpen(true);
  }, []);
  const onDelete = useCallback((coupon: Coupon) => setDeleting(coupon), []);

  return (
    <Box component="section" aria-label="Coupons">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h4" component="h1">
            Coupons
          </Typography>
          <Typography color="text.secondary">Discount codes customers can apply at checkout.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(undefined);
            setFormOpen(true);
          }}
        >
          Add New Coupon
        </Button>
      </Box>

      {tableQuery.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`Error: ${tableQuery.error.message}`}
        </Alert>
      )}
      <Paper variant="outlined">
        <CouponGrid dataGridProps={dataGridProps} onEdit={onEdit} onDelete={onDelete} />
      </Paper>

      <CouponFormDialog open={formOpen} coupon={editing} onClose={closeForm} />
      <ConfirmDialog
        open={deleting !== undefined}
        question={COUPON_MESSAGES.deleteQuestion}
        title={deleting ? `Delete coupon ${deleting.code}?` : undefined}
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
