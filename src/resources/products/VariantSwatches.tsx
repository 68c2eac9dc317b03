import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import type { Variant } from '../../domain';
import { ColourSwatch } from './ColourSwatch';
import { HoverTooltip } from '../../components/HoverTooltip';

export function VariantSwatches({ variants }: { variants: Variant[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {variants.map((variant, index) => (
        <HoverTooltip key={variant._id ?? index} title={variant.isMain ? `${variant.color} (main)` : variant.color}>
          <Box
            component="li"
            aria-label={variant.isMain ? `${variant.color} (main)` : variant.color}
            data-main={variant.isMain || undefined}
            sx={{ display: 'inline-flex', alignItems: 'center', position: 'relative' }}
          >
            <ColourSwatch variant={variant} size={20} />
            {variant.isMain && (
              <StarRounded
                sx={{ position: 'absolute', top: -7, right: -7, fontSize: 14, color: 'warning.main' }}
                aria-hidden
              />
            )}
          </Box>
        </HoverTooltip>
      ))}
    </Box>
  );
}
