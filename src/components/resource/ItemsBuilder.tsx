import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { uploadImage } from '../../providers/upload';
import { EditRemoveButtons } from '../EditRemoveButtons';
import { Muted } from '../Muted';
import type { WidgetProps } from './presentation';

/** What the builder's own fields are given: the item being built, and ways to change it and to say what is wrong. */
export interface ItemFieldsProps<D> {
  draft: D;
  change: (draft: D) => void;
  say: (message?: string) => void;
  busy: boolean;
}

export interface ItemsSpec<I, D> {
  /** One item in the admin's words ('variant'): the buttons, the list and the builder are named after it. */
  noun: string;
  /** An item's name in its list and its buttons ('Teal'), its key there, and how it reads in the list. */
  name: (item: I) => string;
  key: (item: I, position: number) => string;
  summary: (item: I) => ReactNode;
  /** The list's words while it is empty. */
  none: string;
  /** A new item as the builder starts it (given the items saved so far), and a saved one back in the builder. */
  blank: (items: I[]) => D;
  toDraft: (item: I) => D;
  /** The builder holds work the form's save would lose: the form refuses to save, saying `pendingMessage`. */
  pending: (draft: D) => boolean;
  pendingMessage: string;
  /**
   * The item the builder makes (at `position` when editing one), or what is wrong with it; `upload` puts a
   * picture on the host first, saying `uploading` meanwhile, and toasts `uploadFailed` (then no item).
   */
  build: (
    draft: D,
    items: I[],
    position: number | undefined,
    upload: (file: File) => Promise<string | undefined>,
  ) => Promise<I | string | undefined>;
  uploading: string;
  uploadFailed: string;
  /** The items with `item` saved in: at `position` when editing one, else added. */
  save: (items: I[], item: I, position: number | undefined) => I[];
  fields: ComponentType<ItemFieldsProps<D>>;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A form widget for a list of items built one at a time (a product's colour variants): the items saved so
 * far, each back to the builder with Edit or gone with Remove, and a builder of the spec's fields that
 * saves one into the list.
 */
export function itemsBuilder<I, D>(spec: ItemsSpec<I, D>): ComponentType<WidgetProps> {
  const { noun, name, fields: Fields } = spec;
  const Noun = capital(noun);
  return function ItemsBuilder({ label, value, onChange, onHold, error, disabled }: WidgetProps) {
    const items = (value ?? []) as I[];
    const { open: notify } = useNotification();
    const [draft, setDraft] = useState<D>(() => spec.blank(items));
    const [editing, setEditing] = useState<number>();
    const [message, setMessage] = useState<string>();
    const [uploading, setUploading] = useState(false);
    const pending = editing !== undefined || spec.pending(draft);
    useEffect(
      () => onHold({ message: pending ? spec.pendingMessage : undefined, busy: uploading }),
      [pending, uploading, onHold],
    );
    const busy = disabled || uploading;

    /** Starts the builder over: on a new item, or on the saved one at `position`. */
    const start = (next: D, position?: number) => {
      setDraft(next);
      setEditing(position);
      setMessage(undefined);
    };
    const clear = (saved: I[]) => start(spec.blank(saved));
    const upload = async (file: File) => {
      setUploading(true);
      const url = await uploadImage(file).catch(
        (failure: Error) => void notify?.({ type: 'error', message: spec.uploadFailed, description: failure.message }),
      );
      setUploading(false);
      return url || undefined;
    };
    const save = async () => {
      const built = await spec.build(draft, items, editing, upload);
      if (typeof built === 'string') setMessage(built);
      if (built === undefined || typeof built === 'string') return;
      const saved = spec.save(items, built, editing);
      onChange(saved);
      clear(saved);
    };
    const remove = (position: number) => {
      const remaining = items.filter((_, i) => i !== position);
      onChange(remaining);
      if (editing === position) clear(remaining);
      else if (editing !== undefined && editing > position) setEditing(editing - 1);
    };

    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {label}
        </Typography>
        {items.length === 0 ? (
          <Muted>{spec.none}</Muted>
        ) : (
          <Box
            component="ul"
            aria-label={`Saved ${noun}s`}
            sx={{ display: 'grid', gap: 1, m: 0, p: 0, listStyle: 'none' }}
          >
            {items.map((item, position) => (
              <Paper
                component="li"
                key={spec.key(item, position)}
                variant="outlined"
                aria-label={`${Noun} ${name(item)}`}
                sx={{
                  p: 1.5,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  borderColor: editing === position ? 'primary.main' : undefined,
                }}
              >
                {spec.summary(item)}
                <EditRemoveButtons
                  name={`${noun} ${name(item)}`}
                  onEdit={() => start(spec.toDraft(item), position)}
                  onRemove={() => remove(position)}
                  disabled={busy}
                />
              </Paper>
            ))}
          </Box>
        )}

        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} role="group" aria-label={`${Noun} builder`}>
          <Typography variant="subtitle2">
            {editing === undefined ? `New ${noun}` : `Editing ${noun} ${items[editing] ? name(items[editing]) : ''}`}
          </Typography>
          <Fields draft={draft} change={setDraft} say={setMessage} busy={busy} />
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
          {uploading && (
            <Box role="status">
              <Typography variant="body2">{spec.uploading}</Typography>
              <LinearProgress />
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            {pending && (
              <Button onClick={() => clear(items)} disabled={busy}>
                {editing === undefined ? 'Clear' : 'Cancel Edit'}
              </Button>
            )}
            <Button variant="contained" color="secondary" onClick={() => void save()} disabled={busy}>
              {editing === undefined ? `Save ${Noun}` : `Update ${Noun}`}
            </Button>
          </Box>
        </Paper>
        {error && <Alert severity="error">{error}</Alert>}
      </Box>
    );
  };
}
