import type { FastifyPluginAsync } from 'fastify';
import { bannerInputSchema, editVersionSchema } from '../../domain';
import type { Db } from '../db/client';
import { notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { bannerListSpec, createBanner, deleteBanner, getBanner, listBanners, updateBanner } from '../services/banners';

/** The contract answers banners bare (a plain array, a plain banner), unlike the other areas. */
export function bannerRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (request, reply) => {
      const list = parseListQuery(request.query, bannerListSpec);
      const { banners, total } = await listBanners(db, list);
      if (list.withTotal) reply.header('X-Total-Count', String(total));
      return banners;
    });

    app.post('/', async (request, reply) => reply.code(201).send(await createBanner(db, parseInput(bannerInputSchema, request.body))));

    app.get('/by-id/:id', async (request) => notFoundUnless(await getBanner(db, parseId(request.params)), 'Banner'));

    app.put('/:id', async (request) => {
      const id = parseId(request.params);
      const input = parseInput(bannerInputSchema, request.body);
      const { updatedAt } = parseInput(editVersionSchema, request.body);
      return notFoundUnless(await updateBanner(db, id, input, updatedAt), 'Banner');
    });

    app.delete('/:id', async (request) => {
      notFoundUnless(await deleteBanner(db, parseId(request.params)), 'Banner');
      return { success: true, message: 'Banner deleted successfully' };
    });
  };
}
