import Chip from '@mui/material/Chip';
import { defineResource } from '../../components/resource/definition';
import { USER_ROLES, type SessionUser } from '../../domain';
import { CartItemsCell } from './CartItemsCell';
import { CustomerNameCell } from './CustomerNameCell';

/** Customers (SPEC.md): read-only; rows grow with the cart. Only what the users list sorts on sorts. */
export default defineResource<SessionUser>({
  name: 'users',
  noun: 'customer',
  actions: [],
  autoRowHeight: true,
  fields: {
    fullname: { label: 'Name', render: (customer) => <CustomerNameCell customer={customer} />, column: { flex: 1, minWidth: 200, sortable: true }, filter: 'search' },
    email: { label: 'Email', column: { flex: 1, minWidth: 200, sortable: true }, filter: 'search' },
    phone: { label: 'Phone', format: (phone: string | undefined) => phone || '-', column: { width: 150 } },
    role: {
      label: 'Role',
      // The role as stored ('admin'), capitalised by CSS only.
      render: ({ role }) => <Chip size="small" variant="outlined" label={role} color={role === 'admin' ? 'primary' : 'default'} sx={{ textTransform: 'capitalize' }} />,
      column: { width: 110 },
      filter: 'select',
      options: USER_ROLES.map((role) => ({ value: role, label: role.charAt(0).toUpperCase() + role.slice(1) })),
    },
    cartData: { label: 'Cart Items', render: (customer) => <CartItemsCell items={customer.cartData} />, column: { flex: 1, minWidth: 200 } },
    createdAt: { label: 'Created', kind: 'date', column: { width: 130, sortable: true } },
  },
  texts: {
    title: 'Customers',
    empty: 'No customers found.',
    loadFailed: 'Failed to load customers',
  },
});
