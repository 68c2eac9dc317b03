import { useDelete, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { serverMessageOr } from '../../providers/http';
import { ConfirmDialog } from './ConfirmDialog';
import { recordName, type ResourceDefinition, type StoreRecord } from './definition';

/** The one confirm-delete of the console: ask, then delete with a toast either way. */
export function useConfirmDelete<T extends StoreRecord & BaseRecord>({ name, noun, texts, recordLabel }: ResourceDefinition<T>) {
  const [pending, setPending] = useState<T>();
  const { mutate, mutation } = useDelete();
  const close = () => setPending(undefined);
  const confirm = () => {
    if (!pending) return;
    mutate(
      {
        resource: name,
        id: pending._id,
        successNotification: () => ({ type: 'success', message: texts.deleted ?? `Deleted ${noun}` }),
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, texts.deleteFailed ?? `Failed to delete ${noun}`) }),
      },
      { onSettled: close },
    );
  };
  const dialog = (
    <ConfirmDialog
      title={pending && `Delete ${noun} ${recordName(recordLabel, pending)}?`}
      text={texts.deleteQuestion ?? `Are you sure you want to delete this ${noun}?`}
      confirm="Delete"
      busy={mutation.isPending}
      onCancel={close}
      onConfirm={confirm}
    />
  );
  return { ask: setPending, dialog };
}
