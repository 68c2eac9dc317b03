import ResourceListScreen from '../../components/resource/ResourceListScreen';
import { shortOrderId } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { OrderDetails } from './OrderDetails';
import orders from './resource';

/** The generated orders list, its row menu (resource.tsx) opening an order's details in a dialog. */
export default function OrderList() {
  return (
    <ResourceListScreen
      presentation={orders}
      details={{
        title: (id) => `Order Details #${shortOrderId(id)}`,
        loadingLabel: 'Loading order details',
        failure: (error) =>
          error && error.statusCode !== 404
            ? serverMessageOr(error, 'Failed to fetch order details')
            : 'Order not found',
        closeIcon: true,
        children: (order) => <OrderDetails order={order} />,
      }}
    />
  );
}
