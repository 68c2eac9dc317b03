import Avatar from '@mui/material/Avatar';
import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import type { Product, Variant } from '../../domain';

export function mainVariant<V extends Pick<Variant, 'isMain'>>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.isMain) ?? variants[0];
}

export function ProductThumbnail({
  product,
  size = 44,
}: {
  product: Pick<Product, 'name' | 'image' | 'variants'>;
  size?: number;
}) {
  const src = product.image || mainVariant(product.variants ?? [])?.image || undefined;
  return (
    <Avatar variant="rounded" src={src} alt={product.name} sx={{ width: size, height: size, bgcolor: 'action.hover' }}>
      <CheckroomOutlined color="action" />
    </Avatar>
  );
}
