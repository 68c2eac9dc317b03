import Box from '@mui/material/Box';

/** A small square picture, cropped to fill its square (a line's product, a chosen file, a variant's photo). */
export function Thumbnail({
  src,
  alt,
  size,
  framed = false,
}: {
  src: string;
  alt: string;
  size: number;
  framed?: boolean;
}) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 1,
        flexShrink: 0,
        ...(framed && { border: 1, borderColor: 'divider' }),
      }}
    />
  );
}
