import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShoppingCartCheckoutOutlined from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import { choices, formOnly, presentResource, statusField, type FormSpec } from '../../components/resource/presentation';
import { recordPicker } from '../../components/resource/RecordPicker';
import { EditItems } from './EditItems';
import { OrderDetails } from './OrderDetails';
import { OrderLines } from './OrderLines';
import { ReturnLines, type ReturnLine } from './ReturnLines';
import {
  ORDER_DRAFT,
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  FREE_SHIPPING_FROM,
  NEW_ORDER_PAYMENT_STATUSES,
  PAYMENT_METHODS,
  SHIPPING_FEE,
  formatRupeesExact,
  orderPlace,
  paymentMethodLabel,
  shortOrderId,
  type Order,
  type SessionUser,
  ordersContract,
} from '../../domain';
import {
  EDITABLE_ORDER_STATES,
  orderItemsUpdateSchema,
  RETURNABLE_ORDER_STATES,
  returnCreateSchema,
} from '../../domain/after-sale';

const orderNumber = (order: Order) => `#${shortOrderId(order._id)}`;

const paymentStatus = (order: Order) => order.paymentResult?.status;

/** The New order form's fields under its Ship to and Payment headings (the grid shows none of them). */
const address = (label: string, required = false) => formOnly<Order>(label, { widget: 'text', required }, 'Ship to');
const payment = (label: string, form: FormSpec) => formOnly<Order>(label, form, 'Payment');

/**
 * The order's customer: one found by name or email (its id), or a new one typed in, whom the order's
 * save adds. `?customer=<id>` in the address (a customer's page) chooses one.
 */
const CustomerPicker = recordPicker<SessionUser>({
  resource: 'users',
  filters: { role: 'customer' },
  optionLabel: (user) => `${user.fullname} · ${user.email}`,
  helper: 'Search by name or email',
  prompt: 'Type a name or an email',
  noMatch: 'No customer matches',
  param: 'customer',
  create: {
    title: 'New customer',
    fields: [
      { name: 'fullname', label: 'Full name', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'tel' },
    ],
    button: 'New customer',
    back: 'Find a customer instead',
  },
});

/**
 * Orders: the grid, with a menu per row and the details in a dialog, and New Order, whose fields sit among
 * the grid's in the form's order. Only date, total and status sort, as the server does (the contract's list).
 */
