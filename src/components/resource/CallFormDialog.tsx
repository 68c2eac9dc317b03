import Alert from '@mui/material/Alert';
import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../providers/http';
import { Muted } from '../Muted';
import { FormDialog } from './FormDialog';
import type { CallForm } from './presentation';
import { widgetFor } from './widgets';

const IGNORE_HOLD = () => {};

/**
 * A record call's form (RecordCall.form): its fields, then the call with the body they make. A value
 * the schema refuses shows under its field, the server's refusal above the buttons; the dialog stays
 * open for the correction, and closes once the call succeeds.
 */
export function CallFormDialog<T>({
  form,
  record,
  name,
  busy,
  onSubmit,
  onClose,
}: {
  form: CallForm<T> & Required<Pick<CallForm<T>, 'title' | 'submit'>>;
  record: T;
  name: string;
  busy: boolean;
  /** Makes the call; answers the server's refusal, if any. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(Object.entries(form.fields).map(([field, spec]) => [field, spec.options?.[0]?.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
    const checked = form.schema.safeParse(form.body(record, typed));
    if (!checked.success) {
      const byField: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        byField[field in form.fields ? field : ''] ??= issue.message;
      }
      setErrors(byField);
      setRefused(byField['']);
      return;
    }
    setErrors({});
    setRefused(undefined);
    try {
      await onSubmit(checked.data as Record<string, unknown>);
      onClose();
    } catch (error) {
      setRefused(serverMessageOr(error, 'The change could not be saved'));
    }
  };

  return (
    <FormDialog
      title={form.title(name)}
      titleId={`call-form-${name}-title`.replace(/\W+/g, '-')}
      maxWidth={form.width ?? 'xs'}
      busy={busy}
      submit={form.submit}
      contentSx={{ display: 'grid', gap: 2 }}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {form.intro && <Muted>{form.intro(record)}</Muted>}
      {Object.entries(form.fields).map(([field, spec], index) => {
        const Widget = widgetFor(spec.widget);
        return (
          <Widget
            record={record}
            key={field}
            name={field}
            label={spec.label}
            value={values[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            onBlur={IGNORE_HOLD}
            error={errors[field]}
            disabled={busy}
            required={spec.required ?? false}
            helper={spec.helper}
            autoFocus={index === 0}
            options={spec.options}
            onHold={IGNORE_HOLD}
          />
        );
      })}
      {refused && (
        <Alert severity="error" role="alert">
          {refused}
        </Alert>
      )}
    </FormDialog>
  );
}
