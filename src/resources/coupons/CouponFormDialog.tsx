import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useCreate, useDataProvider, useInvalidate, useUpdate } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { StaleEditAlert } from '../../components/StaleEditAlert';
import { staleEditMessageOf } from '../../components/stale-edit';
import {
  COUPON_MESSAGES,
  couponFormSchema,
  couponFormValues,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  type Coupon,
  type CouponFormValues,
  type CouponInput,
} from '../../domain';
import { serverMessageOr } from '../../providers/http';

// The form starts with no discount type chosen ('') where the schema's input type wants one.
const resolver = zodResolver(couponFormSchema) as unknown as Resolver<CouponFormValues, unknown, CouponInput>;

interface CouponFormDialogProps {
  open: boolean;
  /** The coupon to update; absent to add one. */
  coupon?: Coupon;
  onClose: () => void;
}

type TextFieldName = 'code' | 'discountValue' | 'minOrderAmount' | 'maxDiscount' | 'categories' | 'collections' | 'expiresAt';

/** Add New Coupon and Update Coupon (SPEC.md, Coupons). A failed save shows the server's message in the dialog. */
export function CouponFormDialog({ open, coupon, onClose }: CouponFormDialogProps) {
  const editing = coupon !== undefined;
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { control, handleSubmit, reset, formState } = useForm<CouponFormValues, unknown, CouponInput>({
    resolver,
    defaultValues: couponFormValues(coupon),
  });
  const discountType = useWatch({ control, name: 'discountType' });
  const [failure, setFailure] = useState<string | undefined>();
  // The copy being edited (the list's row, or what Reload fetched): its updatedAt goes with the save.
  const [loaded, setLoaded] = useState<Coupon | undefined>(coupon);
  const [staleEdit, setStaleEdit] = useState<string>();
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();

  const startFrom = useCallback(
    (copy: Coupon | undefined) => {
      setLoaded(copy);
      reset(couponFormValues(copy));
      setFailure(undefined);
      setStaleEdit(undefined);
    },
    [reset],
  );

  useEffect(() => {
    if (open) startFrom(coupon);
  }, [open, coupon, startFrom]);

  /** After a stale-edit refusal: the latest copy into the form. The contract reads coupons only as the whole list. */
  const reloadLatest = async () => {
    if (!loaded) return;
    const { data } = await dataProvider().getList<Coupon>({ resource: 'coupons', pagination: { mode: 'off' } });
    const latest = data.find((c) => c._id === loaded._id);
    if (!latest) throw new Error('This coupon no longer exists.');
    startFrom(latest);
    void invalidate({ resource: 'coupons', invalidates: ['list'] });
  };

  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    setStaleEdit(undefined);
    try {
      if (loaded) {
        await update({
          resource: 'coupons',
          id: loaded._id,
          values: { ...values, updatedAt: loaded.updatedAt },
          successNotification: () => ({ type: 'success', message: 'Coupon updated successfully' }),
          errorNotification: false,
        });
      } else {
        await create({
          resource: 'coupons',
          values,
          successNotification: () => ({ type: 'success', message: 'Coupon added successfully' }),
          errorNotification: false,
        });
      }
      onClose();
    } catch (error) {
      const stale = staleEditMessageOf(error);
      if (stale) setStaleEdit(stale);
      else setFailure(serverMessageOr(error, editing ? COUPON_MESSAGES.updateFailed : COUPON_MESSAGES.addFailed));
    }
  });

  const text = (name: TextFieldName, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          size="small"
          fullWidth
          disabled={busy}
          {...extra}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? extra.helperText}
        />
      )}
    />
  );
  const rupees = { input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> }, htmlInput: { inputMode: 'decimal' as const } };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="coupon-form-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="coupon-form-title">{editing ? 'Update Coupon' : 'Add New Coupon'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}>
          {text('code', 'Code', { required: true, autoFocus: true })}
          <Controller
            name="discountType"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label="Discount Type"
                required
                size="small"
                disabled={busy}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                <MenuItem value="percentage">Percentage</MenuItem>
                <MenuItem value="flat">Flat</MenuItem>
              </TextField>
            )}
          />
          {text('discountValue', 'Discount Value', {
            required: true,
            slotProps:
              discountType === 'percentage'
                ? { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }
                : rupees,
          })}
          {text('minOrderAmount', 'Min Order Amount', { slotProps: rupees, helperText: 'Blank means no minimum' })}
          {text('maxDiscount', 'Max Discount', { slotProps: rupees, helperText: 'Optional' })}
          {text('expiresAt', 'Expiry Date', { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } })}
          {text('categories', 'Categories', { helperText: `Comma separated, e.g. ${PRODUCT_CATEGORIES.slice(0, 2).join(', ')}` })}
          {text('collections', 'Collections', { helperText: `Comma separated, e.g. ${PRODUCT_COLLECTIONS[0]}` })}
          <Controller
            name="isActive"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={busy} inputProps={{ role: 'switch' }} />}
                label="Active"
              />
            )}
          />
          {staleEdit && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <StaleEditAlert message={staleEdit} onReload={reloadLatest} />
            </Box>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Update Coupon' : 'Add Coupon'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
