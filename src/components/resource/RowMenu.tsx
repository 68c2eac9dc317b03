import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useUpdate, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import { serverMessageOr } from '../../providers/http';
import { ActionsMenu } from '../ActionsMenu';
import { recordName, type ResourceAction, type ResourcePresentation, type StoreRecord } from './presentation';
import { usePermittedActions } from './usePermittedActions';
import { useSteadyCallback } from './steady';

/** The status choice needs the role's edit, whatever actions the list itself offers. */
const EDIT: ResourceAction[] = ['edit'];

/**
 * The presentation's `rowMenu` as one button per row: the record's details, its pages, and, for a role
 * that may edit, a new value of its status, the current one ticked. A new status shows in the list's
 * cached page at once (an optimistic update, without reloading the list) and goes back if the server
 * refuses; the record's details are refetched when next opened.
 */
export function useRowMenu<T extends StoreRecord>(presentation: ResourcePresentation<T>, view: (record: T) => void) {
  const { name, rowMenu: menu } = presentation;
  // Refine makes it anew at every render; the rows' menus built on it stay the same.
  const mutate = useSteadyCallback(useUpdate<T, HttpError>().mutate);
  const settable = usePermittedActions(presentation, EDIT).length > 0;
  const status = settable ? menu?.status : undefined;
  const row = useCallback(
    (record: T) => {
      const current = String((record as Record<string, unknown>)[status?.field ?? ''] ?? '');
      return (
        menu && (
          <ActionsMenu
            id={`${name}-actions-${record._id}`}
            label={menu.label(recordName(presentation.recordLabel, record))}
            actions={[
              { label: menu.view, icon: VisibilityOutlined, onClick: () => view(record) },
              ...(menu.links ?? []).map(({ to, ...link }) => ({ ...link, to: to(record) })),
            ]}
            choice={
              status && (status.when?.(record) ?? true)
                ? {
                    heading: status.heading,
                    options: status.options,
                    current,
                    onChoose: (value) =>
                      value !== current &&
                      mutate({
                        resource: name,
                        id: record._id,
                        values: { [status.field]: value },
                        mutationMode: 'optimistic',
                        invalidates: ['detail'],
                        successNotification: (response) => ({
                          type: 'success',
                          message: (response as { message?: string } | undefined)?.message || status.done,
                        }),
                        errorNotification: (error) => ({
                          type: 'error',
                          message: serverMessageOr(error, status.failed),
                        }),
                      }),
                  }
                : undefined
            }
          />
        )
      );
    },
    [menu, status, name, presentation.recordLabel, view, mutate],
  );
  return menu ? row : undefined;
}
