import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useOne } from '@refinedev/core';
import { PageSpinner } from '../../components/PageSpinner';
import { StatusBadge } from '../../components/StatusBadge';
import { formatCount, formatDate, PRODUCT_STATUS_COLOURS, PRODUCT_STATUS_LABELS, type Product } from '../../domain';
import { formatPrice } from './product-form';
import { ColourSwatch } from './ColourSwatch';
import { ProductThumbnail } from './ProductThumbnail';
import { StockChip } from './StockChip';
import { TableHeader } from '../../components/TableHeader';

interface ProductDetailsDialogProps {
  /** The product to show; the dialog is open while there is one. */
  productId: string | undefined;
  onClose: () => void;
}

/** View Details: the product as the server has it now, with variants, sizes, prices and reviews. */
export function ProductDetailsDialog({ productId, onClose }: ProductDetailsDialogProps) {
  const { result: product, query } = useOne<Product>({
    resource: 'products',
    id: productId ?? '',
    queryOptions: { enabled: productId !== undefined },
    // The dialog says what went wrong itself.
    errorNotification: false,
  });
  const status = (query.error as { statusCode?: number } | null)?.statusCode;

  return (
    <Dialog open={productId !== undefined} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="product-details-title">
      <DialogTitle id="product-details-title">Product Details</DialogTitle>
      <DialogContent dividers>
        {query.isLoading && <PageSpinner />}
        {query.isError && (
          <Alert severity="error">{status === 404 ? 'Product not found' : `Error: ${query.error.message}`}</Alert>
        )}
        {product && !query.isError && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <ProductThumbnail product={product} size={96} />
              <Box sx={{ display: 'grid', gap: 1 }}>
                <Typography variant="h5" component="h2">
                  {product.name}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusBadge status={product.status} colours={PRODUCT_STATUS_COLOURS} labels={PRODUCT_STATUS_LABELS} />
                  {product.isTrending && <Chip size="small" label="Trending" color="secondary" />}
                  <Typography variant="body2" color="text.secondary">
                    Stock
                  </Typography>
                  <StockChip stock={product.totalStock} />
                  <Rating value={product.rating} precision={0.1} readOnly size="small" aria-label={`Rated ${product.rating} out of 5`} />
                  <Typography variant="body2" color="text.secondary">
                    {product.numReviews === 1 ? '1 review' : `${formatCount(product.numReviews)} reviews`}
                  </Typography>
                </Box>
              </Box>
            </Box>

            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: 1, m: 0, '& dd': { m: 0, whiteSpace: 'pre-line' } }}>
              {[
                ['Description', product.description],
                ['Categories', product.categories.join(', ')],
                ['Collections', product.collections.join(', ')],
                ['Story', product.story],
                ['Details', product.details],
                ['Shipping Info', product.shippingInfo],
                ['Added', formatDate(product.createdAt)],
              ].map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {value || '—'}
                  </Typography>
                </Box>
              ))}
            </Box>

            {product.subImages.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {product.subImages.map((src, index) => (
                  <Box key={src} component="img" src={src} alt={`${product.name} sub image ${index + 1}`} sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 1 }} />
                ))}
              </Box>
            )}

            <Box component="section" aria-label="Variants">
              <Typography variant="h6" component="h3" gutterBottom>
                Variants
              </Typography>
              {product.variants.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No variants.
                </Typography>
              )}
              {product.variants.map((variant, index) => (
                <Box key={variant._id ?? index} sx={{ mb: 2 }} aria-label={`Variant ${variant.color}`} role="group">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                    <ColourSwatch variant={variant} />
                    <Typography fontWeight={600}>{variant.color}</Typography>
                    {variant.isMain && <Chip size="small" color="primary" label="Main" />}
                  </Box>
                  <Table size="small">
                    <TableHeader text={['Size']} numbers={['Price', 'MRP', 'Stock']} />
                    <TableBody>
                      {variant.sizes.map((size) => (
                        <TableRow key={size.size}>
                          <TableCell>{size.size}</TableCell>
                          <TableCell align="right">{formatPrice(size.price)}</TableCell>
                          <TableCell align="right">{formatPrice(size.mrp)}</TableCell>
                          <TableCell align="right">{formatCount(size.countInStock)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              ))}
            </Box>

            <Box component="section" aria-label="Reviews">
              <Typography variant="h6" component="h3" gutterBottom>
                Reviews
              </Typography>
              {product.reviews.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {'No reviews yet.'}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
                  {product.reviews.map((review) => (
                    <Box component="li" key={review._id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Typography fontWeight={600}>{review.user?.fullname || 'Anonymous'}</Typography>
                        <Box sx={{ display: 'inline-flex', alignItems: 'center' }} aria-label={`${review.rating} out of 5`}>
                          <StarRounded fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
                          <Typography variant="body2">{review.rating}</Typography>
                        </Box>
                        <Typography variant="caption" color="text.secondary">
                          {formatDate(review.createdAt)}
                        </Typography>
                      </Box>
                      <Typography variant="body2">{review.comment}</Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
