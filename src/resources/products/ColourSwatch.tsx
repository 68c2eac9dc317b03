import Box from '@mui/material/Box';
import type { Variant } from '../../domain';

/** The CSS colour a colour name stands for ('Sky Blue' is skyblue), if the browser knows it. */
function cssColour(name: string): string | undefined {
  const candidates = [name.trim(), name.replace(/\s+/g, '').toLowerCase()];
  return candidates.find((c) => c !== '' && typeof CSS !== 'undefined' && CSS.supports('color', c));
}

/**
 * A round swatch of a variant's colour. Store colour names are not always CSS colours ('Mustard',
 * 'Grey Melange'), so those show the middle of the variant's own photo, which is the garment's fabric.
 */
export function ColourSwatch({ variant, size = 16 }: { variant: Pick<Variant, 'color' | 'image'>; size?: number }) {
  const colour = cssColour(variant.color);
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        border: 1,
        borderColor: 'divider',
        bgcolor: colour ?? 'action.selected',
        backgroundImage: colour || !variant.image ? undefined : `url("${variant.image}")`,
        backgroundSize: '600%',
        backgroundPosition: 'center 55%',
      }}
    />
  );
}
