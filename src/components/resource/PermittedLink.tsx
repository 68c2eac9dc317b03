import Button, { type ButtonProps } from '@mui/material/Button';
import { useCan } from '@refinedev/core';
import { Link } from 'react-router';

/** A button to another screen, shown only once the access control allows the signed-in role the action it leads to. */
export function PermittedLink({
  resource,
  action,
  to,
  ...button
}: { resource: string; action: string; to: string } & Omit<ButtonProps, 'href' | 'action'>) {
  const allowed = useCan({ resource, action }).data?.can === true;
  return allowed && <Button component={Link} to={to} {...button} />;
}
