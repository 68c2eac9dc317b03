import { useDelete, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { serverMessageOr } from '../../providers/http';
import { ConfirmDialog } from './ConfirmDialog';
import { recordName, type ResourcePresentation, type StoreRecord } from './presentation';
import { useTexts } from './texts';

/** The one confirm-delete of the console: ask, then delete with a toast either way. */
export function useConfirmDelete<T extends StoreRecord & BaseRecord>(presentation: ResourcePresentation<T>) {
  const { name, noun, recordLabel, outcomes } = presentation;
  const texts = useTexts(presentation);
  const [pending, setPending] = useState<T>();
  const { mutate, mutation } = useDelete();
  const close = () => setPending(undefined);
  const confirm = () => {
    if (!pending) return;
    mutate(
      {
        resource: name,
        id: pending._id,
        successNotification: (response) => {
          const said =
            outcomes?.deleted === 'server' ? (response as { message?: unknown } | undefined)?.message : undefined;
          return {
            type: 'success',
            message: typeof said === 'string' && said ? said : (texts.deleted ?? `Deleted ${noun}`),
          };
        },
        errorNotification: (error) => {
          const failed = texts.deleteFailed ?? `Failed to delete ${noun}`;
          return {
            type: 'error',
            message: outcomes?.deleteFailed === 'text' ? failed : serverMessageOr(error, failed),
          };
        },
      },
      { onSettled: close },
    );
  };
  const dialog = (
    <ConfirmDialog
      title={pending && `Delete ${noun} ${recordName(recordLabel, pending)}?`}
      text={texts.deleteQuestion ?? ''}
      confirm="Delete"
      busy={mutation.isPending}
      onCancel={close}
      onConfirm={confirm}
    />
  );
  return { ask: setPending, dialog };
}
