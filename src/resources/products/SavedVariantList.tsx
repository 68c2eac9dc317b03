import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EditRemoveButtons } from '../../components/EditRemoveButtons';
import { Thumbnail } from '../../components/Thumbnail';
import { totalStock, type Variant } from '../../domain';
import { formatPrice } from './product-form';
import { ColourSwatch } from './ColourSwatch';

interface SavedVariantListProps {
  variants: Variant[];
  /** The position being edited in the builder, highlighted here. */
  editing?: number;
  onEdit: (position: number) => void;
  onRemove: (position: number) => void;
  disabled?: boolean;
}

/** The variants saved into the product, in order; each can go back to the builder or be removed by position. */
export function SavedVariantList({ variants, editing, onEdit, onRemove, disabled }: SavedVariantListProps) {
  if (variants.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No variants yet: build one below and save it.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Saved variants" sx={{ display: 'grid', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {variants.map((variant, position) => (
        <Paper
          component="li"
          key={variant._id ?? `${variant.color}-${position}`}
          variant="outlined"
          aria-label={`Variant ${variant.color}`}
          sx={{
            p: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            borderColor: editing === position ? 'primary.main' : undefined,
          }}
        >
          {variant.image ? (
            <Thumbnail src={variant.image} alt="" size={40} />
          ) : (
            <ColourSwatch variant={variant} size={24} />
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography fontWeight={600}>{variant.color}</Typography>
              {variant.isMain && <Chip label="Main" size="small" color="primary" />}
              <Typography variant="body2" color="text.secondary">
                {totalStock([variant])} in stock
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap>
              {variant.sizes.map((s) => `${s.size} ${formatPrice(s.price)} (${s.countInStock})`).join(' · ')}
            </Typography>
          </Box>
          <EditRemoveButtons
            name={`variant ${variant.color}`}
            onEdit={() => onEdit(position)}
            onRemove={() => onRemove(position)}
            disabled={Boolean(disabled)}
          />
        </Paper>
      ))}
    </Box>
  );
}
