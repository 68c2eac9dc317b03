import Box from '@mui/material/Box';
import { useNavigation, useResourceParams } from '@refinedev/core';
import { useMemo } from 'react';
import { fieldColumns, hiddenFields, rowNumberColumn } from './columns';
import { recordName, type ResourceDefinition, type StoreRecord } from './definition';
import { ListFilters, listFiltersOf } from './ListFilters';
import { ListHeader } from './ListHeader';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceGrid } from './ResourceGrid';
import { rowActionsColumn, type RowAction } from './RowActions';
import { useConfirmDelete } from './useConfirmDelete';
import { useFormDialog } from './useFormDialog';
import { usePermittedActions } from './usePermittedActions';
import { useResourceGrid } from './useResourceGrid';

type Row = StoreRecord & { id: string };

/**
 * A generated list: title and add button, search and filters from the declared fields, the grid with
 * row actions (a page of its own when the resource routes one, else a dialog), one confirm-delete.
 * Only the actions the signed-in role may use are offered.
 */
export default function ResourceListScreen({ definition }: { definition: ResourceDefinition<Row> }) {
  const { name, texts } = definition;
  const actions = usePermittedActions(definition);
  const { resource } = useResourceParams({ resource: name });
  const { editUrl, showUrl, createUrl } = useNavigation();
  const { dataGridProps, tableQuery, onFilters } = useResourceGrid(definition);
  const form = useFormDialog();
  const confirmDelete = useConfirmDelete(definition);

  const { ask } = confirmDelete;
  const { open } = form;
  const columns = useMemo(() => {
    const view: RowAction<Row> | undefined =
      actions.includes('show') && resource?.show ? { href: (r) => showUrl(name, r._id), newTab: definition.viewInNewTab } : undefined;
    const edit: RowAction<Row> | undefined = !actions.includes('edit')
      ? undefined
      : resource?.edit
        ? { href: (r) => editUrl(name, r._id) }
        : { onClick: (r) => open({ id: r._id }) };
    const onDelete = actions.includes('delete') ? ask : undefined;
    const label = (record: Row) => recordName(definition.recordLabel, record);
    const rowActions = view || edit || onDelete ? [rowActionsColumn<Row>({ label, view, edit, onDelete })] : [];
    return [...(definition.rowNumbers ? [rowNumberColumn<Row>()] : []), ...fieldColumns(definition), ...rowActions];
  }, [definition, actions, resource, name, ask, open, showUrl, editUrl]);
  const filters = listFiltersOf(definition);

  return (
    <Box component="section" aria-label={texts.title}>
      <ListHeader
        title={texts.title}
        subtitle={texts.subtitle}
        add={actions.includes('create') ? texts.add : undefined}
        onAdd={() => open({})}
        addHref={resource?.create ? createUrl(name) : undefined}
      />
      {(filters.search || filters.selects.length > 0) && <ListFilters {...filters} onChange={onFilters} />}
      <ResourceGrid<Row>
        dataGridProps={dataGridProps}
        tableQuery={tableQuery}
        columns={columns}
        emptyText={texts.empty}
        loadFailed={texts.loadFailed ?? `Failed to load ${texts.title.toLowerCase()}`}
        loadingText={texts.loading}
        rowHeight={definition.autoRowHeight ? 'auto' : definition.rowHeight}
        hidden={hiddenFields(definition)}
      />
      {form.dialog && <ResourceFormDialog definition={definition} id={form.dialog.id} onClose={form.close} />}
      {confirmDelete.dialog}
    </Box>
  );
}
