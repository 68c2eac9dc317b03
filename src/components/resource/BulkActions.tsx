import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import type { BulkResult } from '../../domain';
import { countOf } from '../../domain/format';
import { serverMessageOr } from '../../providers/http';
import { ConfirmDialog } from './ConfirmDialog';
import {
  recordName,
  type BulkAction,
  type ResourceAction,
  type ResourcePresentation,
  type StoreRecord,
} from './presentation';
import { usePermittedActions } from './usePermittedActions';
import { useTexts } from './texts';

const ASKED: ResourceAction[] = ['edit', 'delete'];

/** The declared bulk actions the signed-in role may use on one record. */
export function useBulkActions<T extends StoreRecord>(presentation: ResourcePresentation<T>): BulkAction[] {
  const permitted = usePermittedActions(presentation, ASKED);
  return (presentation.bulk ?? []).filter((action) => permitted.includes(action.needs));
}

interface BulkActionsProps<T extends StoreRecord> {
  presentation: ResourcePresentation<T>;
  actions: BulkAction[];
  selected: string[];
  /** The grid's rows, to name the records that failed. */
  rows: readonly T[];
  onDone: () => void;
}

/** The bar over a grid with records selected: its declared bulk actions, one confirmation, then the server's summary as one toast. */
export function BulkActions<T extends StoreRecord>({
  presentation,
  actions,
  selected,
  rows,
  onDone,
}: BulkActionsProps<T>) {
  const { name, noun, recordLabel } = presentation;
  const texts = useTexts(presentation);
  const { mutate, mutation } = useCustomMutation<BulkResult>();
  const invalidate = useInvalidate();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; action: BulkAction }>();
  const [asked, setAsked] = useState<{
    title: string;
    text?: string;
    confirm: string;
    path: string;
    body?: Record<string, unknown>;
  }>();
  if (actions.length === 0 || selected.length === 0) return null;

  const count = countOf(selected.length, noun);
  const named = (id: string) => {
    const row = rows.find((record) => record._id === id);
    return row ? recordName(recordLabel, row) : id.slice(-6);
  };
  // Deleting one record asks what the row's Delete asks.
  const ask = (action: BulkAction) =>
    setAsked(
      action.needs === 'delete' && selected.length === 1
        ? {
            title: `Delete ${noun} ${named(selected[0]!)}?`,
            text: texts.deleteQuestion,
            confirm: action.label,
            path: action.path,
            body: action.body,
          }
        : { title: `${action.label} ${count}?`, confirm: action.label, path: action.path, body: action.body },
    );
  const run = () =>
    asked &&
    mutate(
      {
        url: asked.path,
        method: 'post',
        values: { ids: selected, ...asked.body },
        successNotification: (response) => {
          const { message = '', failed = [] } = response?.data ?? {};
          const which = failed.map((failure) => `${named(failure._id)} (${failure.message})`).join('; ');
          return failed.length === 0
            ? { type: 'success', message }
            : { type: 'error', message: `${message}: ${which}` };
        },
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, `Failed to change ${count}`) }),
      },
      {
        onSettled: () => {
          setAsked(undefined);
          onDone();
          void invalidate({ resource: name, invalidates: ['list', 'many', 'detail'] });
        },
      },
    );

  return (
    <Box
      role="toolbar"
      aria-label="Bulk actions"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ mr: 1 }}>{count} selected</Typography>
      {actions.map((action) => (
        <Button
          key={action.label}
          color={action.needs === 'delete' ? 'error' : 'primary'}
          aria-haspopup={action.choices ? 'menu' : undefined}
          onClick={(event) => (action.choices ? setMenu({ anchor: event.currentTarget, action }) : ask(action))}
        >
          {action.label}
        </Button>
      ))}
      <Menu anchorEl={menu?.anchor} open={menu !== undefined} onClose={() => setMenu(undefined)}>
        {menu?.action.choices?.map((choice) => (
          <MenuItem
            key={choice.label}
            onClick={() => {
              setMenu(undefined);
              setAsked({
                title: `Set ${count} to ${choice.label}?`,
                confirm: 'Update',
                path: menu.action.path,
                body: choice.body,
              });
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        title={asked?.title}
        text={asked?.text ?? `Each ${noun} is changed on its own; any the store refuses are named afterwards.`}
        confirm={asked?.confirm ?? ''}
        busy={mutation.isPending}
        onCancel={() => setAsked(undefined)}
        onConfirm={run}
      />
    </Box>
  );
}
