import type { FastifyPluginAsync } from 'fastify';
import { access } from '../auth/guard';

/** `GET /api/health`: public, for a load balancer's checks. */
export const healthRoute: FastifyPluginAsync = async (app) => {
  app.get('/api/health', access('public'), async () => ({ status: 'ok' }));
};
