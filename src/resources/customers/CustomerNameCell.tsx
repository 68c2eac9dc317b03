import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../domain';

/** The customer's picture, or the first letter of the name when there is none. */
export function CustomerNameCell({ customer }: { customer: SessionUser }) {
  const name = customer.fullname || customer.name || customer.email;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
      <Avatar src={customer.avatar || undefined} alt={name} sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Typography variant="body2" fontWeight={500} noWrap>
        {name}
      </Typography>
    </Box>
  );
}
