import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CurrencyRupeeOutlined from '@mui/icons-material/CurrencyRupeeOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { RecordLink } from '../../components/resource/RecordLink';
import { choices, presentResource, statusField } from '../../components/resource/presentation';
import {
  RETURN_DISPOSITION_LABELS,
  RETURN_DISPOSITIONS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_COLOURS,
  RETURN_RESOLUTION_LABELS,
  RETURN_RESOLUTIONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  formatRupeesExact,
  returnsContract,
  shortOrderId,
  type ReturnItem,
  type ReturnRecord,
} from '../../domain';
import { returnReceiveSchema, returnRejectSchema } from '../../domain/after-sale';

const labelled =
  <K extends string>(labels: Record<K, string>) =>
  (values: K[]) =>
    values.map((value) => labels[value]).join(', ');
/** One line as staff read it: '1 × Beagle Tee Mustard M → L (Too small, exchange)'. */
const lineText = (item: ReturnItem) =>
  `${item.qty} × ${item.name} ${item.color} ${item.size}${item.exchangeTo ? ` → ${item.exchangeTo.color} ${item.exchangeTo.size}` : ''} (${RETURN_REASON_LABELS[item.reason]}, ${RETURN_RESOLUTION_LABELS[item.resolution].toLowerCase()}${item.disposition ? `, ${RETURN_DISPOSITION_LABELS[item.disposition].toLowerCase()}` : ''})`;
const selectFilter = <K extends string>(label: string, values: readonly K[], labels: Record<K, string>) => ({
  filter: 'select' as const,
  options: choices(values, labels),
  allLabel: `All ${label}`,
});

/** Returns: a server-paged grid, a return's details, and its steps as the row's buttons. */
export default presentResource<ReturnRecord>(returnsContract, {
  actions: ['show'],
  recordLabel: (record) => `return #${shortOrderId(record._id)}`,
  autoRowHeight: true,
  recordCalls: [
    {
      call: 'receive',
      label: 'Receive',
      named: (name) => `Receive ${name}`,
      icon: InventoryOutlined,
      needs: 'edit',
      when: (record) => record.status === 'requested',
      done: 'Return received',
      form: {
        title: (name) => `Receive ${name}`,
        intro: (record) => record.items.map(lineText).join('; '),
        fields: {
          disposition: {
            label: 'The units',
            widget: 'select',
            required: true,
            options: choices(RETURN_DISPOSITIONS, { restock: 'Back in stock', damaged: 'Damaged: written off' }),
          },
        },
        body: (record, values) => ({
          items: record.items.map((item) => ({ line: item.line, disposition: values.disposition })),
        }),
        schema: returnReceiveSchema,
        submit: 'Receive',
      },
    },
    {
      call: 'refund',
      label: 'Refund',
      named: (name) => `Refund ${name}`,
      icon: CurrencyRupeeOutlined,
      needs: 'create',
      when: (record) => record.refundDue > 0 && record.refunded === 0 && record.status !== 'rejected',
      done: 'Refund issued',
      failed: 'The refund was not issued',
      confirm: 'What it is due goes back now: store-credit lines as a coupon for the customer, the rest as a refund.',
    },
    {
      call: 'close',
      label: 'Close',
      named: (name) => `Close ${name}`,
      icon: TaskAltOutlined,
      needs: 'edit',
      when: (record) => record.status === 'received',
      done: 'Return closed',
      confirm: 'The return is done.',
    },
    {
      call: 'reject',
      label: 'Reject',
      named: (name) => `Reject ${name}`,
      icon: BlockOutlined,
      needs: 'edit',
      when: (record) => record.status === 'requested',
      done: 'Return rejected',
      form: {
        title: (name) => `Reject ${name}`,
        intro: () => 'An exchange’s replacement order is cancelled and its units freed.',
        fields: { reason: { label: 'Why', widget: 'multiline', required: true } },
        body: (_record, values) => values,
        schema: returnRejectSchema,
        submit: 'Reject',
      },
    },
  ],
  texts: {
    title: 'Returns',
    subtitle: 'What customers send back: refunds, store credit and size exchanges',
    searchLabel: 'Search returns',
    searchPlaceholder: 'Order number, customer name or email',
    empty: 'No returns yet: a shipped order’s actions start one.',
    noMatch: 'No returns match these filters.',
    showTitle: 'Return details',
  },
  fields: {
    _id: {
      label: 'Return',
      kind: 'strong',
      format: (id: string) => `#${shortOrderId(id)}`,
      column: { width: 100 },
      filter: 'search',
    },
    order: {
      label: 'Order',
      render: (record) => (
        <RecordLink resource="orders" id={record.order._id} label={`#${shortOrderId(record.order._id)}`} />
      ),
      column: { width: 100 },
    },
    customer: {
      label: 'Customer',
      format: (customer: ReturnRecord['customer']) => customer?.fullname ?? '—',
      column: { flex: 1, minWidth: 140 },
    },
    status: statusField(
      'Status',
      RETURN_STATUSES,
      { colours: RETURN_STATUS_COLOURS, labels: RETURN_STATUS_LABELS },
      {
        column: { width: 120 },
        filterLabel: 'Return status',
        allLabel: 'All statuses',
      },
    ),
    items: { label: 'Lines', render: (record) => record.items.map(lineText).join('; '), column: false },
    qty: { label: 'Units', column: { width: 70, align: 'right' } },
    reasons: {
      label: 'Reason',
      format: labelled(RETURN_REASON_LABELS),
      column: { flex: 1, minWidth: 130, hideBelow: 'md' },
    },
    resolutions: {
      label: 'Resolution',
      format: labelled(RETURN_RESOLUTION_LABELS),
      column: { width: 130, hideBelow: 'md' },
    },
    reason: { label: 'Reason', ...selectFilter('reasons', RETURN_REASONS, RETURN_REASON_LABELS), column: false },
    resolution: {
      label: 'Resolution',
      ...selectFilter('resolutions', RETURN_RESOLUTIONS, RETURN_RESOLUTION_LABELS),
      column: false,
    },
    refundDue: { label: 'Refund due', kind: 'money', column: { width: 110, align: 'right', sortable: true } },
    refunded: { label: 'Refunded', kind: 'money', column: false },
    storeCredit: {
      label: 'Store credit',
      format: (credit: ReturnRecord['storeCredit']) =>
        credit ? `${credit.code} · ${formatRupeesExact(credit.amount)}` : '—',
      column: false,
    },
    exchangeOrder: {
      label: 'Replacement order',
      render: (record) =>
        record.exchangeOrder ? (
          <RecordLink
            resource="orders"
            id={record.exchangeOrder._id}
            label={`#${shortOrderId(record.exchangeOrder._id)}`}
          />
        ) : (
          '—'
        ),
      column: false,
    },
    note: { label: 'Note', column: false },
    rejectReason: { label: 'Rejected because', column: false },
    createdAt: { label: 'Requested', kind: 'date', column: { width: 110, sortable: true } },
    from: { label: 'From', filter: 'date', column: false },
    to: { label: 'To', filter: 'date', column: false },
  },
});
