import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { ImageFileField } from '../../components/ImageFileField';
import { Muted } from '../../components/Muted';
import { itemsBuilder, type ItemFieldsProps } from '../../components/resource/ItemsBuilder';
import { choices } from '../../components/resource/presentation';
import { OptionsField } from '../../components/resource/widgets';
import { Thumbnail } from '../../components/Thumbnail';
import { SIZES, SKU_MAX_LENGTH, totalStock, variantListProblem, type Variant } from '../../domain';
import {
  BUILDER_MESSAGES,
  EMPTY_SIZE_DRAFT,
  formatPrice,
  sizeEntryFromDraft,
  sizeEntryToDraft,
  variantDraftProblem,
  withSizeEntry,
  withVariantSaved,
  type SizeEntryDraft,
} from './product-form';
import { ColourSwatch } from './ColourSwatch';
import { VariantSizeTable } from './VariantSizeTable';

/**
 * The variant being built, with the size being typed into it: its image is a stored URL, or a file uploaded
 * when the variant is saved.
 */
type VariantDraft = Omit<Variant, 'image'> & { image: string | File; entry: SizeEntryDraft };

/** A number the size entry takes: whole units of stock, or a price in any paise. */
const amount = (step: 1 | 'any'): TextFieldProps => ({
  type: 'number',
  slotProps: { htmlInput: { min: 0, step, inputMode: 'decimal' } },
});

/** The size entry's fields: name, label, width and their own props (the size is chosen from a list, below). */
const SIZE_FIELDS: [Exclude<keyof SizeEntryDraft, 'lowStockAt'>, string, number, TextFieldProps][] = [
  ['size', 'Size', 100, {}],
  ['price', 'Price', 110, amount('any')],
  ['mrp', 'MRP', 110, amount('any')],
  ['countInStock', 'Stock', 110, amount(1)],
  // Left blank, the server makes one (PRODUCT-COLOUR-SIZE).
  ['sku', 'SKU', 200, { placeholder: 'Generated', slotProps: { htmlInput: { maxLength: SKU_MAX_LENGTH } } }],
];

/** The builder's fields: the colour, the main mark and the image, then sizes typed one at a time into a table. */
function VariantFields({ draft, change, say, busy }: ItemFieldsProps<VariantDraft>) {
  const { entry } = draft;
  const sizeExists = draft.sizes.some((s) => s.size.toLowerCase() === entry.size.toLowerCase());
  // The store's sizes, and one they lack that a saved variant has.
  const sizeOptions = [...new Set<string>([...SIZES, entry.size])].filter(Boolean);
  const setEntry = (next: SizeEntryDraft) => change({ ...draft, entry: next });
  const addSize = () => {
    const result = sizeEntryFromDraft(entry);
    if ('error' in result) return say(result.error);
    change({ ...draft, sizes: withSizeEntry(draft.sizes, result.entry), entry: EMPTY_SIZE_DRAFT });
    say(undefined);
  };
  /** Enter in a size field adds the size instead of submitting the whole product. */
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addSize();
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          label="Colour"
          name="variantColor"
          size="small"
          value={draft.color}
          onChange={(event) => change({ ...draft, color: event.target.value })}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          disabled={busy}
          sx={{ flex: '1 1 180px' }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.isMain}
              onChange={(event) => change({ ...draft, isMain: event.target.checked })}
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
        onChange={(image) => change({ ...draft, image: image as string | File })}
        disabled={busy}
      />

      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
        role="group"
        aria-label="Size entry"
      >
        {SIZE_FIELDS.map(([field, label, width, props]) => (
          <OptionsField
            key={field}
            {...props}
            label={label}
            name={field}
            size="small"
            value={entry[field] ?? ''}
            onChange={(event) => setEntry({ ...entry, [field]: event.target.value })}
            onKeyDown={field === 'size' ? undefined : addOnEnter}
            disabled={busy}
            sx={{ width }}
            options={field === 'size' ? choices(sizeOptions) : undefined}
          />
        ))}
        <Button variant="outlined" startIcon={<AddIcon />} onClick={addSize} disabled={busy}>
          {sizeExists ? 'Update Size' : 'Add Size'}
        </Button>
      </Box>

      {draft.sizes.length > 0 && (
        <VariantSizeTable
          sizes={draft.sizes}
          label="Sizes in this variant"
          editing={{
            onEdit: (size) => setEntry(sizeEntryToDraft(size)),
            onRemove: (position) => change({ ...draft, sizes: draft.sizes.filter((_, i) => i !== position) }),
            disabled: busy,
          }}
        />
      )}
    </>
  );
}

/** The colour-variant builder: sizes into a variant, variants into the product. */
export const VariantBuilder = itemsBuilder<Variant, VariantDraft>({
  noun: 'variant',
  name: (variant) => variant.color,
  key: (variant, position) => variant._id ?? `${variant.color}-${position}`,
  summary: (variant) => (
    <>
      {variant.image ? (
        <Thumbnail src={variant.image} alt="" size={40} />
      ) : (
        <ColourSwatch variant={variant} size={24} />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography fontWeight={600}>{variant.color}</Typography>
          {variant.isMain && <Chip label="Main" size="small" color="primary" />}
          <Muted>{totalStock([variant])} in stock</Muted>
        </Box>
        <Muted noWrap>
          {variant.sizes.map((s) => `${s.size} ${formatPrice(s.price)} (${s.countInStock})`).join(' · ')}
        </Muted>
      </Box>
    </>
  ),
  none: 'No variants yet: build one below and save it.',
  blank: (variants) => ({ color: '', image: '', isMain: variants.length === 0, sizes: [], entry: EMPTY_SIZE_DRAFT }),
  toDraft: (variant) => ({ ...variant, entry: EMPTY_SIZE_DRAFT }),
  pending: ({ color, sizes, image, entry }) =>
    color.trim() !== '' ||
    sizes.length > 0 ||
    image instanceof File ||
    Object.values(entry).some((typed) => typeof typed === 'string' && typed.trim() !== ''),
  pendingMessage: 'Save the variant you are building, or clear it, before saving the product.',
  build: async ({ entry: _entry, ...draft }, variants, position, upload) => {
    const variant: Variant = {
      ...draft,
      color: draft.color.trim(),
      image: typeof draft.image === 'string' ? draft.image : '',
    };
    const problem =
      variantDraftProblem(draft) ?? variantListProblem(withVariantSaved(variants, variant, position))?.message;
    if (problem) return problem.charAt(0).toUpperCase() + problem.slice(1);
    if (!(draft.image instanceof File)) return variant;
    const image = await upload(draft.image);
    return image && { ...variant, image };
  },
  uploading: 'Uploading variant image...',
  uploadFailed: BUILDER_MESSAGES.variantImageFailed,
  save: withVariantSaved,
  fields: VariantFields,
});
