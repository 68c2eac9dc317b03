import Avatar from '@mui/material/Avatar';
import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import { type Product } from '../../domain';
import { mainVariant } from './product-form';

interface ProductThumbnailProps {
  product: Pick<Product, 'name' | 'image' | 'variants'>;
  size?: number;
}

/** The product's image, else its main variant's, else a garment icon. */
export function ProductThumbnail({ product, size = 44 }: ProductThumbnailProps) {
  const src = product.image || mainVariant(product.variants ?? [])?.image || undefined;
  return (
    <Avatar variant="rounded" src={src} alt={product.name} sx={{ width: size, height: size, bgcolor: 'action.hover' }}>
      <CheckroomOutlined color="action" />
    </Avatar>
  );
}
