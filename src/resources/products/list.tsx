import ResourceListScreen from '../../components/resource/ResourceListScreen';
import { ProductCountCards } from './ProductCountCards';
import { ProductDetails } from './ProductDetails';
import products from './resource';

/** The Product Catalog (/catalog/products and /catalog): count cards over the generated list, and View Details in a dialog. */
export default function ProductList() {
  return (
    <ResourceListScreen
      presentation={products}
      summary={(list) => <ProductCountCards list={list} />}
      details={{
        title: () => 'Product Details',
        failure: (error) => (error && error.statusCode !== 404 ? `Error: ${error.message}` : 'Product not found'),
        children: (product) => <ProductDetails product={product} />,
      }}
    />
  );
}
