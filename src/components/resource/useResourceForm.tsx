import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useForm } from '@refinedev/react-hook-form';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, get, set, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, serverMessageOr } from '../../providers/http';
import { uploadImage } from '../../providers/upload';
import { StaleEditAlert } from '../StaleEditAlert';
import { staleEditMessageOf } from '../stale-edit';
import type { FormSpec, ResourcePresentation, StoreRecord } from './presentation';
import { blankValue, widgetFor } from './widgets';
import { useTexts } from './texts';

type FormMode = 'create' | 'edit';

/** The fields of the add or the edit form, in the form's order. */
const formSpecOf = <T extends StoreRecord>(presentation: ResourcePresentation<T>, mode: FormMode) =>
  (presentation.formOrder ?? Object.keys(presentation.fields)).flatMap((name) => {
    const field = presentation.fields[name]!;
    if (!field.form) return [];
    const form: FormSpec = typeof field.form === 'string' ? { widget: field.form } : field.form;
    return form.only === undefined || form.only === mode ? [{ name, field, form }] : [];
  });

/** A field's error, or the first of its parts' (a line's quantity, a new customer's email). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message, ref: _ref, ...parts } = error as { message?: unknown; ref?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const part of Object.values(parts)) {
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

/** The domain's messages leave the field's name off ('must be a number'): the form puts its label first. */
const withLabel = (label: string, message: string) =>
  /^(must|may|is) /.test(message) ? `${label} ${message}` : message;

const isPicture = (widget: FormSpec['widget']) => widget === 'image' || widget === 'images';

