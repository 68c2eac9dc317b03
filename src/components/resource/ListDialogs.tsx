import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCan } from '@refinedev/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import { onDemand } from '../on-demand';
import type { ListDialogProps } from './presentation';

/** The dialogs, with the grid's editing and the upload, loaded the first time they open: the list stays as light as it was. */
const ImportDialog = onDemand<ListDialogProps>(
  () => import('./import/ImportDialog'),
  (props) => props.open,
);
const ImportHistory = onDemand<Pick<ListDialogProps, 'presentation'> & { open: boolean }>(
  () => import('./import/PastImports'),
  (props) => props.open,
);
const SheetDialog = onDemand<ListDialogProps>(
  () => import('./sheet/SheetDialog'),
  (props) => props.open,
);

/** A header button opening its dialog, for the roles the access check allows; closing the dialog hands the focus back to it. */
function DialogButton({
  presentation,
  can,
  label,
  icon,
  Dialog,
}: Pick<ListDialogProps, 'presentation'> & {
  can: { resource: string; action: 'create' | 'edit' };
  label: string;
  icon: ReactNode;
  Dialog: ComponentType<ListDialogProps>;
}) {
  const permitted = useCan(can).data?.can === true;
  const [open, setOpen] = useState(false);
  if (!permitted) return null;
  return (
    <>
      <Button variant="outlined" startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog presentation={presentation} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The list's bulk tools its presentation declares, before Export: its `sheet` (for roles that may edit
 * the resource) and its `fileImport` (for roles that may create imports).
 */
export function ListDialogButtons({ presentation }: Pick<ListDialogProps, 'presentation'>) {
  const { sheet, fileImport, name } = presentation;
  return (
    <>
      {sheet && (
        <DialogButton
          presentation={presentation}
          can={{ resource: name, action: 'edit' }}
          label={sheet.title}
          icon={<TableViewOutlined />}
          Dialog={SheetDialog}
        />
      )}
      {fileImport && (
        <DialogButton
          presentation={presentation}
          can={{ resource: fileImport.contract.name, action: 'create' }}
          label="Import"
          icon={<FileUploadOutlined />}
          Dialog={ImportDialog}
        />
      )}
    </>
  );
}

/**
 * Under the list, its `fileImport`'s past imports (who, when, the file, what it did), shown on request to
 * any role the imports' list allows: support sees what changed the catalogue; who may import undoes there.
 */
export function ListImports({ presentation }: Pick<ListDialogProps, 'presentation'>) {
  return presentation.fileImport ? (
    <ImportsSection presentation={presentation} imports={presentation.fileImport.contract.name} />
  ) : null;
}

function ImportsSection({ presentation, imports }: Pick<ListDialogProps, 'presentation'> & { imports: string }) {
  const permitted = useCan({ resource: imports, action: 'list' }).data?.can === true;
  const [open, setOpen] = useState(false);
  if (!permitted) return null;
  return (
    <Box component="section" aria-labelledby="list-imports-title" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="list-imports-title" variant="h6" component="h2">
          Imports
        </Typography>
        <Button size="small" aria-expanded={open} aria-controls="list-imports" onClick={() => setOpen(!open)}>
          {open ? 'Hide past imports' : 'Show past imports'}
        </Button>
      </Box>
      <div id="list-imports" hidden={!open}>
        <ImportHistory presentation={presentation} open={open} />
      </div>
    </Box>
  );
}
