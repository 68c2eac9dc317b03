import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type ComponentType } from 'react';
import { CommaListField } from '../CommaListField';
import { ImageFileField } from '../ImageFileField';
import type { TableColumn } from '../SimpleTable';
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

/**
 * A table's column choosing one part of each row's value (a form's value of rows, a return's lines) with a
 * select over the row's choices (none: '—'), named for its row ('Reason for Beagle Tee M'); `number` parts
 * are kept as numbers.
 */
export function choiceColumn<R, V extends object>(
  values: V[],
  onChange: (values: V[]) => void,
  column: {
    label: string;
    part: keyof V & string;
    named: (row: R) => string;
    options: (row: R, value: V) => FieldOption[] | undefined;
    number?: boolean;
  },
): TableColumn<R> {
  return {
    label: column.label,
    value: (row, at) => {
      const value = values[at]!;
      const offered = column.options(row, value);
      if (!offered) return '—';
      const choose = (chosen: string) => ({ ...value, [column.part]: column.number ? Number(chosen) : chosen });
      return (
        <OptionsField
          size="small"
          value={value[column.part]}
          options={offered}
          onChange={(event) => onChange(values.map((other, i) => (i === at ? choose(event.target.value) : other)))}
          slotProps={{ htmlInput: { 'aria-label': column.named(row) } }}
        />
      );
    },
  };
}
