import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { RecordHistory, historyOf } from './RecordHistory';
import { RecordState } from './RecordState';
import { useResourceForm } from './useResourceForm';
import { useTexts } from './texts';

/** A generated edit dialog for the record `id`, or add dialog without one; mounted while open, so each opening starts from the server's copy. */
export function ResourceFormDialog<T extends StoreRecord>({
  presentation,
  id,
  onClose,
}: {
  presentation: ResourcePresentation<T>;
  id?: string;
  onClose: () => void;
}) {
  const { fields, alerts, save, busy, submitLabel, query } = useResourceForm(presentation, id, onClose);
  const texts = useTexts(presentation);
  const title = (id ? texts.editTitle : texts.createTitle) ?? texts.title;
  const titleId = `${presentation.name}-form-title`;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={presentation.dialogWidth ?? 'sm'}
      scroll="paper"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={(event) => void save(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent
          dividers
          sx={{
            display: 'grid',
            gap: 2,
            pt: '8px !important',
            gridTemplateColumns: { xs: '1fr', sm: presentation.twoColumnForm ? '1fr 1fr' : '1fr' },
          }}
        >
          {/* An edit shows its fields once the record is in them, so nothing typed is overwritten by the load. */}
          <RecordState query={query} found={!id || Boolean(query?.data)} texts={texts}>
            {fields}
            <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>{alerts}</Box>
            {id && <RecordHistory {...historyOf(presentation, id, query?.data?.data.updatedAt, onClose)} />}
          </RecordState>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !!query?.isLoading || (id !== undefined && !query?.data)}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
