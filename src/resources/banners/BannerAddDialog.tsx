import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useCreate, useNotification, type HttpError } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ImageFileField } from '../../components/ImageFileField';
import type { Banner, BannerInput } from '../../domain';
import { uploadImage } from '../../providers/upload';
import { BannerTextFields } from './BannerTextFields';
import { bannerFormSchema, EMPTY_BANNER_FORM, SELECT_IMAGE_MESSAGE, type BannerFormOutput, type BannerFormValues } from './banner-form';

interface BannerAddDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Add New Banner': name, title, an image file and an optional link; the list refetches and shows it last. */
export function BannerAddDialog({ open, onClose }: BannerAddDialogProps) {
  const { control, handleSubmit, reset } = useForm<BannerFormValues, unknown, BannerFormOutput>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: EMPTY_BANNER_FORM,
    mode: 'onTouched',
  });
  const { mutateAsync } = useCreate<Banner, HttpError, BannerInput>();
  const { open: notify } = useNotification();
  const [files, setFiles] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    reset(EMPTY_BANNER_FORM);
    setFiles([]);
    setImageError(undefined);
    onClose();
  };

  const save = async (values: BannerFormOutput, file: File) => {
    setBusy(true);
    let image: string;
    try {
      image = await uploadImage(file);
    } catch (cause) {
      setImageError(`Image upload failed: ${(cause as Error).message}`);
      notify?.({ type: 'error', message: 'Image upload failed', description: (cause as Error).message });
      setBusy(false);
      return;
    }
    try {
      await mutateAsync({
        resource: 'banners',
        values: { ...values, image },
        successNotification: { type: 'success', message: 'Banner added successfully' },
        errorNotification: (error) => ({ type: 'error', message: 'Failed to add banner', description: error?.message }),
      });
      close();
    } catch {
      // The error notification has told the admin; the dialog stays open with what they typed.
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const [file] = files;
    setImageError(file ? undefined : SELECT_IMAGE_MESSAGE);
    void handleSubmit((values) => (file ? save(values, file) : undefined))(event);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby="add-banner-title" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="add-banner-title">Add New Banner</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <BannerTextFields control={control} disabled={busy} autoFocus />
            <ImageFileField
              name="image"
              label="Banner Image"
              required
              files={files}
              onChange={(chosen) => {
                setFiles(chosen);
                if (chosen.length > 0) setImageError(undefined);
              }}
              error={imageError}
              disabled={busy}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Uploading...' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