const orders = presentResource<Order>(ordersContract, {
  // Staff add orders (New order: placed, or saved as a draft); the list's menu does the rest.
  actions: ['create'],
  alsoSave: { label: 'Save as draft', values: { draft: true } },
  outcomes: { created: 'server' },
  // An order's only edit is its status, any one at any time (support may change it too, see the access control).
  rowMenu: {
    label: (name) => `Actions for order ${name}`,
    view: 'View Details',
    links: [{ label: 'Print packing slip', icon: PrintOutlined, to: (order) => `/orders/${order._id}/print` }],
    status: {
      field: 'status',
      heading: 'Update status',
      options: choices(ORDER_STATUSES, ORDER_STATUS_LABELS),
      // A draft is placed rather than set.
      when: (order) => order.status !== ORDER_DRAFT,
      done: 'Order status updated successfully!',
      failed: 'Failed to update order status',
    },
  },
  details: {
    title: (id) => `Order Details #${shortOrderId(id)}`,
    loadingLabel: 'Loading order details',
    closeIcon: true,
    children: (order) => <OrderDetails order={order} fields={orders.fields} />,
  },
  recordCalls: [
    {
      call: 'placeDraft',
      label: 'Place order',
      icon: ShoppingCartCheckoutOutlined,
      when: (order) => order.status === ORDER_DRAFT,
      done: 'Order placed',
      failed: 'The draft was not placed',
      confirm: 'It becomes pending, and its units are reserved now.',
    },
    {
      call: 'editItems',
      icon: EditNoteOutlined,
      when: (order) => (EDITABLE_ORDER_STATES as readonly string[]).includes(order.status),
      done: 'Order updated',
      form: {
        title: (name) => `Edit items of ${name}`,
        fields: { orderItems: { label: 'Items', widget: EditItems } },
        // The schema keeps of each line what the API takes (product, colour, size, quantity).
        body: (order, { orderItems }) => ({ orderItems, updatedAt: order.updatedAt }),
        schema: orderItemsUpdateSchema,
        submit: 'Save items',
        width: 'md',
      },
    },
    {
      call: 'returns',
      label: 'Return / exchange',
      icon: ReplayOutlined,
      when: (order) => (RETURNABLE_ORDER_STATES as readonly string[]).includes(order.status),
      done: 'Return requested',
      form: {
        title: (name) => `Return or exchange from ${name}`,
        fields: {
          items: { label: 'Lines', widget: ReturnLines },
          note: { label: 'Note', widget: 'multiline' },
        },
        body: (_order, { items, note }) => ({
          items: ((items ?? []) as ReturnLine[])
            .filter((row) => row.qty > 0)
            .map(({ size, ...row }) => ({ ...row, ...(row.resolution === 'exchange' && { exchangeTo: { size } }) })),
          note,
        }),
        schema: returnCreateSchema,
        submit: 'Request return',
        width: 'md',
      },
    },
  ],
  defaults: { orderItems: [], paymentMethod: 'cod', paymentStatus: 'pending' },
  recordLabel: orderNumber,
  rowHeight: 60,
  initialSort: { field: 'createdAt', order: 'desc' },
  fields: {
    _id: {
      label: 'Order',
      format: (_id, order) => orderNumber(order),
      sub: orderPlace,
      column: { width: 120 },
      filter: 'search',
    },
    user: {
      label: 'Customer',
      format: (_user, order) => order.user?.fullname ?? order.shippingAddress?.name ?? '—',
      sub: (order) => order.user?.email ?? '',
      column: { flex: 1, minWidth: 200, hideBelow: 'sm' },
      filter: 'search',
    },
    status: statusField(
      'Status',
      { colours: ORDER_STATUS_COLOURS, labels: ORDER_STATUS_LABELS },
      { column: { width: 120, sortable: true }, filterLabel: 'Order status', allLabel: 'All statuses' },
    ),
    customer: formOnly('Customer', { widget: CustomerPicker, required: true, wide: true }),
    orderItems: formOnly('Lines', { widget: OrderLines, required: true, wide: true }),
    'shippingAddress.name': address('Name', true),
    'shippingAddress.phone': address('Phone'),
    'shippingAddress.address': address('Address', true),
    'shippingAddress.city': address('City', true),
    'shippingAddress.pincode': address('Pincode'),
    paymentMethod: payment('Payment method', {
      widget: 'select',
      required: true,
      options: choices(PAYMENT_METHODS, paymentMethodLabel),
    }),
    paymentStatus: statusField(
      'Payment',
      { colours: PAYMENT_STATUS_COLOURS, labels: PAYMENT_STATUS_LABELS, value: paymentStatus },
      {
        // An order without a payment result reads '—', not a badge.
        format: (_status, order) => paymentStatus(order) ?? '—',
        column: { width: 120, hideBelow: 'md' },
        form: {
          label: 'Payment status',
          group: 'Payment',
          widget: 'select',
          required: true,
          options: choices(NEW_ORDER_PAYMENT_STATUSES, PAYMENT_STATUS_LABELS),
        },
        filterLabel: 'Payment status',
        allLabel: 'All payments',
      },
    ),
    advancePaid: payment('Advance paid', { widget: 'money', helper: 'Cash on delivery only' }),
    couponCode: payment('Coupon code', { widget: 'text' }),
    shippingPrice: payment('Shipping fee', {
      widget: 'money',
      helper: `Blank: free from ${formatRupeesExact(FREE_SHIPPING_FROM)}, else ${formatRupeesExact(SHIPPING_FEE)}`,
    }),
    note: formOnly('Note', { widget: 'multiline', wide: true, helper: 'Goes on the order’s timeline' }),
    totalPrice: {
      label: 'Total',
      format: formatRupeesExact,
      column: { width: 140, sortable: true, align: 'right', hideBelow: 'sm' },
    },
    createdAt: { label: 'Date', kind: 'date', column: { width: 130, sortable: true, hideBelow: 'md' } },
  },
});
export default orders;
