import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { Address } from '../domain';

/** A postal address as a label reads: name, street, city and pincode, country, phone; '—' without one. */
export function AddressBlock({ address }: { address: Address | null | undefined }) {
  if (!address) return <Typography variant="body2">—</Typography>;
  const cityLine =
    [address.city, address.state].filter(Boolean).join(', ') + (address.pincode ? ` - ${address.pincode}` : '');
  const lines = [
    <strong>{address.name}</strong>,
    address.address,
    cityLine,
    address.country,
    address.phone && `Phone: ${address.phone}`,
  ];
  return (
    <Typography component="address" variant="body2" sx={{ fontStyle: 'normal', lineHeight: 1.7 }}>
      {lines.filter(Boolean).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Typography>
  );
}
