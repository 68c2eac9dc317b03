import Link from '@mui/material/Link';
import { useNavigation, useResourceParams } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';

interface Props {
  /** A console resource's name; another (sessions, the store) shows the label alone. */
  resource: string;
  id: string | null;
  label: string | null;
  /** The record no longer exists (deleted): its label, not a link. */
  gone?: boolean;
  /** A row's own record (a customer's name in their grid): a little bolder than links to others. */
  strong?: boolean;
}

/** A record of any resource under its label: a link to its page where it has one, else its edit screen, else its list. */
export function RecordLink({ resource: name, id, label, gone, strong }: Props) {
  const { select } = useResourceParams();
  const { showUrl, editUrl, listUrl } = useNavigation();
  const text = label ?? id ?? '—';
  const { resource } = select(name, false) ?? {};
  if (!resource || !id || gone) return <>{text}</>;
  const to = resource.show
    ? showUrl(resource.name, id)
    : resource.edit
      ? editUrl(resource.name, id)
      : listUrl(resource.name);
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      noWrap
      {...(strong && { variant: 'body2', fontWeight: 500 })}
    >
      {text}
    </Link>
  );
}
