import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import type { BannerFormOutput, BannerFormValues } from './banner-form';

interface BannerTextFieldsProps {
  control: Control<BannerFormValues, unknown, BannerFormOutput>;
  disabled?: boolean;
  /** The add dialog focuses its first field on opening. */
  autoFocus?: boolean;
}

const FIELDS: { name: FieldPath<BannerFormValues>; label: string; required: boolean; helper?: string; type?: string }[] = [
  { name: 'name', label: 'Banner Name', required: true },
  { name: 'title', label: 'Banner Title', required: true },
  { name: 'link', label: 'Link', required: false, type: 'url', helper: 'Optional: a URL such as https://example.com/sale, or a store path such as /collections/summer' },
];

/** Banner Name, Banner Title and Link, shared by the add dialog and the edit page. */
export function BannerTextFields({ control, disabled, autoFocus }: BannerTextFieldsProps) {
  return FIELDS.map(({ name, label, required, helper, type }, index) => (
    <Controller
      key={name}
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
          label={label}
          type={type}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          fullWidth
        />
      )}
    />
  ));
}
