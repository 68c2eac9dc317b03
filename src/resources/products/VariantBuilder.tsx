import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { ImageFileField } from '../../components/ImageFileField';
import { SIZES, SKU_MAX_LENGTH, variantListProblem, type Variant } from '../../domain';
import {
  EMPTY_SIZE_DRAFT,
  BUILDER_MESSAGES,
  sizeEntryFromDraft,
  sizeEntryToDraft,
  variantDraftProblem,
  withSizeEntry,
  withVariantSaved,
  type SizeEntryDraft,
} from './product-form';
import type { WidgetProps } from '../../components/resource/presentation';
import { uploadImage } from '../../providers/upload';
import { SavedVariantList } from './SavedVariantList';
import { VariantSizeTable } from './VariantSizeTable';

/** Said when the product is saved while a variant is half built, which the save would lose. */
const PENDING_VARIANT = 'Save the variant you are building, or clear it, before saving the product.';

/** The variant being built: its image is a stored URL, or a file uploaded when the variant is saved. */
type VariantDraft = Omit<Variant, 'image'> & { image: string | File };

const SIZE_FIELDS = [
  ['price', 'Price'],
  ['mrp', 'MRP'],
  ['countInStock', 'Stock'],
] as const;

const emptyDraft = (firstVariant: boolean): VariantDraft => ({ color: '', image: '', isMain: firstVariant, sizes: [] });

