import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import type { WidgetProps } from '../../components/resource/presentation';
import { ORDER_LINE_MAX_QTY, formatRupeesExact, itemsSubtotal, skuName, type StockSku } from '../../domain';

/** A line as the form keeps it: what the API takes ({product, color, size, qty}) and what the screen shows of its SKU. */
type Line = { product: string; color: string; size: string; qty: number } & Pick<
  StockSku,
  'sku' | 'price' | 'available'
> & { name: string };

/**
 * The order's lines: a SKU found by typing a product's name or its code (each with what is available),
 * then its quantity. A line asking more than is available is marked on the line (a draft may still keep it).
 */
export function OrderLines({ value, onChange, error, errorParts, disabled, label }: WidgetProps) {
  const lines = (Array.isArray(value) ? value : []) as Line[];
  /** What the form or the server said of line `at` (its quantity, its size...), if anything. */
  const lineError = (at: number) =>
    Object.values(
      (errorParts as Record<number, Record<string, { message?: string }> | undefined> | undefined)?.[at] ?? {},
    )
      .map((part) => part?.message)
      .find(Boolean);
  const [typed, setTyped] = useState('');
  const { result, query } = useList<StockSku>({
    resource: 'stock',
    filters: [
      { field: 'onSale', operator: 'eq', value: true },
      { field: 'q', operator: 'contains', value: typed.trim() },
    ],
    pagination: { currentPage: 1, pageSize: 10 },
  });
  const add = (sku: StockSku) => {
    const at = lines.findIndex((line) => line.sku === sku.sku);
    if (at >= 0) return onChange(lines.map((line, i) => (i === at ? { ...line, qty: line.qty + 1 } : line)));
    const { product, color, size, price, available } = sku;
    onChange([
      ...lines,
      { product: product._id, name: product.name, color, size, sku: sku.sku, price, available, qty: 1 },
    ]);
  };
  const setQty = (at: number, typedQty: string) =>
    onChange(lines.map((line, i) => (i === at ? { ...line, qty: typedQty === '' ? NaN : Number(typedQty) } : line)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Box component="legend" sx={{ typography: 'subtitle1', fontWeight: 600, mb: 1 }}>
        {label}
      </Box>
      <Autocomplete
        // Only the answer to what is typed now: a slower answer to an earlier text must not be chosen by Enter.
        options={query.isFetching ? [] : result.data}
        loading={query.isFetching}
        value={null}
        inputValue={typed}
        blurOnSelect={false}
        filterOptions={(options) => options}
        getOptionLabel={(sku) => sku.sku}
        onInputChange={(_event, text, reason) => reason !== 'reset' && setTyped(text)}
        onChange={(_event, sku) => {
          if (sku) add(sku);
          setTyped('');
        }}
        renderOption={({ key, ...props }, sku) => (
          <li key={key} {...props}>
            <Box>
              <Typography variant="body2" fontWeight={500}>
                {sku.sku} · {skuName(sku.product.name, sku.color, sku.size)}
              </Typography>
              <Typography variant="caption" color={sku.available > 0 ? 'text.secondary' : 'error'}>
                {sku.available} available · {formatRupeesExact(sku.price)}
              </Typography>
            </Box>
          </li>
        )}
        disabled={disabled}
        noOptionsText="No SKU on sale matches"
        renderInput={(params) => (
          <TextField
            {...params}
            label="Add a line: product name or SKU"
            size="small"
            error={Boolean(error) && lines.length === 0}
            helperText={lines.length === 0 ? (error ?? 'Type, then choose with the arrow keys and Enter') : undefined}
          />
        )}
      />
      {lines.length > 0 && (
        <Table size="small" aria-label="Order lines">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>SKU</TableCell>
              <TableCell sx={{ width: 110 }}>Qty</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, at) => {
              const short = Number.isFinite(line.qty) && line.qty > line.available;
              const qtyProblem = !Number.isInteger(line.qty) || line.qty < 1 || line.qty > ORDER_LINE_MAX_QTY;
              const said = lineError(at);
              return (
                <TableRow key={line.sku}>
                  <TableCell>{skuName(line.name, line.color, line.size)}</TableCell>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={Number.isNaN(line.qty) ? '' : line.qty}
                      onChange={(event) => setQty(at, event.target.value.trim())}
                      disabled={disabled}
                      error={Boolean(said) || short || qtyProblem}
                      helperText={
                        said ??
                        (qtyProblem
                          ? `1 to ${ORDER_LINE_MAX_QTY}`
                          : short
                            ? `Only ${Math.max(line.available, 0)} available`
                            : `${line.available} available`)
                      }
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${line.sku}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">{formatRupeesExact(line.price)}</TableCell>
                  <TableCell align="right">
                    {Number.isFinite(line.qty) ? formatRupeesExact(line.qty * line.price) : '—'}
                  </TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={`Remove ${line.sku}`}
                      disabled={disabled}
                      onClick={() => onChange(lines.filter((_, i) => i !== at))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {lines.length > 0 && (
        <Typography variant="body2" sx={{ justifySelf: 'end' }}>
          Items: {formatRupeesExact(itemsSubtotal(lines.filter((line) => Number.isFinite(line.qty))))} (coupon, shipping
          and tax are worked out when the order is saved)
        </Typography>
      )}
      {error && lines.length > 0 && !lines.some((_, at) => lineError(at)) && (
        <Typography role="alert" variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
