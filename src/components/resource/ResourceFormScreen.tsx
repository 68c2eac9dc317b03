import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useNavigation } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { afterPause } from '../after-pause';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { PageHeader } from './PageHeader';
import { RecordHistory, historyOf } from './RecordHistory';
import { RecordState } from './RecordState';
import { useResourceForm } from './useResourceForm';
import { LiveRecordNotice } from './live';
import { useTexts } from './texts';

/** A generated add or edit page (an edit when its route has an :id); a save goes back to the list unless declared otherwise. */
export default function ResourceFormScreen<T extends StoreRecord>({
  presentation,
}: {
  presentation: ResourcePresentation<T>;
}) {
  const { id } = useParams();
  const { listUrl, list } = useNavigation();
  const { afterSave } = presentation;
  const texts = useTexts(presentation);
  const leaving = useRef<() => void>(undefined);
  useEffect(() => () => leaving.current?.(), []);
  const backToList = () => {
    if (!id && afterSave?.create === 'stay') return;
    // A delay gives the success toast a moment on screen before the list replaces the form.
    leaving.current = afterPause(() => list(presentation.name), afterSave?.delayMs ?? 0);
  };
  const { fields, alerts, save, saveAlso, busy, submitLabel, query, reload } = useResourceForm(
    presentation,
    id,
    backToList,
  );
  const title = (id ? texts.editTitle : texts.createTitle) ?? texts.title;
  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} back={listUrl(presentation.name)} backLabel={texts.back} />
      <RecordState query={query} found={!id || Boolean(query?.data)} texts={texts}>
        <Paper
          component="form"
          variant="outlined"
          noValidate
          onSubmit={(event) => void save(event)}
          sx={{ p: { xs: 2, md: 3 }, maxWidth: 960, display: 'grid', gap: 2.5 }}
        >
          {id && <LiveRecordNotice resource={presentation.name} id={id} onReload={reload} editing />}
          {fields}
          <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
            {alerts}
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {submitLabel}
            </Button>
            {saveAlso && (
              <Button variant="outlined" size="large" disabled={busy} onClick={(event) => void saveAlso.save(event)}>
                {saveAlso.label}
              </Button>
            )}
          </Box>
          {id && (
            <RecordHistory
              {...historyOf(presentation, id, query?.data?.data.updatedAt, () => list(presentation.name))}
            />
          )}
        </Paper>
      </RecordState>
    </Box>
  );
}
