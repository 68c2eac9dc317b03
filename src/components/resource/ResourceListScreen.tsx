import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useNavigation, useResourceParams, type CrudFilter, type HttpError, type LiveEvent } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router';
import { serverMessageOr } from '../../providers/http';
import { useCreateActionRequest } from '../quick-add';
import { BulkActions, useBulkActions } from './BulkActions';
import { fieldColumns, rowNumberColumn, useGridLayout } from './columns';
import { recordName, type ResourcePresentation, type StoreRecord } from './presentation';
import { CountCards, useListCounts } from '../CountCards';
import { ExportButton } from './ExportButton';
import { ListDialogButtons, ListImports } from './ListDialogs';
import { ListFilters } from './ListFilters';
import { PageHeader } from './PageHeader';
import { RecordDialog, type RecordDialogProps } from './RecordDialog';
import { RecordFields } from './ResourceShowScreen';
import { useLiveGrid } from './live';
import { ResourceFormDialog } from './ResourceFormDialog';
import { useRecordCalls } from './RecordCalls';
import { rowActionsColumn, type RowAction } from './RowActions';
import { useRowMenu } from './RowMenu';
import { useConfirmDelete } from './useConfirmDelete';
import { NO_ACTIONS, useAnsweredActions } from './usePermittedActions';
import { useSteadyCallback } from './steady';
import { useSteadyDataGrid } from './steady-grid';
import { useTexts } from './texts';

const NO_GRID_FILTERS = { items: [] };

interface ResourceListScreenProps<T extends StoreRecord> {
  presentation: ResourcePresentation<T>;
}

/**
 * A generated list; its row actions open a page where the resource routes one, else a dialog: View, where
 * neither a page nor the screen gives the details, the record's `show` fields with its calls beneath.
 */
export default function ResourceListScreen<T extends StoreRecord>(props: ResourceListScreenProps<T>) {
  // The list writes its state into the address by replacing it; a link or Back/Forward to other rows of it starts it afresh from the address.
  const location = useLocation();
  const [visit, setVisit] = useState(location.key);
  if (useNavigationType() !== 'REPLACE' && visit !== location.key) setVisit(location.key);
  return <ListScreen key={visit} {...props} />;
}

