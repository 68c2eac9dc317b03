import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from '@refinedev/core';
import { formatDate, formatDateTime, formatRupees } from '../../domain';
import type { ConsoleIdentity } from '../../providers/auth-provider';
import { formatCommaList } from '../comma-list';
import { Muted } from '../Muted';
import { StatusBadge } from '../StatusBadge';
import type { FieldSpec, StoreRecord } from './presentation';

const muted = (text: string) => <Muted component="span">{text}</Muted>;

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The text of a field's value, as a cell, a detail row and an export read it. */
export function fieldText<T extends StoreRecord>(name: string, spec: FieldSpec<T>, record: T): string {
  const value = (record as unknown as Record<string, unknown>)[name];
  if (spec.format) return spec.format(value as never, record);
  if (isBlank(value)) return spec.empty ?? '—';
  // A value of a select reads as its choice's label.
  const text = (one: unknown) => spec.options?.find((option) => option.value === String(one))?.label ?? String(one);
  switch (spec.kind) {
    case 'money':
      return formatRupees(Number(value));
    case 'date':
      return formatDate(value as string);
    case 'time':
      return formatDateTime(value as string);
    case 'list':
    case 'chips':
      return formatCommaList((value as unknown[]).map(text));
    default:
      return text(value);
  }
}

/**
 * A link opens in a new tab; a storefront path (/collections/summer) opens under the server's
 * STOREFRONT_URL. Without one it would open a console page on this origin, so it shows as text with a
 * hint saying why.
 */
function LinkValue({ link }: { link: string }) {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const storefront = identity?.storefrontUrl;
  const href = /^https?:\/\//i.test(link) ? link : storefront ? `${storefront}${link}` : undefined;
  if (href) {
    return (
      <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover" variant="body2">
        {link}
      </Link>
    );
  }
  return (
    <Typography variant="body2" component="span">
      {link}{' '}
      <Typography variant="caption" color="text.secondary" component="span">
        (a storefront path: set STOREFRONT_URL to open it)
      </Typography>
    </Typography>
  );
}

/** A text over a quieter second line (a cell's `sub`, a search option's figures); `alert`: the second line as a problem. */
export function TwoLines({
  text,
  sub,
  alert,
  noWrap,
}: {
  text: string;
  sub: string;
  alert?: boolean;
  noWrap?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Typography variant="body2" fontWeight={500} noWrap={noWrap}>
        {text}
      </Typography>
      <Typography variant="caption" color={alert ? 'error' : 'text.secondary'} noWrap={noWrap}>
        {sub}
      </Typography>
    </Box>
  );
}

/** A field's value as a cell or a detail row shows it; `large` pictures on the detail page, thumbnails in the grid. */
export function FieldValue<T extends StoreRecord>({
  name,
  spec,
  record,
  large,
}: {
  name: string;
  spec: FieldSpec<T>;
  record: T;
  large?: boolean;
}) {
  const value = (record as unknown as Record<string, unknown>)[name];
  if (spec.empty !== undefined && isBlank(value)) return muted(spec.empty);
  if (spec.render) return spec.render(record);
  if (spec.sub) return <TwoLines text={fieldText(name, spec, record)} sub={spec.sub(record)} noWrap />;
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
    case 'chips':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
          {((value as string[] | undefined) ?? []).map((item) => (
            <Chip key={item} label={item} size="small" variant="outlined" />
          ))}
        </Box>
      );
    case 'link':
      return typeof value === 'string' && value ? <LinkValue link={value} /> : muted('N/A');
    case 'badge': {
      const badge = spec.badge!;
      const status = badge.value ? badge.value(record) : String(value);
      // A record without one (an order not paid for yet) reads as the field's text does.
      if (!status) return <>{fieldText(name, spec, record)}</>;
      const shown = <StatusBadge status={status} colours={badge.colours} labels={badge.labels} />;
      if (!badge.beside) return shown;
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          {fieldText(name, spec, record)}
          {shown}
        </Box>
      );
    }
    case 'strong':
      return <strong>{fieldText(name, spec, record)}</strong>;
    default:
      return <>{fieldText(name, spec, record)}</>;
  }
}