/** The domain schema checks stored pictures; a file chosen in the form passes and is uploaded on save. */
function acceptingFiles(stored: z.ZodType) {
  return z.any().superRefine((value, context) => {
    if (value instanceof File) return;
    const kept = Array.isArray(value) ? value.filter((item) => !(item instanceof File)) : value;
    const result = stored.safeParse(kept);
    if (!result.success)
      for (const issue of result.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

function formResolver<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
  mode: FormMode,
): Resolver<FieldValues> | undefined {
  const schema = presentation.schema instanceof z.ZodType ? presentation.schema : presentation.schema?.[mode];
  if (!schema) return undefined;
  const pictures = formSpecOf(presentation, mode).filter(({ form }) => isPicture(form.widget));
  const checked =
    pictures.length > 0 && schema instanceof z.ZodObject
      ? // safeExtend keeps the schema's own refinements (a product's variant rules).
        schema.safeExtend(
          Object.fromEntries(pictures.map(({ name }) => [name, acceptingFiles(schema.shape[name] as z.ZodType)])),
        )
      : schema;
  return zodResolver(checked as z.ZodObject) as unknown as Resolver<FieldValues>;
}

/** A titled group of a form's fields, the whole width of the form. */
function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      component="fieldset"
      aria-labelledby={headingId}
      sx={{
        gridColumn: '1 / -1',
        border: 0,
        m: 0,
        p: 0,
        minWidth: 0,
        display: 'grid',
        gap: 'inherit',
        gridTemplateColumns: 'inherit',
      }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A generated add or edit form: Refine's useForm with the domain schema, uploads on save, server errors on their fields, the 409 reload. */
export function useResourceForm<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
  id: string | undefined,
  onSaved?: () => void,
) {
  const { name } = presentation;
  const texts = useTexts(presentation);
  const editing = id !== undefined;
  const mode = editing ? 'edit' : 'create';
  const specs = formSpecOf(presentation, mode);
  const { open: notify } = useNotification();
  const [resolver] = useState(() => formResolver(presentation, mode));
  const [blank] = useState(() => {
    const values: FieldValues = {};
    // `seo.metaTitle` and the like nest, as react-hook-form names them.
    for (const { name: field, form } of specs)
      set(values, field, presentation.defaults?.[field] ?? blankValue(form.widget));
    return values;
  });
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: blank,
    refineCoreProps: {
      resource: name,
      action: mode,
      id,
      redirect: false,
      successNotification: (response) => {
        // The server's own words where the resource says so ('Draft saved' or 'Order placed'), else the text.
        const said = (response as { message?: unknown } | undefined)?.message;
        const server = !editing && presentation.outcomes?.created === 'server' && typeof said === 'string' && said;
        return { type: 'success', message: server || ((editing ? texts.updated : texts.created) ?? 'Saved') };
      },
      errorNotification: false,
      // Not the record itself: Refine would refill every field from a refetched copy, over what the admin
      // typed (a refused save keeps it, to copy from, until they ask for Reload).
      invalidates: ['list', 'many'],
      // Each opening loads the server's copy (no cached one, which a save since may have outdated), and a
      // refetch must not change the copy under the admin's typing: only Reload does.
      queryOptions: { enabled: editing, refetchOnWindowFocus: false, gcTime: 0 },
    },
  });
  const { control, handleSubmit, reset, refineCore } = form;
  const values = useWatch({ control }) as Record<string, unknown>;
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; title: string; detail?: string }>();
  const [staleEdit, setStaleEdit] = useState<string>();
  // Widgets that read their value once (the rich-text editor) remount when the form is refilled.
  const [generation, setGeneration] = useState(0);
  // The record the form was filled from; its updatedAt goes with the save, so a save over someone else's change is refused.
  const [loaded, setLoaded] = useState<T>();
  const [holds, setHolds] = useState<Record<string, { message?: string; busy?: boolean }>>({});
  const held = Object.values(holds);
  // One stable setter per field, so a widget may report its hold from an effect without looping.
  const holdSetters = useRef<Record<string, (hold: { message?: string; busy?: boolean }) => void>>({});
  const holdFor = (field: string) =>
    (holdSetters.current[field] ??= (hold) =>
      setHolds((current) =>
        current[field]?.message === hold.message && current[field]?.busy === hold.busy
          ? current
          : { ...current, [field]: hold },
      ));
  const fill = (record: T | undefined) => {
    setLoaded(record);
    reset(record ? { ...blank, ...(record as unknown as FieldValues) } : blank);
    setGeneration((current) => current + 1);
  };
  const record = refineCore.query?.data?.data as T | undefined;
  const filled = useRef(false);
  useEffect(() => {
    if (record && !filled.current) {
      filled.current = true;
      fill(record);
    }
  });

  const reload = async () => {
    const result = await refineCore.query?.refetch();
    const latest = result?.data?.data as T | undefined;
    if (!latest) throw result?.error ?? new Error(texts.notFound ?? 'Not found.');
    fill(latest);
    setStaleEdit(undefined);
  };

  /** A picture the host refused is logged and skipped, with a word to the admin, and the save goes on without it. */
  const skipped = (label: string, file: File) => (cause: Error) => {
    console.error(`${label}: ${file.name} was not uploaded`, cause);
    notify?.({
      type: 'error',
      message: `${label}: ${file.name} could not be uploaded and was skipped`,
      description: cause.message,
    });
    return undefined;
  };

  /** Chosen files up to the host. A picture that fails is skipped: a single one keeps what the record had (none for a new one). */
  const uploadPictures = async (checked: FieldValues) => {
    const uploaded = { ...checked };
    for (const { name: field, form: spec, field: column } of specs.filter(({ form: s }) => isPicture(s.widget))) {
      const label = spec.label ?? column.label;
      const value = checked[field];
      if (value instanceof File) {
        uploaded[field] =
          (await uploadImage(value).catch(skipped(label, value))) ??
          (loaded ? get(loaded, field) : blankValue(spec.widget));
      }
      if (!Array.isArray(value)) continue;
      const kept: string[] = [];
      for (const item of value as (string | File)[]) {
        const url = item instanceof File ? await uploadImage(item).catch(skipped(label, item)) : item;
        if (url) kept.push(url);
      }
      uploaded[field] = kept;
    }
    return uploaded;
  };

  /** Checks and saves the form, with `extra` added to its values (a second way to save: a draft). */
  const submit = (extra: FieldValues = {}) =>
    handleSubmit(async (checked) => {
      setMessage(undefined);
      setStaleEdit(undefined);
      const holding = held.find((hold) => hold.message)?.message;
      if (holding) {
        setMessage({ severity: 'error', title: holding });
        return;
      }
      const fallback = (editing ? texts.updateFailed : texts.createFailed) ?? 'Failed to save';
      try {
        if (specs.some(({ name: field }) => [checked[field]].flat().some((value) => value instanceof File)))
          setPhase('uploading');
        const uploaded = await uploadPictures(checked);
        setPhase('saving');
        const base = editing && presentation.updateWholeRecord ? (loaded as unknown as FieldValues) : {};
        const version = editing && loaded?.updatedAt ? { updatedAt: loaded.updatedAt } : {};
        const response = (await refineCore.onFinish({ ...base, ...uploaded, ...version, ...extra })) as
          { message?: unknown } | undefined;
        if (!editing) fill(undefined);
        // The server's own words on success (a blog's 'Blog added successfully'), where it sends any.
        if (typeof response?.message === 'string' && response.message)
          setMessage({ severity: 'success', title: response.message });
        onSaved?.();
      } catch (error) {
        const stale = staleEditMessageOf(error);
        if (stale) setStaleEdit(stale);
        // A message naming a field of the form shows on that field (Refine's server-side validation), not twice.
        else if (!(
          error instanceof ApiError &&
          error.errors &&
          Object.keys(error.errors).every((key) =>
            specs.some((spec) => key === spec.name || key.startsWith(`${spec.name}.`)),
          )
        )) {
          const detail = serverMessageOr(error, '');
          if (!editing && presentation.outcomes?.createFailed === 'toast')
            notify?.({ type: 'error', message: detail || fallback });
          else
            setMessage({
              severity: 'error',
              title: fallback,
              detail: detail && detail !== fallback ? detail : undefined,
            });
        }
      } finally {
        setPhase('idle');
      }
    });
  const save = submit();
  const { alsoSave } = presentation;
  const saveAlso = !editing && alsoSave ? { label: alsoSave.label, save: submit(alsoSave.values) } : undefined;

  const busy = phase !== 'idle' || held.some((hold) => hold.busy);
  const widgets = specs.map(({ name: field, field: spec, form: formSpec }, index) => {
    const Widget = widgetFor(formSpec.widget);
    const label = formSpec.label ?? spec.label;
    return (
      <Box key={`${field}-${generation}`} sx={formSpec.wide ? { gridColumn: '1 / -1' } : undefined}>
        <Controller
          name={field}
          control={control}
          render={({ field: bound, fieldState }) => (
            <Widget
              {...bound}
              label={label}
              error={messageOf(fieldState.error) && withLabel(label, messageOf(fieldState.error)!)}
              errorParts={fieldState.error}
              disabled={busy}
              // A picture the record already has need not be chosen again.
              required={(formSpec.required ?? false) && !(editing && isPicture(formSpec.widget))}
              helper={formSpec.helper}
              autoFocus={index === 0}
              options={formSpec.options ?? spec.options}
              unit={formSpec.unit?.(values)}
              suggestions={formSpec.suggestions}
              max={formSpec.max}
              onHold={holdFor(field)}
            />
          )}
        />
      </Box>
    );
  });
  // Fields next to each other that name one group sit together under its heading.
  const fields: ReactNode[] = [];
  for (let start = 0; start < specs.length;) {
    const group = specs[start]!.form.group;
    let end = start + 1;
    while (group !== undefined && specs[end]?.form.group === group) end += 1;
    fields.push(
      group === undefined ? (
        widgets[start]
      ) : (
        <FieldGroup key={`group-${start}`} title={group}>
          {widgets.slice(start, end)}
        </FieldGroup>
      ),
    );
    start = end;
  }

  const alerts = (
    <>
      {phase === 'uploading' && texts.uploading && (
        <Alert severity="info" role="status">
          {texts.uploading}
        </Alert>
      )}
      {staleEdit && <StaleEditAlert message={staleEdit} onReload={reload} />}
      {message && (
        <Alert severity={message.severity} role="alert">
          {message.detail ? <AlertTitle>{message.title}</AlertTitle> : message.title}
          {message.detail}
        </Alert>
      )}
    </>
  );

  const submitLabel = busy
    ? ((editing ? texts.updating : texts.creating) ?? 'Saving...')
    : ((editing ? texts.editSubmit : texts.createSubmit) ?? 'Save');
  return {
    fields,
    alerts,
    save,
    saveAlso,
    busy,
    submitLabel,
    query: editing ? refineCore.query : undefined,
    // The server's copy in the form (and its updatedAt with the next save): after someone else's change.
    reload: () => void reload().catch(() => undefined),
  };
}
