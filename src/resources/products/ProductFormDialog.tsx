import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate, useDataProvider, useInvalidate, useNotification, useUpdate } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { CommaListField } from '../../components/CommaListField';
import { ImageFileField } from '../../components/ImageFileField';
import { StaleEditAlert } from '../../components/StaleEditAlert';
import { staleEditMessageOf } from '../../components/stale-edit';
import {
  MAX_PRODUCT_SUB_IMAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_STATUSES,
  PRODUCT_STATUS_LABELS,
  productFormSchema,
  productFormValues,
  type Product,
  type ProductFormValues,
} from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { uploadProductImages } from './upload-product-images';
import { VariantBuilder, type VariantBuilderState } from './VariantBuilder';

type ProductFormOutput = z.output<typeof productFormSchema>;

// The form starts with status '' (nothing chosen) where the schema's input type wants a status.
const resolver = zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductFormOutput>;

const LONG_TEXTS = [
  ['description', 'Description'],
  ['story', 'Story'],
  ['details', 'Details'],
  ['shippingInfo', 'Shipping Info'],
] as const;

type Phase = 'idle' | 'uploading' | 'saving';

interface ProductFormDialogProps {
  open: boolean;
  /** The product to update; absent to add one. */
  product?: Product;
  onClose: () => void;
}

