import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCustom } from '@refinedev/core';
import { Link } from 'react-router';
import { STOCK_BASE, countOf } from '../../domain';

/** How many SKUs have an open low-stock alert (available at or below their line), with the way to the Stock screen. */
export function LowStockAlerts() {
  const { result, query } = useCustom<{ total: number }>({
    url: `${STOCK_BASE}/alerts`,
    method: 'get',
    errorNotification: false,
  });
  if (!query.isSuccess) return null;
  const open = result.data.total;
  return (
    <Alert
      severity={open > 0 ? 'warning' : 'success'}
      action={
        <Button color="inherit" size="small" component={Link} to="/catalog/stock">
          View stock
        </Button>
      }
    >
      {open === 0
        ? 'No low-stock alerts: every SKU is above its line.'
        : `${countOf(open, 'low-stock alert')}: SKUs at or below their line.`}
    </Alert>
  );
}
