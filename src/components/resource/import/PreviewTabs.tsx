import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { FileImportError, FileImportPreview } from '../../../domain/file-import';
import { countOf, formatCount } from '../../../domain/format';
import { SimpleTable, type TableColumn } from '../../SimpleTable';
import type { ImportDeclaration } from '../presentation';
import { importChangesByRow, importChangeText, importErrorRows } from './changes';

type PreviewTab = 'new' | 'changed' | 'unchanged' | 'errors';

const ERROR_COLUMNS: TableColumn<FileImportError>[] = [
  { label: 'Row', value: (error) => error.row, align: 'right', width: 72 },
  { label: 'Column', value: (error) => error.column ?? '—', width: 140 },
  { label: 'Message', value: (error) => error.message },
];

/** The dry run by tab: the rows it adds, those it changes (each value `field: before → after`), the unchanged, the errors. */
export function PreviewTabs({ preview, declared }: { preview: FileImportPreview; declared: ImportDeclaration }) {
  const errorRows = importErrorRows(preview.errors);
  const tabs: [PreviewTab, string, number][] = [
    ['new', 'New', preview.creates],
    ['changed', 'Changed', preview.updates],
    ['unchanged', 'Unchanged', preview.unchanged],
    ['errors', 'Errors', errorRows],
  ];
  const [tab, setTab] = useState<PreviewTab>(
    preview.creates > 0 ? 'new' : preview.updates > 0 ? 'changed' : errorRows > 0 ? 'errors' : 'unchanged',
  );
  let panel: ReactNode;
  if (tab === 'errors')
    panel =
      preview.errors.length === 0 ? (
        <Typography>No errors.</Typography>
      ) : (
        <SimpleTable label="Errors" columns={ERROR_COLUMNS} rows={preview.errors} />
      );
  else if (tab === 'unchanged')
    panel = (
      <Typography>
        {preview.unchanged === 0
          ? 'Every valid row adds or changes something.'
          : `${countOf(preview.unchanged, 'row')} already ${preview.unchanged === 1 ? 'matches' : 'match'} the store: applying changes nothing there.`}
      </Typography>
    );
  else {
    const shown = importChangesByRow(preview.changes, declared).filter((group) => group.adds === (tab === 'new'));
    // Each row's changes under its number and what names it (its SKU and product).
    panel =
      shown.length === 0 ? (
        <Typography>{tab === 'new' ? 'No row adds anything.' : 'No row changes anything.'}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((group) => (
            <Box component="li" key={group.row} sx={{ mb: 1.5 }}>
              <Typography variant="subtitle2" component="p">
                {[`Row ${group.row}`, ...group.names].join(' · ')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {group.changes.map((change, at) => (
                  <Typography component="li" variant="body2" key={at} sx={{ fontFamily: 'monospace' }}>
                    {importChangeText(change)}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      );
  }
  return (
    <>
      {preview.changesTotal > preview.changes.length && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Showing the first {formatCount(preview.changes.length)} of {formatCount(preview.changesTotal)} changes; the
          counts are of the whole file.
        </Alert>
      )}
      <Tabs value={tab} onChange={(_event, value: PreviewTab) => setTab(value)} aria-label="Import preview">
        {tabs.map(([value, label, n]) => (
          <Tab
            key={value}
            value={value}
            label={`${label} (${formatCount(n)})`}
            id={`import-tab-${value}`}
            aria-controls={`import-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`import-panel-${tab}`}
        aria-labelledby={`import-tab-${tab}`}
        tabIndex={0}
        sx={{ pt: 2, maxHeight: 360, overflowY: 'auto' }}
      >
        {panel}
      </Box>
    </>
  );
}
