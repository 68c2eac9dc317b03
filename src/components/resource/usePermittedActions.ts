import { useCan } from '@refinedev/core';
import { useMemo } from 'react';
import type { ResourceAction, ResourcePresentation, StoreRecord } from './presentation';

/** No actions: what a role may use before the access control has answered. */
export const NO_ACTIONS: ResourceAction[] = [];

/** The declared actions (or those asked) the signed-in role may use, or undefined until the access control has answered. */
export function useAnsweredActions<T extends StoreRecord>(
  { name, actions: declared }: ResourcePresentation<T>,
  actions: ResourceAction[] = declared,
): ResourceAction[] | undefined {
  const create = useCan({ resource: name, action: 'create' }).data?.can;
  const edit = useCan({ resource: name, action: 'edit' }).data?.can;
  const show = useCan({ resource: name, action: 'show' }).data?.can;
  const remove = useCan({ resource: name, action: 'delete' }).data?.can;
  return useMemo(() => {
    const permitted: Record<ResourceAction, boolean | undefined> = { create, edit, show, delete: remove };
    return Object.values(permitted).includes(undefined) ? undefined : actions.filter((action) => permitted[action]);
  }, [actions, create, edit, show, remove]);
}

/** The declared actions (or those asked) the signed-in role may use: none until the access control has answered, so no refused button shows. */
export function usePermittedActions<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
  actions?: ResourceAction[],
): ResourceAction[] {
  return useAnsweredActions(presentation, actions) ?? NO_ACTIONS;
}
