import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import type { WidgetProps } from './resource/presentation';
import { Thumbnail } from './Thumbnail';

type ImageFileFieldProps = Pick<WidgetProps, 'label' | 'value' | 'onChange' | 'error' | 'disabled' | 'max'> & {
  /** Also the file input's name, so tests can set files on `input[name=...]`. */
  name: string;
  required?: boolean;
  /** The value is a list of pictures (at most `max`), not one. */
  multiple?: boolean;
};

/**
 * Picks image files (images only) and previews them; a picture is a stored URL, or a file chosen to
 * replace it. It does not upload: each form uploads on its own schedule through providers/upload.ts.
 */
export function ImageFileField({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
  max,
  required,
  multiple,
}: ImageFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const images = useMemo(
    () =>
      ([] as unknown[])
        .concat(value ?? [])
        .filter((image) => image instanceof File || (typeof image === 'string' && image !== '')),
    [value],
  );
  const files = useMemo(() => images.filter((image): image is File => image instanceof File), [images]);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const shown = files.length > 0 ? previews : images.filter((image): image is string => typeof image === 'string');
  const helpId = `${name}-help`;

  return (
    <Box>
      <Typography variant="body2" component="label" htmlFor={name} sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <input
        ref={input}
        id={name}
        name={name}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        aria-describedby={error ? helpId : undefined}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []).filter((file) => file.type.startsWith('image/'));
          onChange(multiple ? chosen.slice(0, max) : (chosen[0] ?? ''));
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          {files.length > 0 ? 'Change' : multiple ? 'Choose images' : 'Choose image'}
        </Button>
        {shown.map((src, index) => (
          <Thumbnail key={src} src={src} alt={`${label} ${index + 1}`} size={56} framed />
        ))}
        {files.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {files.map((file) => file.name).join(', ')}
          </Typography>
        )}
      </Box>
      {error && (
        <FormHelperText id={helpId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
