import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStream } from './event-stream';
import { staffMember, startApp, type TestApp } from './helpers';

/*
 * The live stream (GET /api/events) over real HTTP: what a session hears, what it does not, and that a
 * stream cut mid-way resumes from its Last-Event-ID with every event it missed, in order, once.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const newCoupon = (code: string) =>
  t.call('POST', '/api/coupon/add', {
    token: t.adminToken,
    body: { code, discountType: 'flat', discountValue: 5, minOrderAmount: 0, isActive: true },
  });

describe('the live stream', () => {
  it('tells a session of each write as it commits, by whom, and nothing of a write that was rolled back', async () => {
    const stream = await openStream(base, t.adminToken);
    const added = await newCoupon('LIVE1');
    expect(added.statusCode).toBe(201);
    const id = added.json().coupon._id as string;
    const created = await stream.next((event) => event.resource === 'coupons' && event.ids.includes(id));
    expect(created).toMatchObject({ type: 'created', count: 1, actor: { fullname: expect.any(String) } });
    expect(created!.id).toMatch(/^\d+$/);

    // A duplicate code: the insert fails inside its transaction, so its audit row, and its event, never commit.
    expect((await newCoupon('LIVE1')).statusCode).toBe(409);
    const marker = await newCoupon('LIVE2');
    const markerId = marker.json().coupon._id as string;
    await stream.next((event) => event.ids.includes(markerId));
    expect(
      stream
        .events()
        .filter((event) => event.resource === 'coupons')
        .map((event) => event.ids),
    ).toEqual([[id], [markerId]]);
    stream.close();
  });

  it('resumes a cut stream from its Last-Event-ID with every event it missed, in order, exactly once', async () => {
    const first = await openStream(base, t.adminToken);
    const before = (await newCoupon('RESUME0')).json().coupon._id as string;
    const seen = await first.next((event) => event.ids.includes(before));
    first.close();

    const missed: string[] = [];
    for (const n of [1, 2, 3]) missed.push((await newCoupon(`RESUME${n}`)).json().coupon._id as string);
    const resumed = await openStream(base, t.adminToken, seen!.id);
    const after = (await newCoupon('RESUME4')).json().coupon._id as string;
    await resumed.next((event) => event.ids.includes(after));
    const coupons = resumed.events().filter((event) => event.resource === 'coupons');
    expect(coupons.map((event) => event.ids[0])).toEqual([...missed, after]);
    const ids = coupons.map((event) => BigInt(event.id!));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    resumed.close();

    // Eleven minutes on, the next write pushes the older events out of what the process keeps: a resume
    // from before them is told to refetch instead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    try {
      const watching = await openStream(base, t.adminToken);
      const later = (await newCoupon('RESUME5')).json().coupon._id as string;
      await watching.next((event) => event.ids.includes(later));
      watching.close();
    } finally {
      vi.useRealTimers();
    }
    const stale = await openStream(base, t.adminToken, seen!.id);
    expect(await stale.next((_event, frame) => frame.event === 'reset')).toEqual({});
    expect(stale.events()).toEqual([]);
    stale.close();
  });

  it("never carries the Team's events to support, and ends a session's stream when it signs out", async () => {
    const support = await staffMember(t, 'support');
    const supportStream = await openStream(base, support.token);
    const adminStream = await openStream(base, t.adminToken);
    const member = await staffMember(t, 'manager');
    await adminStream.next((event) => event.resource === 'staff' && event.ids.includes(member.id));
    const coupon = (await newCoupon('SUPPORTSEES')).json().coupon._id as string;
    await supportStream.next((event) => event.ids.includes(coupon));
    expect(supportStream.events().filter((event) => event.resource === 'staff')).toEqual([]);

    expect((await t.call('POST', '/api/auth/logout', { token: support.token })).statusCode).toBe(200);
    await supportStream.next(() => false);
    expect(supportStream.ended()).toBe(true);
    expect(adminStream.ended()).toBe(false);
    adminStream.close();
  });

  it('tells the others who has a record open for editing, and refuses what the role may not read', async () => {
    const support = await staffMember(t, 'support');
    const watching = await openStream(base, support.token);
    const coupon = (await newCoupon('PRESENCE')).json().coupon._id as string;
    const beat = await t.call('POST', '/api/events/presence', {
      token: t.adminToken,
      body: { resource: 'coupons', id: coupon, editing: true },
    });
    expect(beat.statusCode).toBe(204);
    expect(await watching.next((event) => event.type === 'presence')).toMatchObject({
      resource: 'coupons',
      ids: [coupon],
      editing: true,
    });
    const refused = await t.call('POST', '/api/events/presence', {
      token: support.token,
      body: { resource: 'staff', id: 'x', editing: true },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.call('POST', '/api/events/presence', {
      token: support.token,
      body: { resource: 'coupons', id: coupon },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/editing/);
    watching.close();
  });
});
