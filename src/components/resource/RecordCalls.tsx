import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { serverMessageOr } from '../../providers/http';
import { CallFormDialog } from './CallFormDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { RelatedRecordsDialog } from './RelatedRecordsDialog';
import {
  recordName,
  type RecordCall,
  type ResourceAction,
  type ResourcePresentation,
  type StoreRecord,
} from './presentation';
import { usePermittedActions } from './usePermittedActions';

/** What a record call may need (one constant: a new list each render would make new buttons each render). */
const CALL_ACTIONS: ResourceAction[] = ['show', 'edit', 'delete'];

/** The call's address for one record: each `:name` of its path from the record's field, `:id` from its id. */
function urlOf<T extends StoreRecord>(presentation: ResourcePresentation<T>, call: RecordCall<T>, record: T): string {
  const { contract } = presentation;
  const path = call.call === 'remove' ? contract.routes.remove!.path : contract.calls![call.call]!.path;
  const filled = path.replace(/:(\w+)/g, (param, field: string) =>
    field === 'id' ? param : encodeURIComponent(String((record as Record<string, unknown>)[field])),
  );
  return contract.url(filled, record._id);
}

/** A call's button's accessible name: as declared, else its dialog's title, else its label and the record's name. */
const callName = <T,>(call: RecordCall<T>, name: string) =>
  (call.named ?? call.form?.title ?? call.related?.title)?.(name) ?? `${call.label} ${name}`;

/**
 * The presentation's record calls as one row's buttons, for the calls the role may make, and the
 * question a call asks first: `buttons` goes in the row, `dialog` in the screen.
 */
export function useRecordCalls<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
): { buttons?: (record: T) => ReactNode; dialog: ReactNode } {
  const permitted = usePermittedActions(presentation, CALL_ACTIONS);
  const { mutateAsync, mutation } = useCustomMutation<{ message?: string }>();
  const invalidate = useInvalidate();
  const [asking, setAsking] = useState<{ call: RecordCall<T>; record: T }>();
  const [opened, setOpened] = useState<{ call: RecordCall<T>; record: T }>();
  const name = useCallback((record: T) => recordName(presentation.recordLabel, record), [presentation]);

  /** The call with `values` as its body; a form's refusal is said in the form (it rejects), any other in a toast. */
  const make = useCallback(
    (call: RecordCall<T>, record: T, values: Record<string, unknown> = {}) =>
      mutateAsync(
        {
          url: urlOf(presentation, call, record),
          method: call.call === 'remove' ? 'delete' : 'post',
          values,
          successNotification: (response) => ({ type: 'success', message: response?.data.message ?? call.done ?? '' }),
          errorNotification: call.form
            ? false
            : (error) => ({ type: 'error', message: serverMessageOr(error, call.failed ?? '') }),
        },
        {
          onSettled: () => setAsking(undefined),
          onSuccess: () => {
            for (const resource of [presentation.name, call.refreshes?.(record)])
              if (resource) void invalidate({ resource, invalidates: ['list'] });
          },
        },
      ),
    [mutateAsync, invalidate, presentation],
  );
  /** A toast has said it (or the form will): the promise's rejection is handled. */
  const makeNow = useCallback(
    (call: RecordCall<T>, record: T) => void make(call, record).catch(() => undefined),
    [make],
  );
  const shown = useMemo(
    () => (presentation.recordCalls ?? []).filter((call) => permitted.includes(call.needs)),
    [presentation, permitted],
  );
  const buttons = useCallback(
    (record: T) =>
      shown
        .filter((call) => call.when?.(record) ?? true)
        .map((call) => {
          const Icon = call.icon;
          return (
            <Tooltip key={call.call} title={call.label}>
              <IconButton
                size="small"
                aria-label={callName(call, name(record))}
                disabled={mutation.isPending}
                onClick={() =>
                  call.form || call.related
                    ? setOpened({ call, record })
                    : call.confirm
                      ? setAsking({ call, record })
                      : makeNow(call, record)
                }
              >
                <Icon fontSize="small" />
              </IconButton>
            </Tooltip>
          );
        }),
    [shown, name, makeNow, mutation.isPending],
  );
  const question = asking?.call.confirm;
  const close = () => setOpened(undefined);
  const dialog = (
    <>
      {opened?.call.form && (
        <CallFormDialog
          form={opened.call.form}
          record={opened.record}
          name={name(opened.record)}
          busy={mutation.isPending}
          onSubmit={(body) => make(opened.call, opened.record, body)}
          onClose={close}
        />
      )}
      {opened?.call.related && (
        <RelatedRecordsDialog
          related={opened.call.related}
          record={opened.record}
          name={name(opened.record)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        title={question && question.title(name(asking.record))}
        text={question?.text ?? ''}
        confirm={question?.button ?? ''}
        busy={mutation.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() => asking && makeNow(asking.call, asking.record)}
      />
    </>
  );
  return { buttons: shown.length > 0 ? buttons : undefined, dialog };
}
