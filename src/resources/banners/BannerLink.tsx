import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

interface BannerLinkProps {
  link: string | undefined;
}

/**
 * Where a banner points. A full URL opens in a new tab; a storefront path (/collections/summer) is
 * shown as text, since on the console's origin it would open a console page, not the shop's.
 */
export function BannerLink({ link }: BannerLinkProps) {
  if (!link) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        N/A
      </Typography>
    );
  }
  if (/^https?:\/\//i.test(link)) {
    return (
      <Link href={link} target="_blank" rel="noopener noreferrer" underline="hover" variant="body2">
        {link}
      </Link>
    );
  }
  return (
    <Typography variant="body2" component="span" title="A path on the storefront">
      {link}
    </Typography>
  );
}
