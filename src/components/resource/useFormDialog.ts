import { useEffect, useState } from 'react';
import { useCreateActionRequest } from '../quick-add';

/**
 * A list's add or edit dialog: undefined closed, {} adding, { id } editing. Quick Add opens it with
 * ?action=create, which closing drops from the address.
 */
export function useFormDialog() {
  const [dialog, setDialog] = useState<{ id?: string }>();
  const { requested, settle } = useCreateActionRequest();
  useEffect(() => {
    if (requested) setDialog({});
  }, [requested]);
  const close = () => {
    setDialog(undefined);
    settle();
  };
  return { dialog, open: setDialog, close };
}
