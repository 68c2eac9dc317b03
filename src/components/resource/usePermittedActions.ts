import { useCan } from '@refinedev/core';
import { useMemo } from 'react';
import type { ResourceAction, ResourcePresentation, StoreRecord } from './presentation';

/** The declared actions (or those asked) the signed-in role may use: none until the access control has answered, so no refused button shows. */
export function usePermittedActions<T extends StoreRecord>(
  { name, actions: declared }: ResourcePresentation<T>,
  actions: ResourceAction[] = declared,
): ResourceAction[] {
  const create = useCan({ resource: name, action: 'create' }).data?.can === true;
  const edit = useCan({ resource: name, action: 'edit' }).data?.can === true;
  const show = useCan({ resource: name, action: 'show' }).data?.can === true;
  const remove = useCan({ resource: name, action: 'delete' }).data?.can === true;
  return useMemo(() => {
    const permitted: Record<ResourceAction, boolean> = { create, edit, show, delete: remove };
    return actions.filter((action) => permitted[action]);
  }, [actions, create, edit, show, remove]);
}
