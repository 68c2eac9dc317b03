import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../src/domain';
import { startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const add = (body: unknown) => t.call('POST', '/api/coupon/add', { token: t.adminToken, body });
const coupon = { code: 'RULES10', discountType: 'flat', discountValue: 100, expiresAt: '2031-05-01' };

describe('coupon rules on the server', () => {
  it('fills the optional fields: no minimum, no cap, empty lists, active', async () => {
    const response = await add(coupon);
    expect(response.statusCode).toBe(201);
    expect(response.json().coupon).toMatchObject({
      minOrderAmount: 0,
      maxDiscount: null,
      applicableCategories: [],
      applicableCollections: [],
      isActive: true,
    });
  });

  it('answers 400 naming the field for negative amounts and a percentage over 100', async () => {
    const cases = [
      [{ ...coupon, code: 'NEGMIN', minOrderAmount: -1 }, /^minOrderAmount: must not be negative/],
      [{ ...coupon, code: 'NEGMAX', maxDiscount: -1 }, /^maxDiscount: must not be negative/],
      [
        { ...coupon, code: 'PCT', discountType: 'percentage', discountValue: 100.01 },
        /^discountValue: [aA] percentage discount must be at most 100/,
      ],
      [{ ...coupon, code: 'LISTS', applicableCategories: 'Oversized' }, /^applicableCategories: /],
      [{ ...coupon, code: 'NOVALUE', discountValue: undefined }, /^discountValue: /],
      [{ ...coupon, code: 'has space' }, /^code: /],
    ] as const;
    for (const [body, message] of cases) {
      const response = await add(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // A flat discount may be more than 100 rupees, and a percentage exactly 100.
    expect((await add({ ...coupon, code: 'FULL', discountType: 'percentage', discountValue: 100 })).statusCode).toBe(
      201,
    );
  });

  it("lets a coupon keep its own code in another letter case, but not take another coupon's", async () => {
    const created: Coupon = (await add({ ...coupon, code: 'CASEME' })).json().coupon;
    const recased = await t.call('PUT', `/api/coupon/coupon/${created._id}`, {
      token: t.adminToken,
      body: { ...coupon, code: 'caseme' },
    });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().coupon.code).toBe('caseme');
    const taken = await add({ ...coupon, code: 'CaseMe' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A coupon with this code already exists' });
  });

  it('deactivates a coupon through an update, and the isActive filter sees it', async () => {
    const created: Coupon = (await add({ ...coupon, code: 'SLEEPY' })).json().coupon;
    await t.call('PUT', `/api/coupon/coupon/${created._id}`, {
      token: t.adminToken,
      body: { ...coupon, code: 'SLEEPY', isActive: false },
    });
    const inactive = (await t.call('GET', '/api/coupon/allcoupons?isActive=false', { token: t.adminToken })).json()
      .coupons as Coupon[];
    expect(inactive.map((c) => c.code)).toContain('SLEEPY');
  });

  it('needs an admin for every coupon call', async () => {
    expect((await t.call('GET', '/api/coupon/allcoupons')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/coupon/add', { token: t.customerToken, body: coupon })).statusCode).toBe(403);
  });
});
