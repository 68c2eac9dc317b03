import { useCan } from '@refinedev/core';
import type { ReactNode } from 'react';
import { AccessDenied } from '../AccessDenied';
import { useCreateActionRequest } from '../quick-add';

/**
 * A declared route's screen (also the Refine action it needs) for a role that may use it, else the 403
 * screen. A list opened with Quick Add's `?action=create` asks for the add as well, so its dialog is
 * never offered to a role that may not add. Nothing shows until the access control has answered.
 */
export default function ScreenAccess({
  resource,
  screen,
  children,
}: {
  resource: string;
  screen: 'list' | 'create' | 'edit' | 'show';
  children: ReactNode;
}) {
  const { requested } = useCreateActionRequest();
  const opens = useCan({ resource, action: screen }).data?.can;
  const adds = useCan({ resource, action: 'create' }).data?.can;
  const addRequested = screen === 'list' && requested;
  if (opens === false || (addRequested && adds === false)) return <AccessDenied />;
  if (opens === undefined || (addRequested && adds === undefined)) return null;
  return children;
}
