import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useCan, useInvalidate } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import {
  formatDateTime,
  ORDER_NOTE_MAX_LENGTH,
  ORDER_STATUS_LABELS,
  ordersContract,
  type Order,
  type OrderHistoryEntry,
} from '../../domain';
import { useRecordCall } from '../../components/resource/RecordCalls';
import { EntryList } from '../../components/EntryList';

const entryTitle = (entry: OrderHistoryEntry) =>
  entry.type === 'note'
    ? 'Note'
    : `Status changed from ${entry.from ? ORDER_STATUS_LABELS[entry.from] : '—'} to ${entry.to ? ORDER_STATUS_LABELS[entry.to] : '—'}`;

/**
 * The order's timeline: when it was placed, then each status change and staff note,
 * oldest first, with who and when. Staff who may change the status may add a note.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const caption = (by: string | undefined, at: string) => [by, formatDateTime(at)].filter(Boolean).join(' · ');
  const entries = [
    { key: 'placed', title: 'Order placed', caption: caption(order.user?.fullname, order.createdAt) },
    ...(order.history ?? []).map((entry, index) => ({
      key: String(index),
      title: entryTitle(entry),
      caption: caption(entry.by.fullname, entry.at),
      text: entry.text,
    })),
  ];
  const mayNote = useCan({ resource: 'orders', action: 'edit' }).data?.can === true;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <EntryList ordered entries={entries} />
      {mayNote && <NoteForm orderId={order._id} />}
    </Box>
  );
}

function NoteForm({ orderId }: { orderId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const { call, busy } = useRecordCall();
  const invalidate = useInvalidate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError('Note text is required');
    const url = ordersContract.url(ordersContract.calls!.notes!.path, orderId);
    void call(url, { text }, { done: 'Note added', failed: 'Failed to add note' })
      .then(() => {
        setText('');
        setError(undefined);
        void invalidate({ resource: 'orders', id: orderId, invalidates: ['detail'] });
      })
      .catch(() => undefined);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Add a note"
        multiline
        minRows={2}
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error !== undefined}
        helperText={error ?? `${text.length} / ${ORDER_NOTE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX_LENGTH } }}
        disabled={busy}
      />
      <Button type="submit" variant="outlined" disabled={busy} sx={{ justifySelf: 'start' }}>
        {busy ? 'Adding...' : 'Add Note'}
      </Button>
    </Box>
  );
}