/** Add Product and Update Product (SPEC.md, Product Catalog): the product's fields, images and variant builder. */
export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const editing = product !== undefined;
  const { open: notify } = useNotification();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const { control, handleSubmit, reset, formState } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver,
    defaultValues: productFormValues(product),
  });
  const [mainFiles, setMainFiles] = useState<File[]>([]);
  const [subFiles, setSubFiles] = useState<File[]>([]);
  const [builder, setBuilder] = useState<VariantBuilderState>({ pending: false, uploading: false });
  const [builderKey, setBuilderKey] = useState(0);
  const [formError, setFormError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>('idle');
  // The copy being edited (the list's row, or what Reload fetched): the whole of it, updatedAt included, goes with the save.
  const [loaded, setLoaded] = useState<Product | undefined>(product);
  const [staleEdit, setStaleEdit] = useState<string>();
  const onBuilderState = useCallback((state: VariantBuilderState) => setBuilder(state), []);

  const startFrom = useCallback(
    (copy: Product | undefined) => {
      setLoaded(copy);
      reset(productFormValues(copy));
      setMainFiles([]);
      setSubFiles([]);
      setFormError(undefined);
      setStaleEdit(undefined);
      setBuilderKey((key) => key + 1);
    },
    [reset],
  );

  // Each opening starts from the product (or blank), whatever an earlier opening left behind.
  useEffect(() => {
    if (open) startFrom(product);
  }, [open, product, startFrom]);

  /** After a stale-edit refusal: the latest copy into the form, and the catalogue refreshed to show it too. */
  const reloadLatest = async () => {
    if (!loaded) return;
    const { data: latest } = await dataProvider().getOne<Product>({ resource: 'products', id: loaded._id });
    startFrom(latest);
    void invalidate({ resource: 'products', invalidates: ['list', 'detail'], id: loaded._id });
  };

  const busy = phase !== 'idle' || builder.uploading;

  const submit = handleSubmit(async (values) => {
    if (builder.pending) {
      setFormError('Save the variant you are building, or clear it, before saving the product.');
      return;
    }
    setFormError(undefined);
    setStaleEdit(undefined);
    setPhase('uploading');
    const { failed, ...images } = await uploadProductImages(mainFiles[0], subFiles);
    if (failed.length > 0) {
      notify?.({ type: 'error', message: 'Some images could not be uploaded and were skipped', description: failed.join(', ') });
    }
    setPhase('saving');
    const fallback = editing ? PRODUCT_FORM_MESSAGES.updateFailed : PRODUCT_FORM_MESSAGES.addFailed;
    const notifications = {
      successNotification: () => ({
        type: 'success' as const,
        message: editing ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.added,
      }),
      // A stale edit is told in the dialog, beside its Reload button, not in a passing toast.
      errorNotification: (error: unknown) =>
        staleEditMessageOf(error) ? false : { type: 'error' as const, message: serverMessageOr(error, fallback) },
    };
    try {
      if (loaded) {
        // The contract's update takes the whole product object.
        await update({ resource: 'products', id: loaded._id, values: { ...loaded, ...values, ...images }, ...notifications });
      } else {
        await create({ resource: 'products', values: { ...values, ...images }, ...notifications });
      }
      reset(productFormValues());
      onClose();
    } catch (error) {
      // The error notification above already told the admin of other failures; the dialog stays open to try again.
      setStaleEdit(staleEditMessageOf(error));
    } finally {
      setPhase('idle');
    }
  });

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" scroll="paper" aria-labelledby="product-form-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id="product-form-title">{editing ? 'Update Product' : 'Add New Product'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <Controller
              name="name"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label="Name"
                  required
                  autoFocus
                  size="small"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  disabled={busy}
                />
              )}
            />
            <Controller
              name="status"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  select
                  label="Status"
                  required
                  size="small"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  disabled={busy}
                >
                  {PRODUCT_STATUSES.map((status) => (
                    <MenuItem key={status} value={status}>
                      {PRODUCT_STATUS_LABELS[status]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              name="categories"
              control={control}
              render={({ field, fieldState }) => (
                <CommaListField
                  name="categories"
                  label="Categories"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  suggestions={PRODUCT_CATEGORIES}
                  error={fieldState.error?.message}
                  disabled={busy}
                />
              )}
            />
            <Controller
              name="collections"
              control={control}
              render={({ field, fieldState }) => (
                <CommaListField
                  name="collections"
                  label="Collections"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  suggestions={PRODUCT_COLLECTIONS}
                  error={fieldState.error?.message}
                  disabled={busy}
                />
              )}
            />
          </Box>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {LONG_TEXTS.map(([name, label]) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    label={label}
                    multiline
                    minRows={2}
                    size="small"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    disabled={busy}
                  />
                )}
              />
            ))}
          </Box>

          <Controller
            name="isTrending"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} disabled={busy} inputProps={{ role: 'switch' }} />
                }
                label="Trending"
              />
            )}
          />

          <Divider />
          <Typography variant="h6" component="h2">
            Images
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <ImageFileField
              name="image"
              label="Main image"
              files={mainFiles}
              onChange={setMainFiles}
              currentUrls={loaded?.image ? [loaded.image] : []}
              disabled={busy}
            />
            <ImageFileField
              name="subImages"
              label={`Sub images (up to ${MAX_PRODUCT_SUB_IMAGES})`}
              multiple
              max={MAX_PRODUCT_SUB_IMAGES}
              files={subFiles}
              onChange={setSubFiles}
              currentUrls={loaded?.subImages ?? []}
              disabled={busy}
            />
          </Box>

          <Divider />
          <Typography variant="h6" component="h2">
            Variants
          </Typography>
          <Controller
            name="variants"
            control={control}
            render={({ field, fieldState }) => (
              <Box sx={{ display: 'grid', gap: 1 }}>
                <VariantBuilder
                  key={builderKey}
                  variants={field.value ?? []}
                  onChange={field.onChange}
                  onStateChange={onBuilderState}
                  disabled={phase !== 'idle'}
                />
                {fieldState.error && (
                  <Alert severity="error">{fieldState.error.message ?? fieldState.error.root?.message}</Alert>
                )}
              </Box>
            )}
          />
        </DialogContent>

        {staleEdit && (
          <Box sx={{ mx: 3, mt: 2 }}>
            <StaleEditAlert message={staleEdit} onReload={reloadLatest} />
          </Box>
        )}
        {formError && (
          <Alert severity="error" role="alert" sx={{ mx: 3, mt: 2 }}>
            {formError}
          </Alert>
        )}
        {phase === 'uploading' && (
          <Box role="status" sx={{ mx: 3, mt: 2 }}>
            <Typography variant="body2">Uploading...</Typography>
            <LinearProgress />
          </Box>
        )}
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || formState.isSubmitting}>
            {phase === 'uploading' ? 'Uploading...' : phase === 'saving' ? 'Saving...' : editing ? 'Update Product' : 'Add Product'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
