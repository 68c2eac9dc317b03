import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOne, type HttpError } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Banner } from '../../domain';
import { BannerEditForm } from './BannerEditForm';
import { BannerPageHeader } from './BannerPageHeader';

export default function BannerEdit() {
  const { id = '' } = useParams();
  const { result: latest, query } = useOne<Banner, HttpError>({ resource: 'banners', id, errorNotification: false });
  // The copy the form was filled from, whose updatedAt goes with the save: a background refetch (the
  // window regaining focus) must not swap it under the admin's typing. Only Reload replaces it.
  const [loaded, setLoaded] = useState<Banner>();
  useEffect(() => {
    if (latest && !loaded) setLoaded(latest);
  }, [latest, loaded]);
  const banner = loaded ?? latest;

  const reload = async () => {
    const { data, error } = await query.refetch();
    if (!data) throw error ?? new Error('Banner not found.');
    setLoaded(data.data);
  };

  let body;
  if (query.isLoading) body = <Typography role="status">Loading banner...</Typography>;
  else if (!banner) {
    const missing = query.error?.statusCode === 404 || query.error?.statusCode === 400;
    body = <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'Banner not found.' : 'Failed to load banner'}</Alert>;
  } else body = <BannerEditForm key={banner.updatedAt} banner={banner} onReload={reload} />;

  return (
    <Box component="section" aria-label="Edit Banner">
      <BannerPageHeader title="Edit Banner" />
      {body}
    </Box>
  );
}