/** The colour-variant builder: sizes into a variant, variants into the product. */
export function VariantBuilder({ label, value, onChange, onHold, error, disabled }: WidgetProps) {
  const variants = (value ?? []) as Variant[];
  const { open: notify } = useNotification();
  const [draft, setDraft] = useState<VariantDraft>(() => emptyDraft(variants.length === 0));
  const [sizeDraft, setSizeDraft] = useState<SizeEntryDraft>(EMPTY_SIZE_DRAFT);
  const [editing, setEditing] = useState<number | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);

  const sizeTyped = Object.values(sizeDraft).some((value) => typeof value === 'string' && value.trim() !== '');
  const pending =
    editing !== undefined ||
    draft.color.trim() !== '' ||
    draft.sizes.length > 0 ||
    sizeTyped ||
    draft.image instanceof File;
  useEffect(
    () => onHold({ message: pending ? PENDING_VARIANT : undefined, busy: uploading }),
    [pending, uploading, onHold],
  );

  const busy = disabled || uploading;
  const sizeExists = draft.sizes.some((s) => s.size.toLowerCase() === sizeDraft.size.toLowerCase());
  const sizeOptions: string[] =
    SIZES.includes(sizeDraft.size as (typeof SIZES)[number]) || sizeDraft.size === ''
      ? [...SIZES]
      : [...SIZES, sizeDraft.size];

  /** Starts the builder over: on a new variant, or on the saved one at `position`. */
  const start = (next: VariantDraft, position?: number) => {
    setDraft(next);
    setSizeDraft(EMPTY_SIZE_DRAFT);
    setEditing(position);
    setMessage(undefined);
  };
  const clear = (saved: Variant[]) => start(emptyDraft(saved.length === 0));

  const addSize = () => {
    const result = sizeEntryFromDraft(sizeDraft);
    if ('error' in result) {
      setMessage(result.error);
      return;
    }
    setDraft((current) => ({ ...current, sizes: withSizeEntry(current.sizes, result.entry) }));
    setSizeDraft(EMPTY_SIZE_DRAFT);
    setMessage(undefined);
  };

  const saveVariant = async () => {
    const problem = variantDraftProblem(draft);
    if (problem) {
      setMessage(problem);
      return;
    }
    const variant: Variant = {
      ...draft,
      color: draft.color.trim(),
      image: typeof draft.image === 'string' ? draft.image : '',
    };
    const listProblem = variantListProblem(withVariantSaved(variants, variant, editing));
    if (listProblem) {
      setMessage(listProblem.message.charAt(0).toUpperCase() + listProblem.message.slice(1));
      return;
    }
    if (draft.image instanceof File) {
      setUploading(true);
      const uploaded = await uploadImage(draft.image).catch(
        (error: Error) =>
          void notify?.({ type: 'error', message: BUILDER_MESSAGES.variantImageFailed, description: error.message }),
      );
      setUploading(false);
      if (!uploaded) return;
      variant.image = uploaded;
    }
    const saved = withVariantSaved(variants, variant, editing);
    onChange(saved);
    clear(saved);
  };

  const removeVariant = (position: number) => {
    const remaining = variants.filter((_, i) => i !== position);
    onChange(remaining);
    if (editing === position) clear(remaining);
    else if (editing !== undefined && editing > position) setEditing(editing - 1);
  };

  /** Enter in a size field adds the size instead of submitting the whole product. */
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addSize();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {label}
      </Typography>
      <SavedVariantList
        variants={variants}
        editing={editing}
        onEdit={(position) => start(variants[position]!, position)}
        onRemove={removeVariant}
        disabled={busy}
      />

      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} role="group" aria-label="Variant builder">
        <Typography variant="subtitle2">
          {editing === undefined ? 'New variant' : `Editing variant ${variants[editing]?.color ?? ''}`}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            label="Colour"
            name="variantColor"
            size="small"
            value={draft.color}
            onChange={(event) => setDraft({ ...draft, color: event.target.value })}
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            disabled={busy}
            sx={{ flex: '1 1 180px' }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isMain}
                onChange={(event) => setDraft({ ...draft, isMain: event.target.checked })}
                disabled={busy}
              />
            }
            label="Main variant"
          />
        </Box>
        <ImageFileField
          name="variantImage"
          label="Variant image"
          value={draft.image}
          onChange={(image) => setDraft({ ...draft, image: image as string | File })}
          disabled={busy}
        />

        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
          role="group"
          aria-label="Size entry"
        >
          <TextField
            select
            label="Size"
            name="size"
            size="small"
            value={sizeDraft.size}
            onChange={(event) => setSizeDraft({ ...sizeDraft, size: event.target.value })}
            disabled={busy}
            sx={{ width: 100 }}
          >
            {sizeOptions.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
          {SIZE_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              name={field}
              type="number"
              size="small"
              value={sizeDraft[field]}
              onChange={(event) => setSizeDraft({ ...sizeDraft, [field]: event.target.value })}
              onKeyDown={addOnEnter}
              disabled={busy}
              sx={{ width: 110 }}
              slotProps={{ htmlInput: { min: 0, step: field === 'countInStock' ? 1 : 'any', inputMode: 'decimal' } }}
            />
          ))}
          <TextField
            label="SKU"
            name="sku"
            size="small"
            value={sizeDraft.sku ?? ''}
            onChange={(event) => setSizeDraft({ ...sizeDraft, sku: event.target.value })}
            onKeyDown={addOnEnter}
            disabled={busy}
            placeholder="Generated"
            sx={{ width: 200 }}
            slotProps={{ htmlInput: { maxLength: SKU_MAX_LENGTH } }}
          />
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addSize} disabled={busy}>
            {sizeExists ? 'Update Size' : 'Add Size'}
          </Button>
        </Box>

        {draft.sizes.length > 0 && (
          <VariantSizeTable
            sizes={draft.sizes}
            label="Sizes in this variant"
            editing={{
              onEdit: (entry) => setSizeDraft(sizeEntryToDraft(entry)),
              onRemove: (position) => setDraft({ ...draft, sizes: draft.sizes.filter((_, i) => i !== position) }),
              disabled: busy,
            }}
          />
        )}

        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        {uploading && (
          <Box role="status">
            <Typography variant="body2">Uploading variant image...</Typography>
            <LinearProgress />
          </Box>
        )}

        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {pending && (
            <Button onClick={() => clear(variants)} disabled={busy}>
              {editing === undefined ? 'Clear' : 'Cancel Edit'}
            </Button>
          )}
          <Button variant="contained" color="secondary" onClick={() => void saveVariant()} disabled={busy}>
            {editing === undefined ? 'Save Variant' : 'Update Variant'}
          </Button>
        </Box>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}
