import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOne, type HttpError } from '@refinedev/core';
import { useParams } from 'react-router';
import type { Banner } from '../../domain';
import { BannerEditForm } from './BannerEditForm';
import { BannerPageHeader } from './BannerPageHeader';

export default function BannerEdit() {
  const { id = '' } = useParams();
  const { result: banner, query } = useOne<Banner, HttpError>({ resource: 'banners', id, errorNotification: false });

  let body;
  if (query.isLoading) body = <Typography role="status">Loading banner...</Typography>;
  else if (!banner) {
    const missing = query.error?.statusCode === 404 || query.error?.statusCode === 400;
    body = <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'Banner not found.' : 'Failed to load banner'}</Alert>;
  } else body = <BannerEditForm banner={banner} />;

  return (
    <Box component="section" aria-label="Edit Banner">
      <BannerPageHeader title="Edit Banner" />
      {body}
    </Box>
  );
}
