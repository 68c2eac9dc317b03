import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCan, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/resource/ConfirmDialog';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import { trashContract, type TrashItem } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import trash from './resource';

/** A trashed record's call: its resource and id in the path. */
const urlOf = (path: string, item: TrashItem) =>
  trashContract.url(path.replace(':resource', encodeURIComponent(item.resource)), item.recordId);

/** The generated trash list with Restore (whoever may delete) and Delete forever (admins, after a question) per row. */
export default function TrashList() {
  const { mutate, mutation } = useCustomMutation<{ message?: string }>();
  const invalidate = useInvalidate();
  const purges = useCan({ resource: trashContract.name, action: 'delete' }).data?.can;
  const [purging, setPurging] = useState<TrashItem>();
  const act = useCallback(
    (item: TrashItem, method: 'post' | 'delete', path: string, failed: string, done?: () => void) =>
      mutate(
        {
          url: urlOf(path, item),
          method,
          values: {},
          successNotification: (response) => ({ type: 'success', message: response?.data.message ?? 'Done' }),
          errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, failed) }),
        },
        {
          onSettled: done,
          onSuccess: () => {
            void invalidate({ resource: trashContract.name, invalidates: ['list'] });
            // The record is back in its own list (and its figures).
            if (method === 'post') void invalidate({ resource: item.resource, invalidates: ['list'] });
          },
        },
      ),
    [mutate, invalidate],
  );
  const name = (item: TrashItem) => item.label ?? 'this record';
  const buttons = useCallback(
    (item: TrashItem) => (
      <>
        <Tooltip title="Restore">
          <IconButton
            size="small"
            aria-label={`Restore ${name(item)}`}
            disabled={mutation.isPending}
            onClick={() => act(item, 'post', trashContract.calls!.restore!.path, 'Failed to restore')}
          >
            <RestoreOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        {purges && (
          <Tooltip title="Delete forever">
            <IconButton
              size="small"
              aria-label={`Delete ${name(item)} forever`}
              disabled={mutation.isPending}
              onClick={() => setPurging(item)}
            >
              <DeleteForeverOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </>
    ),
    [act, mutation.isPending, purges],
  );
  return (
    <>
      <ResourceListScreen presentation={trash} rowExtra={buttons} />
      <ConfirmDialog
        title={purging && `Delete ${name(purging)} forever?`}
        text="It cannot be restored afterwards."
        confirm="Delete forever"
        busy={mutation.isPending}
        onCancel={() => setPurging(undefined)}
        onConfirm={() =>
          act(purging!, 'delete', trashContract.routes.remove!.path, 'Failed to delete forever', () =>
            setPurging(undefined),
          )
        }
      />
    </>
  );
}
