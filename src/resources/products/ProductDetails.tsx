import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../components/resource/DetailList';
import { FieldValue, fieldText } from '../../components/resource/FieldValue';
import { EntryList } from '../../components/EntryList';
import { Muted } from '../../components/Muted';
import { Thumbnail } from '../../components/Thumbnail';
import { TitledSection } from '../../components/TitledSection';
import { formatCount, formatDate, type Product } from '../../domain';
import type { FieldSpec } from '../../components/resource/presentation';
import { ColourSwatch } from './ColourSwatch';
import { ProductThumbnail } from './ProductThumbnail';
import { ReturnRates } from './ReturnRates';
import { StockChip } from './StockChip';
import { VariantSizeTable } from './VariantSizeTable';

/** The fields the details list, under the labels the grid and the form give them. */
const DETAILS = ['description', 'categories', 'collections', 'story', 'details', 'shippingInfo', 'createdAt'];

/** A product's details dialog: its picture, status and stock, its texts, pictures, return rates, variants and reviews. */
export function ProductDetails({ product, fields }: { product: Product; fields: Record<string, FieldSpec<Product>> }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ProductThumbnail product={product} size={96} />
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h5" component="h2">
            {product.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <FieldValue name="status" spec={fields.status!} record={product} />
            {product.isTrending && <Chip size="small" label="Trending" color="secondary" />}
            <Muted>Stock</Muted>
            <StockChip stock={product.totalStock} />
            <Rating
              value={product.rating}
              precision={0.1}
              readOnly
              size="small"
              aria-label={`Rated ${product.rating} out of 5`}
            />
            <Muted>{product.numReviews === 1 ? '1 review' : `${formatCount(product.numReviews)} reviews`}</Muted>
          </Box>
        </Box>
      </Box>

      <DetailList
        quiet
        sx={{ gridTemplateColumns: '160px 1fr', columnGap: 1, '& dd': { whiteSpace: 'pre-line' } }}
        rows={DETAILS.map((name) => [fields[name]!.label, fieldText(name, fields[name]!, product)])}
      />

      {product.subImages.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {product.subImages.map((src, index) => (
            <Thumbnail key={src} src={src} alt={`${product.name} sub image ${index + 1}`} size={80} />
          ))}
        </Box>
      )}

      <ReturnRates id={product._id} />

      <TitledSection title="Variants" heading="h3">
        {product.variants.length === 0 && <Muted>No variants.</Muted>}
        {product.variants.map((variant, index) => (
          <Box key={variant._id ?? index} sx={{ mb: 2 }} aria-label={`Variant ${variant.color}`} role="group">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <ColourSwatch variant={variant} />
              <Typography fontWeight={600}>{variant.color}</Typography>
              {variant.isMain && <Chip size="small" color="primary" label="Main" />}
            </Box>
            <VariantSizeTable sizes={variant.sizes} />
          </Box>
        ))}
      </TitledSection>

      <TitledSection title="Reviews" heading="h3">
        <EntryList
          empty="No reviews yet."
          entries={product.reviews.map((review) => ({
            key: review._id,
            title: review.user?.fullname || 'Anonymous',
            beside: (
              <Box sx={{ display: 'inline-flex', alignItems: 'center' }} aria-label={`${review.rating} out of 5`}>
                <StarRounded fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
                <Typography variant="body2">{review.rating}</Typography>
              </Box>
            ),
            caption: formatDate(review.createdAt),
            text: review.comment,
          }))}
        />
      </TitledSection>
    </Box>
  );
}
