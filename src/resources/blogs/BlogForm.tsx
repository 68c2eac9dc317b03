import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { ImageFileField } from '../../components/ImageFileField';
import { StaleEditAlert } from '../../components/StaleEditAlert';
import { staleEditMessageOf } from '../../components/stale-edit';
import { MAX_BLOG_SUB_IMAGES, type BlogInput } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { uploadImage } from '../../providers/upload';
import { BlogContentEditor } from './BlogContentEditor';
import { blogFormSchema, toBlogInput, type BlogFormOutput, type BlogFormValues } from './blog-form';

interface BlogFormProps {
  defaultValues: BlogFormValues;
  /** The stored images of the blog being edited: the featured image is then optional and kept unless replaced. */
  current?: { featuredImage: string; subImages: string[] };
  submitLabel: string;
  busyLabel: string;
  /** Shown when a save fails without a message from the server. */
  failureMessage: string;
  /** Saves the blog and answers the server's message to show, if any; throws when the save fails. */
  onSave: (input: BlogInput) => Promise<string | undefined>;
  /** Adding: after a save the form starts over for the next blog. Editing: it stays as saved while the page leaves. */
  resetAfterSave?: boolean;
  /** Editing: loads the latest copy into the form after a save refused because someone else changed the blog meanwhile. */
  onReload?: () => Promise<void>;
}

type Phase = 'idle' | 'uploading' | 'saving' | 'saved';
type Message = { severity: 'success' | 'error'; text: string };

/** The Add / Edit Blog form (SPEC.md section 2): fields, image files, upload, save and the message area. */
export function BlogForm({ defaultValues, current, submitLabel, busyLabel, failureMessage, onSave, resetAfterSave, onReload }: BlogFormProps) {
  const { open: notify } = useNotification();
  const { control, handleSubmit, reset } = useForm<BlogFormValues, unknown, BlogFormOutput>({
    resolver: zodResolver(blogFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const [featuredFiles, setFeaturedFiles] = useState<File[]>([]);
  const [subImageFiles, setSubImageFiles] = useState<File[]>([]);
  const [featuredError, setFeaturedError] = useState<string>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [message, setMessage] = useState<Message>();
  const [staleEdit, setStaleEdit] = useState<string>();
  // A new key remounts the editor, the only way to empty it (it reads its content once).
  const [editorKey, setEditorKey] = useState(0);
  const busy = phase !== 'idle';
  const needsFeaturedFile = !current?.featuredImage;

  const chooseFeatured = (files: File[]) => {
    setFeaturedFiles(files);
    if (files.length > 0) setFeaturedError(undefined);
  };

  /** Uploads the chosen files; a sub image that fails is skipped with a notice, a featured image stops the save. */
  const uploadImages = async () => {
    const [featuredFile] = featuredFiles;
    const featuredImage = featuredFile ? await uploadImage(featuredFile) : (current?.featuredImage ?? '');
    if (subImageFiles.length === 0) return { featuredImage, subImages: current?.subImages ?? [] };
    const subImages: string[] = [];
    for (const file of subImageFiles.slice(0, MAX_BLOG_SUB_IMAGES)) {
      try {
        subImages.push(await uploadImage(file));
      } catch (cause) {
        notify?.({ type: 'error', message: `Sub image ${file.name} was not uploaded`, description: (cause as Error).message });
      }
    }
    return { featuredImage, subImages };
  };

  const save = async (values: BlogFormOutput) => {
    setMessage(undefined);
    setStaleEdit(undefined);
    setPhase('uploading');
    let images;
    try {
      images = await uploadImages();
    } catch (cause) {
      setPhase('idle');
      setMessage({ severity: 'error', text: `Image upload failed: ${(cause as Error).message}` });
      return;
    }
    setPhase('saving');
    try {
      const serverMessage = await onSave(toBlogInput(values, images));
      if (resetAfterSave) {
        reset(defaultValues);
        setFeaturedFiles([]);
        setSubImageFiles([]);
        setEditorKey((key) => key + 1);
        setPhase('idle');
      } else {
        setPhase('saved');
      }
      if (serverMessage) setMessage({ severity: 'success', text: serverMessage });
    } catch (cause) {
      setPhase('idle');
      const stale = onReload && staleEditMessageOf(cause);
      if (stale) setStaleEdit(stale);
      else setMessage({ severity: 'error', text: serverMessageOr(cause, failureMessage) });
    }
  };

  // The featured image lives outside the form's schema: check it beside the fields, so every gap is named at once.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const featuredMissing = needsFeaturedFile && featuredFiles.length === 0;
    setFeaturedError(featuredMissing ? 'Featured image is required' : undefined);
    void handleSubmit((values) => (featuredMissing ? undefined : save(values)))(event);
  };

  const text = (name: FieldPath<BlogFormValues>, label: string, options: { required?: boolean; rows?: number; helper?: string } = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
          label={label}
          required={options.required}
          multiline={options.rows !== undefined}
          minRows={options.rows}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? options.helper}
          disabled={busy}
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': options.required ? true : undefined } }}
        />
      )}
    />
  );

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {text('title', 'Title', { required: true })}
          {text('author', 'Author', { required: true })}
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ImageFileField
            name="featuredImage"
            label="Featured Image"
            required={needsFeaturedFile}
            files={featuredFiles}
            onChange={chooseFeatured}
            currentUrls={current?.featuredImage ? [current.featuredImage] : []}
            error={featuredError}
            disabled={busy}
          />
          <ImageFileField
            name="subImages"
            label={`Sub Images (max ${MAX_BLOG_SUB_IMAGES})`}
            multiple
            max={MAX_BLOG_SUB_IMAGES}
            files={subImageFiles}
            onChange={setSubImageFiles}
            currentUrls={current?.subImages}
            disabled={busy}
          />
        </Box>
        {text('shortDescription', 'Short Description', { required: true, rows: 3 })}
        <Controller
          name="content"
          control={control}
          render={({ field, fieldState }) => (
            <BlogContentEditor
              key={editorKey}
              initialHtml={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={busy}
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {text('tags', 'Tags', { helper: 'Comma separated, e.g. summer, oversized' })}
          {text('category', 'Category')}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            SEO Settings
          </Typography>
          <Stack spacing={2.5}>
            {text('seo.metaTitle', 'Meta Title')}
            {text('seo.metaDescription', 'Meta Description', { rows: 2 })}
          </Stack>
        </Box>
        <Box role="status" aria-live="polite">
          {phase === 'uploading' && <Typography color="text.secondary">Uploading image...</Typography>}
          {message && <Alert severity={message.severity}>{message.text}</Alert>}
          {staleEdit && onReload && <StaleEditAlert message={staleEdit} onReload={onReload} />}
        </Box>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {phase === 'uploading' || phase === 'saving' ? busyLabel : submitLabel}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
