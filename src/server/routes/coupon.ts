import type { FastifyPluginAsync } from 'fastify';
import { couponInputSchema, editVersionSchema } from '../../domain';
import type { Db } from '../db/client';
import { notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { couponListSpec, createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../services/coupons';
import { listReply } from './list-reply';

export function couponRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/allcoupons', async (request, reply) => {
      const list = parseListQuery(request.query, couponListSpec);
      const { coupons, total } = await listCoupons(db, list);
      return listReply(reply, list, total, { success: true, coupons });
    });

    app.post('/add', async (request, reply) => {
      const coupon = await createCoupon(db, parseInput(couponInputSchema, request.body));
      return reply.code(201).send({ success: true, message: 'Coupon added successfully', coupon });
    });

    app.put('/coupon/:id', async (request) => {
      const id = parseId(request.params);
      const input = parseInput(couponInputSchema, request.body);
      const { updatedAt } = parseInput(editVersionSchema, request.body);
      const coupon = notFoundUnless(await updateCoupon(db, id, input, updatedAt), 'Coupon');
      return { success: true, message: 'Coupon updated successfully', coupon };
    });

    app.delete('/coupon/:id', async (request) => {
      notFoundUnless(await deleteCoupon(db, parseId(request.params)), 'Coupon');
      return { success: true, message: 'Coupon deleted successfully' };
    });
  };
}
