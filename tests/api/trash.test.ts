import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrashItem } from '../../src/domain';
import { purgeOldTrash } from '../../src/server/services/trash';
import { UNKNOWN_ID, staffMember, startApp, type TestApp } from './helpers';

/**
 * The trash: a deleted product, coupon, banner or blog leaves every list at once and comes back with
 * Restore, under its id, until the retention purges it; only admins delete forever.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: t.adminToken, body });
const trash = async (query = '') =>
  (await asAdmin('GET', `/api/trash?_start=0&_end=200${query}`)).json<{ items: TrashItem[]; total: number }>();
const couponIds = async () =>
  (await asAdmin('GET', '/api/coupon/allcoupons')).json<{ coupons: { _id: string; code: string }[] }>().coupons;
const newCoupon = async (code: string) =>
  (
    await asAdmin('POST', '/api/coupon/add', {
      code,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmount: 0,
      isActive: true,
    })
  ).json().coupon as { _id: string; code: string };

describe('a deleted coupon', () => {
  it('leaves the list and the export, waits in the trash, and comes back with its code', async () => {
    const coupon = await newCoupon('TRASHME10');
    expect((await asAdmin('DELETE', `/api/coupon/coupon/${coupon._id}`)).statusCode).toBe(200);
    expect((await couponIds()).map((c) => c._id)).not.toContain(coupon._id);
    expect((await asAdmin('GET', '/api/coupon/allcoupons?format=csv')).body).not.toContain('TRASHME10');

    const { items } = await trash('&resource=coupons');
    const item = items.find((i) => i.recordId === coupon._id)!;
    expect(item).toMatchObject({ resource: 'coupons', label: 'TRASHME10', deletedBy: { fullname: 'Store Admin' } });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 86_400_000);

    const restored = await asAdmin('POST', `/api/trash/coupons/${coupon._id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe('TRASHME10 restored');
    expect((await couponIds()).find((c) => c._id === coupon._id)?.code).toBe('TRASHME10');
    expect((await trash()).items.map((i) => i.recordId)).not.toContain(coupon._id);
    const logged = (await asAdmin('GET', `/api/audit?recordId=${coupon._id}`)).json().events;
    expect(logged.map((e: { action: string }) => e.action)).toEqual(['restore', 'delete', 'create']);
    expect((await asAdmin('POST', `/api/trash/coupons/${coupon._id}/restore`)).statusCode).toBe(404);
  });

  it('is refused back with a 409 naming the conflict when its code was reused, and stays in the trash', async () => {
    const coupon = await newCoupon('REUSED20');
    await asAdmin('DELETE', `/api/coupon/coupon/${coupon._id}`);
    await newCoupon('REUSED20');
    const refused = await asAdmin('POST', `/api/trash/coupons/${coupon._id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cannot restore REUSED20: A coupon with this code already exists');
    expect((await trash()).items.map((i) => i.recordId)).toContain(coupon._id);
  });

  it('goes to the trash from a bulk delete too, one item each', async () => {
    const a = await newCoupon('BULKTRASH1');
    const b = await newCoupon('BULKTRASH2');
    await asAdmin('POST', '/api/coupon/bulk-delete', { ids: [a._id, b._id, UNKNOWN_ID] });
    const labels = (await trash('&resource=coupons')).items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['BULKTRASH1', 'BULKTRASH2']));
  });
});

describe('a deleted product', () => {
  it('is in no count card until restored, and comes back with its variants and reviews', async () => {
    const counts = async () => (await asAdmin('GET', '/api/product/get-all-products?_start=0&_end=1')).json().counts;
    const before = await counts();
    const first = (await asAdmin('GET', '/api/product/get-all-products?_start=0&_end=1')).json().products[0];
    const details = (await asAdmin('GET', `/api/product/get-product-details/${first._id}`)).json().product;
    await asAdmin('DELETE', `/api/product/delete-product/${first._id}`);
    expect((await counts()).total).toBe(before.total - 1);
    expect((await asAdmin('GET', `/api/product/get-product-details/${first._id}`)).statusCode).toBe(404);

    expect((await asAdmin('POST', `/api/trash/products/${first._id}/restore`)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
    const back = (await asAdmin('GET', `/api/product/get-product-details/${first._id}`)).json().product;
    expect(back).toEqual(details);
  });
});

describe('who may use it', () => {
  it('lets managers restore but only admins delete forever; support does not see it', async () => {
    const support = await staffMember(t, 'support');
    const manager = await staffMember(t, 'manager');
    expect((await t.call('GET', '/api/trash', { token: support.token })).statusCode).toBe(403);
    const coupon = await newCoupon('FOREVER30');
    await asAdmin('DELETE', `/api/coupon/coupon/${coupon._id}`);
    const purge = `/api/trash/coupons/${coupon._id}`;
    expect((await t.call('DELETE', purge, { token: manager.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/trash', { token: manager.token })).statusCode).toBe(200);
    const purged = await asAdmin('DELETE', purge);
    expect(purged.json()).toEqual({ success: true, message: 'Deleted forever' });
    expect((await asAdmin('POST', `${purge}/restore`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', purge)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/trash/staff/0123456789abcdef01234567/restore')).json().message).toMatch(
      /^resource: /,
    );
  });
});

describe('retention', () => {
  it('purges what was deleted more than the retention ago, measured on a moved clock', async () => {
    const coupon = await newCoupon('OLDTRASH40');
    await asAdmin('DELETE', `/api/coupon/coupon/${coupon._id}`);
    const day = 86_400_000;
    const db = t.app.database.db;
    const inTrash = async () => (await trash()).items.some((i) => i.recordId === coupon._id);
    expect(await purgeOldTrash(db, 30, new Date(Date.now() + 29 * day))).toBe(0);
    expect(await inTrash()).toBe(true);
    expect(await purgeOldTrash(db, 30, new Date(Date.now() + 31 * day))).toBeGreaterThan(0);
    expect(await inTrash()).toBe(false);
  });
});
