import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CurrencyRupeeOutlined from '@mui/icons-material/CurrencyRupeeOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { RecordLink } from '../../components/resource/RecordLink';
import { choices, FROM_TO, presentResource, selectFilter, statusField } from '../../components/resource/presentation';
import { formatRupeesExact, shortOrderId } from '../../domain';
import {
  RETURN_DISPOSITION_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_COLOURS,
  RETURN_RESOLUTION_LABELS,
  RETURN_STATUS_LABELS,
  returnsContract,
  type ReturnItem,
  type ReturnRecord,
} from '../../domain/returns';
import { returnReceiveSchema, returnRejectSchema } from '../../domain/after-sale';

/** One line as staff read it: '1 × Beagle Tee Mustard M → L (Too small, exchange)'. */
const lineText = (item: ReturnItem) =>
  `${item.qty} × ${item.name} ${item.color} ${item.size}${item.exchangeTo ? ` → ${item.exchangeTo.color} ${item.exchangeTo.size}` : ''} (${RETURN_REASON_LABELS[item.reason]}, ${RETURN_RESOLUTION_LABELS[item.resolution].toLowerCase()}${item.disposition ? `, ${RETURN_DISPOSITION_LABELS[item.disposition].toLowerCase()}` : ''})`;
/** An order the return is about, linked by its number. */
const orderLink = (order: { _id: string }) => (
  <RecordLink resource="orders" id={order._id} label={`#${shortOrderId(order._id)}`} />
);

/** Returns: a server-paged grid, a return's details, and its steps as the row's buttons (and the details'). */
export default presentResource<ReturnRecord>(returnsContract, {
  actions: ['show'],
  recordLabel: (record) => `return #${shortOrderId(record._id)}`,
  autoRowHeight: true,
  // The details list every field but the number and the grid's summaries of the lines, which they show whole.
  showAll: { except: ['_id', 'qty', 'reasons', 'resolutions'] },
  recordCalls: [
    {
      call: 'receive',
      icon: InventoryOutlined,
      when: (record) => record.status === 'requested',
      done: 'Return received',
      form: {
        intro: (record) => record.items.map(lineText).join('; '),
        fields: {
          disposition: {
            label: 'The units',
            widget: 'select',
            required: true,
            options: choices({ restock: 'Back in stock', damaged: 'Damaged: written off' }),
          },
        },
        body: (record, values) => ({
          items: record.items.map((item) => ({ line: item.line, disposition: values.disposition })),
        }),
        schema: returnReceiveSchema,
      },
    },
    {
      call: 'refund',
      icon: CurrencyRupeeOutlined,
      needs: 'create',
      when: (record) => record.refundDue > 0 && record.refunded === 0 && record.status !== 'rejected',
      done: 'Refund issued',
      failed: 'The refund was not issued',
      confirm: 'What it is due goes back now: store-credit lines as a coupon for the customer, the rest as a refund.',
    },
    {
      call: 'close',
      icon: TaskAltOutlined,
      when: (record) => record.status === 'received',
      done: 'Return closed',
      confirm: 'The return is done.',
    },
    {
      call: 'reject',
      icon: BlockOutlined,
      when: (record) => record.status === 'requested',
      done: 'Return rejected',
      form: {
        intro: () => 'An exchange’s replacement order is cancelled and its units freed.',
        fields: { reason: { label: 'Why', widget: 'multiline', required: true } },
        body: (_record, values) => values,
        schema: returnRejectSchema,
      },
    },
  ],
  texts: {
    subtitle: 'What customers send back: refunds, store credit and size exchanges',
    searchPlaceholder: 'Order number, customer name or email',
    empty: 'No returns yet: a shipped order’s actions start one.',
    noMatch: 'No returns match these filters.',
  },
  fields: {
    _id: {
      label: 'Return',
      kind: 'strong',
      format: (id: string) => `#${shortOrderId(id)}`,
      column: { width: 100 },
      filter: 'search',
    },
    order: { label: 'Order', render: (record) => orderLink(record.order), column: { width: 100 } },
    customer: {
      label: 'Customer',
      format: (customer: ReturnRecord['customer']) => customer?.fullname ?? '—',
      column: { flex: 1, minWidth: 140 },
    },
    status: statusField(
      'Status',
      { colours: RETURN_STATUS_COLOURS, labels: RETURN_STATUS_LABELS },
      {
        column: { width: 120 },
        filterLabel: 'Return status',
        allLabel: 'All statuses',
      },
    ),
    items: { label: 'Lines', render: (record) => record.items.map(lineText).join('; ') },
    qty: { label: 'Units', column: { width: 70, align: 'right' } },
    reasons: {
      label: 'Reason',
      kind: 'list',
      options: choices(RETURN_REASON_LABELS),
      column: { flex: 1, minWidth: 130, hideBelow: 'md' },
    },
    resolutions: {
      label: 'Resolution',
      kind: 'list',
      options: choices(RETURN_RESOLUTION_LABELS),
      column: { width: 130, hideBelow: 'md' },
    },
    reason: { label: 'Reason', ...selectFilter(RETURN_REASON_LABELS, 'All reasons') },
    resolution: { label: 'Resolution', ...selectFilter(RETURN_RESOLUTION_LABELS, 'All resolutions') },
    refundDue: {
      label: 'Refund due',
      kind: 'money',
      column: { width: 110, align: 'right', sortable: true },
    },
    refunded: { label: 'Refunded', kind: 'money' },
    storeCredit: {
      label: 'Store credit',
      format: (credit: ReturnRecord['storeCredit']) =>
        credit ? `${credit.code} · ${formatRupeesExact(credit.amount)}` : '—',
    },
    exchangeOrder: {
      label: 'Replacement order',
      render: (record) => (record.exchangeOrder ? orderLink(record.exchangeOrder) : '—'),
    },
    note: { label: 'Note' },
    rejectReason: { label: 'Rejected because' },
    createdAt: { label: 'Requested', kind: 'date', column: { width: 110, sortable: true } },
    ...FROM_TO,
  },
});
