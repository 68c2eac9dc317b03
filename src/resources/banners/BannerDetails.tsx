import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Banner } from '../../domain';
import { BannerLink } from './BannerLink';

interface BannerDetailsProps {
  banner: Banner;
}

/** One banner: its image as shoppers see it, then name, title and link. */
export function BannerDetails({ banner }: BannerDetailsProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {banner.title}
      </Typography>
      <Box
        component="img"
        src={banner.image}
        alt={`${banner.name} banner`}
        sx={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 2, mb: 3 }}
      />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}>
        <Typography component="dt" fontWeight={600}>
          Name
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {banner.name}
        </Typography>
        <Typography component="dt" fontWeight={600}>
          Title
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {banner.title}
        </Typography>
        <Typography component="dt" fontWeight={600}>
          Link
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          <BannerLink link={banner.link} />
        </Typography>
      </Box>
    </Paper>
  );
}
