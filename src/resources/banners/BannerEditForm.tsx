import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useNotification, useUpdate, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ImageFileField } from '../../components/ImageFileField';
import { StaleEditAlert } from '../../components/StaleEditAlert';
import { staleEditMessageOf } from '../../components/stale-edit';
import type { Banner, BannerInput } from '../../domain';
import { uploadImage } from '../../providers/upload';
import { BannerTextFields } from './BannerTextFields';
import { bannerFormSchema, type BannerFormOutput, type BannerFormValues } from './banner-form';

interface BannerEditFormProps {
  /** The copy being edited: its updatedAt goes with the save, so a save over someone else's change is refused. */
  banner: Banner;
  /** Loads the latest copy into the form after such a refusal. */
  onReload: () => Promise<void>;
}

/** Edit Banner: name and title required, link optional, the current image kept unless a new file replaces it. */
export function BannerEditForm({ banner, onReload }: BannerEditFormProps) {
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const { mutateAsync } = useUpdate<Banner, HttpError, BannerInput & { updatedAt: string }>();
  const { control, handleSubmit } = useForm<BannerFormValues, unknown, BannerFormOutput>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: { name: banner.name, title: banner.title, link: banner.link ?? '' },
    mode: 'onTouched',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [staleEdit, setStaleEdit] = useState<string>();

  const save = async (values: BannerFormOutput) => {
    setBusy(true);
    setStaleEdit(undefined);
    try {
      const [file] = files;
      const image = file ? await uploadImage(file) : banner.image;
      await mutateAsync({
        resource: 'banners',
        id: banner._id,
        values: { ...values, image, updatedAt: banner.updatedAt },
        successNotification: { type: 'success', message: 'Banner updated successfully' },
        errorNotification: false,
      });
      navigate('/banners');
    } catch (cause) {
      const stale = staleEditMessageOf(cause);
      if (stale) setStaleEdit(stale);
      else notify?.({ type: 'error', message: 'Update failed.', description: (cause as Error).message });
      setBusy(false);
    }
  };

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={handleSubmit(save)} sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Stack spacing={2.5}>
        <BannerTextFields control={control} disabled={busy} />
        <ImageFileField
          name="image"
          label="Banner Image (choose a file to replace the current one)"
          files={files}
          onChange={setFiles}
          currentUrls={[banner.image]}
          disabled={busy}
        />
        {staleEdit && <StaleEditAlert message={staleEdit} onReload={onReload} />}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Updating...' : 'Update Banner'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
