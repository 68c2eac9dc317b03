import { useState } from 'react';
import { RecordDialog } from '../../components/resource/RecordDialog';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import type { Product } from '../../domain';
import { ProductCountCards } from './ProductCountCards';
import { ProductDetails } from './ProductDetails';
import products from './resource';

/** The Product Catalog (/catalog/products and /catalog): count cards over the generated list, and View Details in a dialog. */
export default function ProductList() {
  const [viewing, setViewing] = useState<Product>();
  return (
    <ResourceListScreen
      presentation={products}
      onView={setViewing}
      summary={(list) => <ProductCountCards list={list} />}
    >
      <RecordDialog<Product>
        resource="products"
        id={viewing?._id}
        title={() => 'Product Details'}
        failure={(error) => (error && error.statusCode !== 404 ? `Error: ${error.message}` : 'Product not found')}
        onClose={() => setViewing(undefined)}
      >
        {(product) => <ProductDetails product={product} />}
      </RecordDialog>
    </ResourceListScreen>
  );
}
