import { presentResource, searchedText, selectFilter, statusField } from '../../components/resource/presentation';
import {
  MAX_PRODUCT_SUB_IMAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PRODUCT_STATUS_COLOURS,
  PRODUCT_STATUS_LABELS,
  type Product,
  productsContract,
} from '../../domain';
import { productFormSchema } from './product-form';
import { ProductThumbnail } from './ProductThumbnail';
import { StockChip } from './StockChip';
import { VariantBuilder } from './VariantBuilder';
import { VariantSwatches } from './VariantSwatches';

/** A text of the product's page, written in the form only. */
const prose = (label: string) => ({ label, form: 'multiline' as const });

/** The Product Catalog's fields and texts; its list adds count cards and a details dialog. */
export default presentResource<Product>(productsContract, {
  schema: productFormSchema,
  updateWholeRecord: true,
  dialogWidth: 'md',
  twoColumnForm: true,
  defaults: { variants: [] },
  formOrder: [
    'name',
    'status',
    'categories',
    'collections',
    'description',
    'story',
    'details',
    'shippingInfo',
    'isTrending',
    'image',
    'subImages',
    'variants',
  ],
  fields: {
    image: {
      label: 'Image',
      render: (product) => <ProductThumbnail product={product} />,
      column: { width: 76, hideBelow: 'sm' },
      form: { widget: 'image', label: 'Main image' },
    },
    name: searchedText('Name', { flex: 1.4, minWidth: 180 }),
    categories: {
      label: 'Categories',
      kind: 'chips',
      column: { flex: 1.2, minWidth: 160, hideBelow: 'md' },
      form: { widget: 'list', suggestions: PRODUCT_CATEGORIES },
    },
    collections: { label: 'Collections', kind: 'list', form: { widget: 'list', suggestions: PRODUCT_COLLECTIONS } },
    // The filter offers the store's own categories; the server reads them from `categories`.
    category: { label: 'Category', ...selectFilter(PRODUCT_CATEGORIES) },
    variants: {
      label: 'Variants',
      empty: 'No variants',
      render: (product) => <VariantSwatches variants={product.variants} />,
      column: { width: 150, hideBelow: 'md' },
      form: { widget: VariantBuilder, wide: true },
    },
    totalStock: {
      label: 'Stock',
      render: (product) => <StockChip stock={product.totalStock ?? 0} />,
      column: { width: 100, sortable: true },
    },
    status: statusField(
      'Status',
      { colours: PRODUCT_STATUS_COLOURS, labels: PRODUCT_STATUS_LABELS },
      {
        column: { width: 130, sortable: true },
        form: { widget: 'select', required: true },
      },
    ),
    description: prose('Description'),
    story: prose('Story'),
    details: prose('Details'),
    shippingInfo: prose('Shipping Info'),
    isTrending: { label: 'Trending', form: 'switch' },
    createdAt: { label: 'Added', kind: 'date' },
    subImages: {
      label: `Sub images (up to ${MAX_PRODUCT_SUB_IMAGES})`,
      form: { widget: 'images', max: MAX_PRODUCT_SUB_IMAGES },
    },
  },
  // A failed delete is always in these words; a failed add is a toast.
  outcomes: { deleteFailed: 'text', createFailed: 'toast' },
});
