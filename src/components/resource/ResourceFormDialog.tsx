import Box from '@mui/material/Box';
import { FormDialog } from './FormDialog';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { RecordHistory, historyOf } from './RecordHistory';
import { RecordState } from './RecordState';
import { useResourceForm } from './useResourceForm';
import { useTexts } from './texts';
import { LiveRecordNotice } from './live';

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
  const { fields, alerts, save, busy, submitLabel, query, reload } = useResourceForm(presentation, id, onClose);
  const texts = useTexts(presentation);
  const title = (id ? texts.editTitle : texts.createTitle) ?? texts.title;
  return (
    <FormDialog
      title={title}
      titleId={`${presentation.name}-form-title`}
      maxWidth={presentation.dialogWidth ?? 'sm'}
      busy={busy}
      submit={submitLabel}
      submitDisabled={!!query?.isLoading || (id !== undefined && !query?.data)}
      contentSx={{
        display: 'grid',
        gap: 2,
        pt: '8px !important',
        gridTemplateColumns: { xs: '1fr', sm: presentation.twoColumnForm ? '1fr 1fr' : '1fr' },
      }}
      onSubmit={(event) => void save(event)}
      onClose={onClose}
    >
      {/* An edit shows its fields once the record is in them, so nothing typed is overwritten by the load. */}
      <RecordState query={query} found={!id || Boolean(query?.data)} texts={texts}>
        {id && <LiveRecordNotice resource={presentation.name} id={id} onReload={reload} editing />}
        {fields}
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>{alerts}</Box>
        {id && <RecordHistory {...historyOf(presentation, id, query?.data?.data.updatedAt, onClose)} />}
      </RecordState>
    </FormDialog>
  );
}
