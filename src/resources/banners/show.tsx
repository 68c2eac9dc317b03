import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useOne, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import type { Banner } from '../../domain';
import { BannerDetails } from './BannerDetails';
import { BannerPageHeader } from './BannerPageHeader';

export default function BannerShow() {
  const { id = '' } = useParams();
  const { result: banner, query } = useOne<Banner, HttpError>({ resource: 'banners', id, errorNotification: false });

  let body;
  if (query.isLoading) body = <Typography role="status">Loading banner...</Typography>;
  else if (!banner) {
    const missing = query.error?.statusCode === 404 || query.error?.statusCode === 400;
    body = <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'Banner not found.' : 'Failed to load banner'}</Alert>;
  } else body = <BannerDetails banner={banner} />;

  const edit = banner && (
    <Button component={Link} to={`/admin/edit-banner/${banner._id}`} variant="outlined" startIcon={<EditOutlined />}>
      Edit
    </Button>
  );

  return (
    <Box component="section" aria-label="Banner Details">
      <BannerPageHeader title="Banner Details" actions={edit} />
      {body}
    </Box>
  );
}
