import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RecordLink } from '../../components/resource/RecordLink';
import { choices, presentResource, selectFilter } from '../../components/resource/presentation';
import { formatCart, formatCartItem, USER_ROLES, type SessionUser, customersContract } from '../../domain';
import { fieldLabel } from '../../domain/contract';

const nameOf = (customer: SessionUser) => customer.fullname || customer.name || customer.email;

/** Customers: read-only; rows grow with the cart. Only what the users list sorts on sorts. */
export default presentResource<SessionUser>(customersContract, {
  noun: 'customer',
  actions: [],
  autoRowHeight: true,
  fields: {
    fullname: {
      label: 'Name',
      // The picture (or the name's first letter) and the name, which opens the customer's page.
      render: (customer) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
          <Avatar
            src={customer.avatar || undefined}
            alt={nameOf(customer)}
            sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}
          >
            {nameOf(customer).charAt(0).toUpperCase()}
          </Avatar>
          <RecordLink resource="users" id={customer._id} label={nameOf(customer)} strong />
        </Box>
      ),
      column: { flex: 1, minWidth: 160, sortable: true },
      filter: 'search',
    },
    email: { label: 'Email', column: { flex: 1, minWidth: 180, sortable: true }, filter: 'search' },
    phone: {
      label: 'Phone',
      format: (phone: string | undefined) => phone || '-',
      column: { width: 150, hideBelow: 'sm' },
    },
    role: {
      label: 'Role',
      // The role as stored ('admin'), capitalised by CSS only.
      render: ({ role }) => (
        <Chip
          size="small"
          variant="outlined"
          label={role}
          color={role === 'admin' ? 'primary' : 'default'}
          sx={{ textTransform: 'capitalize' }}
        />
      ),
      column: { width: 110, hideBelow: 'md' },
      ...selectFilter(choices(USER_ROLES, fieldLabel)),
    },
    cartData: {
      label: 'Cart Items',
      empty: formatCart([]),
      render: ({ cartData }) => (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, py: 1 }}>
          {cartData.map((item, index) => (
            <Typography component="li" variant="body2" key={index} title={item.name}>
              {formatCartItem(item)}
            </Typography>
          ))}
        </Box>
      ),
      column: { flex: 1, minWidth: 200, hideBelow: 'md' },
    },
    createdAt: { label: 'Created', kind: 'date', column: { width: 130, sortable: true, hideBelow: 'sm' } },
  },
});
