import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type ComponentType } from 'react';
import { CommaListField } from '../CommaListField';
import { ImageFileField } from '../ImageFileField';
import type { FieldOption, WidgetName, WidgetProps } from './presentation';

function textProps({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  required,
  helper,
  autoFocus,
}: WidgetProps): TextFieldProps {
  return {
    name,
    label,
    value: value ?? '',
    onChange: (event) => onChange(event.target.value),
    onBlur,
    error: Boolean(error),
    helperText: error ?? helper,
    disabled,
    required,
    autoFocus,
    fullWidth: true,
    size: 'small',
  };
}

const unitSlot = (unit: string | undefined) =>
  unit && {
    input:
      unit === '%'
        ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
        : { startAdornment: <InputAdornment position="start">{unit}</InputAdornment> },
  };

/**
 * A number typed as text: blank is undefined, anything unreadable NaN (which the schema refuses). It
 * reads its value once; the form remounts its widgets when it refills.
 */
function NumberWidget(props: WidgetProps) {
  const { value, onChange, unit } = props;
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : String(value)));
  return (
    <TextField
      {...textProps(props)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim();
        onChange(typed === '' ? undefined : Number(typed));
      }}
      slotProps={{ ...unitSlot(unit), htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** A text field, or with `options` a select of them: the form's select widget, a table cell's choice, a builder's size. */
export function OptionsField({ options, ...props }: TextFieldProps & { options?: readonly FieldOption[] }) {
  return (
    <TextField {...props} select={options !== undefined}>
      {options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const WIDGETS: Record<WidgetName, ComponentType<WidgetProps>> = {
  text: (props) => <TextField {...textProps(props)} />,
  // Only ever a password being set (a colleague's first one): the browser must not offer a saved one.
  password: (props) => <TextField {...textProps(props)} type="password" autoComplete="new-password" />,
  url: (props) => <TextField {...textProps(props)} type="url" />,
  multiline: (props) => <TextField {...textProps(props)} multiline minRows={3} />,
  number: NumberWidget,
  money: (props) => <NumberWidget {...props} unit={props.unit ?? '₹'} />,
  date: (props) => (
    <TextField
      {...textProps(props)}
      type="date"
      value={typeof props.value === 'string' ? props.value.slice(0, 10) : ''}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  ),
  select: (props) => <OptionsField {...textProps(props)} options={props.options ?? []} />,
  switch: ({ label, value, onChange, disabled }) => (
    <FormControlLabel
      control={
        <Switch
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          slotProps={{ input: { role: 'switch' } }}
        />
      }
      label={label}
    />
  ),
  list: CommaListField,
  image: ({ helper, error, ...props }) => <ImageFileField {...props} error={error ?? helper} />,
  images: (props) => <ImageFileField {...props} multiple />,
};

export function widgetFor(widget: WidgetName | ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  return typeof widget === 'string' ? WIDGETS[widget] : widget;
}

export function blankValue(widget: WidgetName | ComponentType<WidgetProps>): unknown {
  if (widget === 'list' || widget === 'images') return [];
  if (widget === 'switch') return false;
  if (widget === 'number' || widget === 'money') return undefined;
  return '';
}