function ListScreen<T extends StoreRecord>({ presentation }: ResourceListScreenProps<T>) {
  type Row = T & { id: string };
  const { name, contract } = presentation;
  const texts = useTexts(presentation);
  const answered = useAnsweredActions(presentation);
  const actions = answered ?? NO_ACTIONS;
  const { resource } = useResourceParams({ resource: name });
  const { createUrl, ...navigation } = useNavigation();
  // Refine makes these anew at every render; the columns that link with them stay the same.
  const editUrl = useSteadyCallback(navigation.editUrl);
  const showUrl = useSteadyCallback(navigation.showUrl);
  // What others change arrives live; the grid asks before it shows it (useLiveGrid, below).
  const liveEvent = useRef<(event: LiveEvent) => void>(() => undefined);
  const onLiveEvent = useCallback((event: LiveEvent) => liveEvent.current(event), []);
  // Search, filters, sort and page live in the query string: reload, Back and a shared link show the same rows.
  const { dataGridProps, tableQuery, filters, sorters, setFilters, setCurrentPage } = useSteadyDataGrid<Row, HttpError>(
    {
      liveMode: 'manual',
      onLiveEvent,
      resource: name,
      syncWithLocation: true,
      pagination: { pageSize: presentation.pageSize ?? 10 },
      sorters: presentation.initialSort ? { initial: [presentation.initialSort] } : undefined,
      // The grid says it in place; a toast as well would only repeat it.
      errorNotification: false,
    },
  );
  const onFilters = useCallback(
    (chosen: CrudFilter[]) => {
      setFilters(chosen, 'replace');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );
  // The add or edit dialog: {} adding, { id } editing. Quick Add asks for the add with ?action=create, which closing drops.
  const [dialog, setDialog] = useState<{ id?: string }>();
  const { requested, settle } = useCreateActionRequest();
  useEffect(() => {
    if (requested) setDialog({});
  }, [requested]);
  const closeDialog = () => {
    setDialog(undefined);
    settle();
  };
  const { ask, dialog: confirmDelete } = useConfirmDelete(presentation);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const rows = dataGridProps.rows;
  const selected =
    selection.type === 'include'
      ? [...selection.ids].map(String)
      : rows.filter((row) => !selection.ids.has(row.id)).map((row) => row._id);
  const [viewing, setViewing] = useState<string>();
  const openDetails = useCallback((record: T) => setViewing(record._id), []);
  const bulkActions = useBulkActions(presentation);
  const recordCalls = useRecordCalls(presentation);
  const callButtons = recordCalls.buttons;
  const rowMenu = useRowMenu(presentation, openDetails);
  const extra = useMemo(
    () =>
      rowMenu
        ? (record: T) => (
            <>
              {rowMenu(record)}
              {callButtons?.(record)}
            </>
          )
        : callButtons,
    [rowMenu, callButtons],
  );

  const details = useMemo<Omit<RecordDialogProps<T>, 'resource' | 'id' | 'onClose'> | undefined>(
    () =>
      (presentation.details && {
        failure: (error) =>
          !error || error.statusCode === 404
            ? (texts.notFound ?? '')
            : texts.loadErrorPrefix
              ? texts.loadErrorPrefix + error.message
              : serverMessageOr(error, texts.recordLoadFailed ?? ''),
        ...presentation.details,
      }) ??
      (resource?.show || !Object.values(presentation.fields).some((field) => field.show)
        ? undefined
        : {
            title: () => texts.showTitle ?? texts.title,
            failure: (error) => serverMessageOr(error, texts.loadFailed ?? texts.title),
            closeIcon: true,
            children: (record) => (
              <>
                <RecordFields presentation={presentation} record={record} />
                {callButtons && <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>{callButtons(record)}</Box>}
              </>
            ),
          }),
    [resource, texts, presentation, callButtons],
  );

  const columns = useMemo(() => {
    const viewAction: RowAction<Row> | undefined = details
      ? { onClick: openDetails }
      : resource?.show
        ? { href: (r) => showUrl(name, r._id), newTab: presentation.viewInNewTab }
        : undefined;
    const view = actions.includes('show') ? viewAction : undefined;
    const edit: RowAction<Row> | undefined = !actions.includes('edit')
      ? undefined
      : resource?.edit
        ? { href: (r) => editUrl(name, r._id) }
        : { onClick: (r) => setDialog({ id: r._id }) };
    const onDelete = actions.includes('delete') ? ask : undefined;
    const label = (record: Row) => recordName(presentation.recordLabel, record);
    const rowActions =
      view || edit || onDelete || extra
        ? [rowActionsColumn<Row>({ label, viewLabel: texts.view, view, edit, onDelete, extra })]
        : [];
    return [...(presentation.rowNumbers ? [rowNumberColumn<Row>()] : []), ...fieldColumns(presentation), ...rowActions];
  }, [presentation, texts, actions, resource, name, ask, details, openDetails, extra, showUrl, editUrl]);
  const serverMessage =
    tableQuery.isError && presentation.outcomes?.loadFailed !== 'text' ? serverMessageOr(tableQuery.error, '') : '';
  const live = useLiveGrid({
    noun: presentation.noun,
    plural: presentation.plural,
    visible: rows.map((row) => row._id),
    busy: selected.length > 0 || dialog !== undefined || viewing !== undefined,
    refetch: () => void tableQuery.refetch(),
  });
  liveEvent.current = live.onLiveEvent;
  const loadFailed = texts.loadFailed ?? `Failed to load ${texts.title.toLowerCase()}`;
  const emptyText = filters.length > 0 && texts.noMatch ? texts.noMatch : texts.empty;
  const localeText = useMemo(() => ({ noRowsLabel: emptyText, noResultsOverlayLabel: emptyText }), [emptyText]);
  const layout = useGridLayout(presentation);
  const headerActions = (
    <>
      <ListDialogButtons presentation={presentation as ResourcePresentation<never>} />
      {contract.export && <ExportButton contract={contract} filters={filters} sorters={sorters} />}
      {texts.add && actions.includes('create') && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          {...(resource?.create ? { component: Link, to: createUrl(name) } : { onClick: () => setDialog({}) })}
        >
          {texts.add}
        </Button>
      )}
    </>
  );

  return (
    <Box component="section" aria-label={texts.title}>
      <PageHeader title={texts.title} subtitle={texts.subtitle} actions={headerActions} />
      {presentation.counts && <ListCounts presentation={presentation} list={tableQuery} />}
      <ListFilters presentation={presentation} filters={filters} onChange={onFilters} />
      {live.notice}
      {tableQuery.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverMessage ? `${texts.loadErrorPrefix ?? ''}${serverMessage}` : loadFailed}
        </Alert>
      )}
      <Paper variant="outlined">
        <BulkActions
          presentation={presentation}
          actions={bulkActions}
          selected={selected}
          rows={rows}
          onDone={() => setSelection({ type: 'include', ids: new Set() })}
        />
        {texts.loading && tableQuery.isLoading ? (
          <Typography role="status" sx={{ p: 3 }}>
            {texts.loading}
          </Typography>
        ) : answered === undefined ? (
          // The role's columns and checkboxes are known a moment after the screen opens: the grid waits for
          // them rather than drawing itself twice.
          <Box aria-busy="true" sx={{ minHeight: 400 }} />
        ) : (
          <DataGrid<Row>
            {...dataGridProps}
            {...layout}
            // The filters are the list's controls' (and the address's): the grid's own model would drop the search, which is no column.
            filterModel={NO_GRID_FILTERS}
            onFilterModelChange={undefined}
            // The server's total, 0 included: useDataGrid keeps the previous count when a search matches nothing.
            rowCount={tableQuery.data?.total ?? 0}
            columns={columns}
            checkboxSelection={bulkActions.length > 0}
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            localeText={localeText}
          />
        )}
      </Paper>
      <ListImports presentation={presentation as ResourcePresentation<never>} />
      {dialog && <ResourceFormDialog presentation={presentation} id={dialog.id} onClose={closeDialog} />}
      {confirmDelete}
      {recordCalls.dialog}
      {details && <RecordDialog<T> resource={name} id={viewing} onClose={() => setViewing(undefined)} {...details} />}
    </Box>
  );
}

/** The presentation's count cards, over the whole list whatever page of it the grid shows. */
function ListCounts<T extends StoreRecord>({
  presentation: { name, counts },
  list,
}: ResourceListScreenProps<T> & { list: { data?: object; isSuccess: boolean } }) {
  return (
    <CountCards
      cards={counts!.cards}
      {...useListCounts(name, list, counts!.fallback as (records: object[]) => never)}
    />
  );
}
