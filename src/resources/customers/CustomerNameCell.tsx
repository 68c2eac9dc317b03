import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '../../domain';

/** The customer's picture (or the first letter of the name) and the name, which opens their page. */
export function CustomerNameCell({ customer }: { customer: SessionUser }) {
  const name = customer.fullname || customer.name || customer.email;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
      <Avatar src={customer.avatar || undefined} alt={name} sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Link component={RouterLink} to={`/customers/${customer._id}`} variant="body2" fontWeight={500} underline="hover" noWrap>
        {name}
      </Link>
    </Box>
  );
}
