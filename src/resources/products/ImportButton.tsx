import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import { useCan } from '@refinedev/core';
import { useState } from 'react';
import { onDemand } from '../../components/on-demand';

/** The import dialog, loaded the first time Import is pressed: the products list stays as light as it was. */
const ImportDialog = onDemand<{ open: boolean; onClose: () => void }>(
  () => import('./ImportDialog'),
  (props) => props.open,
);

/**
 * Import beside Export on the Products screen, for the roles that may import (the imports' `create`,
 * admins and managers): a CSV file checked, previewed, applied and undone in its dialog. Closing the
 * dialog hands the focus back to this button.
 */
export function ImportButton() {
  const permitted = useCan({ resource: 'product-imports', action: 'create' }).data?.can === true;
  const [open, setOpen] = useState(false);
  if (!permitted) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
