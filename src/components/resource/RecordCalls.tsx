import IconButton from '@mui/material/IconButton';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { fieldLabel } from '../../domain/contract';
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
import { useSteadyCallback } from './steady';
import { HoverTooltip } from '../HoverTooltip';

type CallMethod = 'post' | 'put' | 'delete';

/** What a record call may need (one constant: a new list each render would make new buttons each render). */
const CALL_ACTIONS: ResourceAction[] = ['show', 'edit', 'delete', 'create'];

/** The call's method and address for one record: each `:name` of its path from the record's field, `:id` from its id. */
function routeOf<T extends StoreRecord>(presentation: ResourcePresentation<T>, call: Call<T>, record: T) {
  const { contract } = presentation;
  const { method, path } = call.call === 'remove' ? contract.routes.remove! : contract.calls![call.call]!;
  const filled = path.replace(/:(\w+)/g, (param, field: string) =>
    field === 'id' ? param : encodeURIComponent(String((record as Record<string, unknown>)[field])),
  );
  return { url: contract.url(filled, record._id), method: method.toLowerCase() as CallMethod };
}

/** A call as declared with the defaults filled in: its label its name in words, the role's 'edit', its form's title and submit from the label. */
function declared<T>(call: RecordCall<T>) {
  const label = call.label ?? fieldLabel(call.call);
  const form = call.form && { title: (name: string) => `${label} ${name}`, submit: label, ...call.form };
  return { needs: 'edit' as ResourceAction, ...call, label, form };
}
type Call<T> = ReturnType<typeof declared<T>>;

/** A call's button's accessible name: as declared, else its dialog's title, else its label and the record's name. */
const callName = <T,>(call: Call<T>, name: string) =>
  (call.named ?? call.form?.title ?? call.related?.title)?.(name) ?? `${call.label} ${name}`;

/**
 * A call on one record, POST unless said (PUT, DELETE), with `values` as its body: a toast says the server's message (else
 * `done`), and a refusal's (else `failed`; `false` leaves the refusal to the caller). The promise settles with it.
 */
export function useRecordCall() {
  const { mutateAsync: mutateNow, mutation } = useCustomMutation<{ message?: string }>();
  // Refine makes it anew at every render; the rows' buttons built on it stay the same.
  const mutateAsync = useSteadyCallback(mutateNow);
  const call = useCallback(
    (url: string, values: object, words: { done: string; failed: string | false; method?: CallMethod }) =>
      mutateAsync({
        url,
        method: words.method ?? 'post',
        values,
        successNotification: (response) => ({ type: 'success', message: response?.data.message ?? words.done }),
        errorNotification:
          words.failed === false
            ? false
            : (error) => ({ type: 'error', message: serverMessageOr(error, words.failed as string) }),
      }),
    [mutateAsync],
  );
  return { call, busy: mutation.isPending };
}

/**
 * The presentation's record calls as one row's buttons, for the calls the role may make, and the
 * question a call asks first: `buttons` goes in the row, `dialog` in the screen.
 */
export function useRecordCalls<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
): { buttons?: (record: T) => ReactNode; dialog: ReactNode } {
  const permitted = usePermittedActions(presentation, CALL_ACTIONS);
  const { call: request, busy } = useRecordCall();
  const invalidate = useInvalidate();
  const [asking, setAsking] = useState<{ call: Call<T>; record: T }>();
  const [opened, setOpened] = useState<{ call: Call<T>; record: T }>();
  const name = useCallback((record: T) => recordName(presentation.recordLabel, record), [presentation]);

  /** The call with `values` as its body; a form's refusal is said in the form (it rejects), any other in a toast. */
  const make = useCallback(
    (call: Call<T>, record: T, values: Record<string, unknown> = {}) => {
      const { url, method } = routeOf(presentation, call, record);
      return request(url, values, {
        method,
        done: call.done ?? '',
        failed: call.form ? false : (call.failed ?? ''),
      })
        .then(() => {
          // The record itself too: its details may be open.
          void invalidate({ resource: presentation.name, invalidates: ['list', 'detail'], id: record._id });
          const other = call.refreshes?.(record);
          if (other) void invalidate({ resource: other, invalidates: ['list'] });
        })
        .finally(() => setAsking(undefined));
    },
    [request, invalidate, presentation],
  );
  /** A toast has said it (or the form will): the promise's rejection is handled. */
  const makeNow = useCallback((call: Call<T>, record: T) => void make(call, record).catch(() => undefined), [make]);
  const shown = useMemo(
    () => (presentation.recordCalls ?? []).map(declared).filter((call) => permitted.includes(call.needs)),
    [presentation, permitted],
  );
  const buttons = useCallback(
    (record: T) =>
      shown
        .filter((call) => call.when?.(record) ?? true)
        .map((call) => {
          const Icon = call.icon;
          return (
            <HoverTooltip key={call.call} title={call.label}>
              <IconButton
                size="small"
                aria-label={callName(call, name(record))}
                disabled={busy}
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
            </HoverTooltip>
          );
        }),
    [shown, name, makeNow, busy],
  );
  // What either dialog a call opens is about, and how it closes.
  const about = (record: T) => ({ record, name: name(record), onClose: () => setOpened(undefined) });
  const dialog = (
    <>
      {opened?.call.form && (
        <CallFormDialog
          form={opened.call.form}
          busy={busy}
          onSubmit={(body) => make(opened.call, opened.record, body)}
          {...about(opened.record)}
        />
      )}
      {opened?.call.related && <RelatedRecordsDialog related={opened.call.related} {...about(opened.record)} />}
      <ConfirmDialog
        title={asking && `${callName(asking.call, name(asking.record))}?`}
        text={asking?.call.confirm ?? ''}
        confirm={asking?.call.label ?? ''}
        busy={busy}
        onCancel={() => setAsking(undefined)}
        onConfirm={() => asking && makeNow(asking.call, asking.record)}
      />
    </>
  );
  return { buttons: shown.length > 0 ? buttons : undefined, dialog };
}
