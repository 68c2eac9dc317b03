import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { choices, presentResource } from '../../components/resource/presentation';
import type { TableColumn } from '../../components/SimpleTable';
import {
  ADJUST_REASONS,
  formatCount,
  formatDateTime,
  shortOrderId,
  STOCK_REASON_LABELS,
  stockAdjustSchema,
  skuName,
  stockContract,
  stockMovementsContract,
  type StockMovement,
  type StockSku,
} from '../../domain';

/** A SKU's movements, as its Movements dialog lists them. */
const MOVEMENT_COLUMNS: TableColumn<StockMovement>[] = [
  { label: 'When', value: (m) => `${formatDateTime(m.at)} · ${m.actor.fullname}` },
  {
    label: 'Reason',
    value: (m) =>
      [STOCK_REASON_LABELS[m.reason], m.order && `order #${shortOrderId(m.order)}`, m.note].filter(Boolean).join(' · '),
  },
  { label: 'Field', value: (m) => (m.field === 'onHand' ? 'On hand' : 'Reserved') },
  {
    label: 'Change',
    align: 'right',
    value: (m) => (m.delta > 0 ? `+${formatCount(m.delta)}` : `−${formatCount(-m.delta)}`),
  },
  { label: 'On hand', align: 'right', value: (m) => formatCount(m.onHandAfter) },
  { label: 'Reserved', align: 'right', value: (m) => formatCount(m.reservedAfter) },
];
const right = (width: number, sortable = false) => ({ width, align: 'right' as const, sortable });

/** The Stock screen: a server-paged grid of SKUs, the low and the sold-out a filter away. */
export default presentResource<StockSku>(stockContract, {
  noun: 'SKU',
  actions: [],
  recordLabel: (sku) => sku.sku,
  recordCalls: [
    {
      call: 'adjust',
      label: 'Adjust stock',
      icon: TuneOutlined,
      done: 'Stock adjusted',
      form: {
        title: (sku) => `Adjust ${sku}`,
        intro: (sku) =>
          `${skuName(sku.product.name, sku.color, sku.size)}: ${formatCount(sku.countInStock)} on hand, ${formatCount(sku.reserved)} reserved, ${formatCount(sku.available)} available`,
        fields: {
          delta: { label: 'Change by (+ or −)', widget: 'number' },
          counted: { label: 'Or units counted', widget: 'number', helper: 'The count found on the shelf' },
          reason: {
            label: 'Reason',
            widget: 'select',
            options: choices(ADJUST_REASONS, STOCK_REASON_LABELS),
          },
          note: { label: 'Note', widget: 'multiline' },
        },
        body: (sku, values) => ({ sku: sku.sku, ...values }),
        schema: stockAdjustSchema,
        submit: 'Save adjustment',
      },
    },
    {
      call: 'movements',
      icon: HistoryOutlined,
      needs: 'show',
      related: {
        title: (sku) => `Movements of ${sku}`,
        contract: stockMovementsContract,
        filter: (sku) => ({ sku: sku.sku }),
        sort: { field: 'at', order: 'desc' },
        empty: 'No movements yet.',
        columns: MOVEMENT_COLUMNS,
      },
    },
  ],
  texts: {
    title: 'Stock',
    subtitle: 'Units on hand, held by open orders, and left to sell, per SKU',
    searchLabel: 'Search SKUs',
    searchPlaceholder: 'SKU or product name',
    empty: 'No SKUs yet: a product’s sizes appear here.',
    noMatch: 'No SKUs match these filters.',
  },
  fields: {
    sku: { label: 'SKU', kind: 'strong', column: { minWidth: 170, flex: 1, sortable: true }, filter: 'search' },
    product: {
      label: 'Product',
      format: (_product: never, sku: StockSku) => `${sku.product.name} · ${sku.color} / ${sku.size}`,
      column: { minWidth: 170, flex: 1 },
    },
    countInStock: { label: 'On hand', format: formatCount, column: right(78, true) },
    reserved: { label: 'Reserved', format: formatCount, column: right(84, true) },
    available: {
      label: 'Available',
      format: formatCount,
      // The count, and a badge once it is at the SKU's low line or out.
      kind: 'badge',
      badge: {
        colours: { out: 'error', low: 'warning' },
        labels: { out: 'Out', low: 'Low' },
        value: (sku) => (sku.available <= 0 ? 'out' : sku.available <= sku.lowStockAt ? 'low' : undefined),
        beside: true,
      },
      column: right(112, true),
    },
    lowStockAt: { label: 'Low at', format: formatCount, column: { ...right(66), hideBelow: 'md' } },
    soldLast30Days: { label: 'Sold 30d', format: formatCount, column: { ...right(80), hideBelow: 'md' } },
    daysOfCover: {
      label: 'Cover, days',
      format: (days: number | null) => (days === null ? '—' : String(days)),
      column: { ...right(100, true), hideBelow: 'md' },
    },
    low: { label: 'Low stock', filter: 'boolean' },
    out: { label: 'Out of stock', filter: 'boolean' },
  },
});
