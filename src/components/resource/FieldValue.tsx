import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDate, formatRupees } from '../../domain';
import { formatCommaList } from '../comma-list';
import { StatusBadge } from '../StatusBadge';
import type { FieldSpec, StoreRecord } from './definition';

interface FieldValueProps<T extends StoreRecord> {
  name: string;
  spec: FieldSpec<T>;
  record: T;
  /** The detail page shows pictures large; a grid cell shows a thumbnail. */
  large?: boolean;
}

const muted = (text: string) => (
  <Typography variant="body2" color="text.secondary" component="span">
    {text}
  </Typography>
);

/** The text of a field's value, as a cell, a detail row and an export read it. */
export function fieldText<T extends StoreRecord>(name: string, spec: FieldSpec<T>, record: T): string {
  const value = (record as unknown as Record<string, unknown>)[name];
  if (spec.format) return spec.format(value as never, record);
  switch (spec.kind) {
    case 'money':
      return value === null || value === undefined ? '—' : formatRupees(Number(value));
    case 'date':
      return formatDate(value as string | undefined);
    case 'list':
      return formatCommaList(value as string[] | undefined) || '—';
    default:
      return value === null || value === undefined || value === '' ? '—' : String(value);
  }
}

export function FieldValue<T extends StoreRecord>({ name, spec, record, large }: FieldValueProps<T>) {
  if (spec.render) return spec.render(record);
  const value = (record as unknown as Record<string, unknown>)[name];
  switch (spec.kind) {
    case 'image':
      return typeof value === 'string' && value ? (
        <Box
          component="img"
          src={value}
          alt={spec.alt ? spec.alt(record) : spec.label}
          sx={
            large
              ? { display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 2 }
              : { width: 112, height: 44, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }
          }
        />
      ) : (
        muted('—')
      );
    case 'link':
      if (typeof value !== 'string' || !value) return muted('N/A');
      // A storefront path (/collections/summer) would open a console page on this origin: shown as text.
      return /^https?:\/\//i.test(value) ? (
        <Link href={value} target="_blank" rel="noopener noreferrer" underline="hover" variant="body2">
          {value}
        </Link>
      ) : (
        <Typography variant="body2" component="span" title="A path on the storefront">
          {value}
        </Typography>
      );
    case 'badge': {
      const badge = spec.badge!;
      return <StatusBadge status={badge.value ? badge.value(record) : String(value)} colours={badge.colours} labels={badge.labels} />;
    }
    case 'strong':
      return <strong>{fieldText(name, spec, record)}</strong>;
    default:
      return <>{fieldText(name, spec, record)}</>;
  }
}
