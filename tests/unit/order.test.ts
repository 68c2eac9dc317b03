import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, itemsSubtotal, orderPlace, paymentMethodLabel, type Address } from '../../src/domain';
import { dataProvider } from '../../src/providers/data-provider';
import { stubFetch } from './fetch-stub';
import { metaOf } from './store-contracts';

const address = (extra: Partial<Address>): Address => ({
  name: 'A',
  address: '',
  city: '',
  state: '',
  pincode: '',
  country: 'India',
  phone: '',
  ...extra,
});

describe('order helpers', () => {
  it('places an order by its city, else its street address', () => {
    expect(orderPlace({ shippingAddress: address({ city: 'Pune', address: '12 MG Road' }) })).toBe('Pune');
    expect(orderPlace({ shippingAddress: address({ address: '12 MG Road' }) })).toBe('12 MG Road');
  });

  it('adds item lines to the paisa without floating-point drift', () => {
    expect(
      itemsSubtotal([
        { qty: 3, price: 0.1 },
        { qty: 1, price: 0.2 },
      ]),
    ).toBe(0.5);
    expect(
      itemsSubtotal([
        { qty: 2, price: 799.5 },
        { qty: 1, price: 1049.99 },
      ]),
    ).toBe(2648.99);
    expect(itemsSubtotal([])).toBe(0);
  });

  it("calls anything but 'cod' an online payment", () => {
    expect(paymentMethodLabel('cod')).toBe('Cash on delivery');
    expect(paymentMethodLabel('online')).toBe('Online');
    expect(paymentMethodLabel('upi')).toBe('Online');
  });
});

describe('order status update through the data provider', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 'token'));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  const ID = '64b7f0c2a1b2c3d4e5f60718';

  it("sends only the status and hands back the updated order with the server's message", async () => {
    const calls = stubFetch({
      body: { success: true, message: 'Order status updated successfully!', order: { _id: ID, status: 'shipped' } },
    });
    const result = await dataProvider.update({
      resource: 'orders',
      meta: metaOf('orders'),
      id: ID,
      variables: { status: 'shipped' },
    });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/order/update-status/${ID}`,
      body: { status: 'shipped' },
    });
    expect(result).toEqual({
      data: { _id: ID, id: ID, status: 'shipped' },
      message: 'Order status updated successfully!',
    });
  });

  it('against a server that answers only a message, the row still gets the status it was sent', async () => {
    stubFetch({ body: { message: 'done' } });
    const result = await dataProvider.update({
      resource: 'orders',
      meta: metaOf('orders'),
      id: ID,
      variables: { status: 'delivered' },
    });
    expect(result.data).toEqual({ id: ID, status: 'delivered' });
  });
});
