import Chip from '@mui/material/Chip';
import type { BadgeColour } from '../domain';

/** `colours`: the spec's colour per status (domain colours.ts). */
export function StatusBadge<S extends string>({
  status,
  colours,
  labels,
}: {
  status: S;
  colours: Record<S, BadgeColour>;
  labels?: Partial<Record<S, string>>;
}) {
  const label = labels?.[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
  return <Chip size="small" label={label} color={colours[status] ?? 'default'} data-status={status} />;
}
