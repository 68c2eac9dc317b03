import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../src/domain';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const list = async (query = ''): Promise<{ coupons: Coupon[]; total?: number }> =>
  (await t.call('GET', `/api/coupon/allcoupons${query}`, { token: t.adminToken })).json();
const add = (body: unknown) => t.call('POST', '/api/coupon/add', { token: t.adminToken, body });

const coupon = {
  code: 'TEST15',
  discountType: 'percentage',
  discountValue: 15,
  minOrderAmount: 500,
  maxDiscount: 150,
  applicableCategories: ['Oversized'],
  applicableCollections: [],
  expiresAt: '2031-01-31',
  isActive: true,
};

describe('coupons', () => {
  it('lists the demo coupons: both types, some expired, some inactive', async () => {
    const { coupons } = await list();
    expect(coupons.length).toBeGreaterThanOrEqual(8);
    expect(new Set(coupons.map((c) => c.discountType))).toEqual(new Set(['percentage', 'flat']));
    expect(coupons.some((c) => !c.isActive)).toBe(true);
    expect(coupons.some((c) => c.expiresAt !== null && new Date(c.expiresAt) < new Date())).toBe(true);
    expect(coupons[0]).toMatchObject({
      _id: expect.any(String),
      code: expect.any(String),
      applicableCategories: expect.any(Array),
      applicableCollections: expect.any(Array),
      expiresAt: expect.any(String),
    });
  });

  it('filters by isActive and discount type and searches codes, with the total', async () => {
    const { coupons } = await list();
    const inactive = await list('?isActive=false');
    expect(inactive.total).toBe(coupons.filter((c) => !c.isActive).length);
    const flat = await list('?discountType=flat&_sort=code&_order=asc');
    const codes = flat.coupons.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(flat.total).toBe(coupons.filter((c) => c.discountType === 'flat').length);
    expect((await list('?q=welcome')).coupons.map((c) => c.code)).toEqual(['WELCOME10']);
    expect(
      (await t.call('GET', '/api/coupon/allcoupons?isActive=maybe', { token: t.adminToken })).json().message,
    ).toMatch(/^isActive: /);
  });

  it('adds a coupon with 201', async () => {
    const response = await add(coupon);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.coupon).toMatchObject({
      code: 'TEST15',
      discountValue: 15,
      maxDiscount: 150,
      applicableCategories: ['Oversized'],
      isActive: true,
    });
    expect(new Date(body.coupon.expiresAt).toISOString().slice(0, 10)).toBe('2031-01-31');
  });

  it('answers 409 for a code that exists in any letter case', async () => {
    const response = await add({ ...coupon, code: 'welcome10' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });

  it('answers 400 naming the field for bad coupons', async () => {
    const cases = [
      [{ ...coupon, code: 'PCT101', discountValue: 101 }, /^discountValue: /],
      [{ ...coupon, code: 'NEG', discountType: 'flat', discountValue: -5 }, /^discountValue: /],
      [{ ...coupon, code: '' }, /^code: /],
      [{ ...coupon, code: 'BADTYPE', discountType: 'bogo' }, /^discountType: /],
      [{ ...coupon, code: 'BADDATE', expiresAt: 'soon' }, /^expiresAt: /],
      [{ ...coupon, code: 'TEXTNUM', discountValue: '10' }, /^discountValue: /],
    ] as const;
    for (const [body, message] of cases) {
      const response = await add(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it("updates a coupon, and refuses to take another coupon's code", async () => {
    const created = (await add({ ...coupon, code: 'EDITME' })).json().coupon;
    const response = await t.call('PUT', `/api/coupon/coupon/${created._id}`, {
      token: t.adminToken,
      body: { ...coupon, code: 'EDITED', discountType: 'flat', discountValue: 300, maxDiscount: null, isActive: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      coupon: {
        _id: created._id,
        code: 'EDITED',
        discountType: 'flat',
        discountValue: 300,
        maxDiscount: null,
        isActive: false,
      },
    });
    const clash = await t.call('PUT', `/api/coupon/coupon/${created._id}`, {
      token: t.adminToken,
      body: { ...coupon, code: 'FLAT100' },
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await t.call('PUT', `/api/coupon/coupon/${UNKNOWN_ID}`, { token: t.adminToken, body: coupon })).statusCode,
    ).toBe(404);
    expect((await t.call('PUT', '/api/coupon/coupon/xyz', { token: t.adminToken, body: coupon })).statusCode).toBe(400);
  });

  it('deletes a coupon', async () => {
    const created = (await add({ ...coupon, code: 'DELETEME' })).json().coupon;
    const response = await t.call('DELETE', `/api/coupon/coupon/${created._id}`, { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await list()).coupons.map((c) => c._id)).not.toContain(created._id);
    expect((await t.call('DELETE', `/api/coupon/coupon/${created._id}`, { token: t.adminToken })).statusCode).toBe(404);
  });
});
