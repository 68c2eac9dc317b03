import Typography from '@mui/material/Typography';
import type { Address } from '../../domain';

/** A postal address as it goes on a parcel. */
export function AddressBlock({ address }: { address: Address | null | undefined }) {
  if (!address) return <Typography variant="body2">—</Typography>;
  const cityLine = [address.city, address.state].filter(Boolean).join(', ') + (address.pincode ? ` - ${address.pincode}` : '');
  return (
    <Typography component="address" variant="body2" sx={{ fontStyle: 'normal', lineHeight: 1.7 }}>
      <strong>{address.name}</strong>
      <br />
      {address.address}
      <br />
      {cityLine}
      {address.country ? (
        <>
          <br />
          {address.country}
        </>
      ) : null}
      {address.phone ? (
        <>
          <br />
          Phone: {address.phone}
        </>
      ) : null}
    </Typography>
  );
}
