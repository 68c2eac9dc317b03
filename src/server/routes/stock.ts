import { asc, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { stockAdjustSchema, stockContract, stockMovementsContract } from '../../domain';
import { access, accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { stockAlerts, stockMovements } from '../db/schema';
import { notFoundUnless, parseInput } from '../errors';
import { pageWithTotal, parseListQuery } from '../list-query';
import { exportFormat, sendCsv } from '../services/csv-export';
import { whoOf } from '../services/audit';
import {
  adjustStock,
  listStock,
  stockExport,
  movementListSpec,
  stockListSpec,
  toStockMovement,
} from '../services/stock';
import { listReply } from './list-reply';

/**
 * GET /api/stock: the SKUs with their units on hand, reserved and available (`{ skus, total }`, CSV).
 * GET /api/stock/movements: the ledger (`{ movements, total }`). GET /api/stock/alerts: the open
 * low-stock alerts. POST /api/stock/adjust: a count by hand, through the ledger.
 */
export function stockRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    // Not from the read cache: the units sold are the last 30 days' as of now.
    app.get(stockContract.routes.list!.path || '/', access(stockContract.access.read), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const list = parseListQuery(query, stockListSpec);
      if (csv) return sendCsv(request, reply, stockExport(db, list));
      const { skus, total } = await listStock(db, list);
      return listReply(reply, list, total, { success: true, skus });
    });

    app.get(
      stockMovementsContract.routes.list!.path,
      accessTo(stockMovementsContract, 'read'),
      async (request, reply) => {
        const list = parseListQuery(request.query, movementListSpec);
        const [rows, total] = await pageWithTotal(db, stockMovements, list);
        return listReply(reply, list, total, { success: true, movements: rows.map(toStockMovement) });
      },
    );

    app.get('/alerts', accessTo(stockContract, 'read'), async () => {
      const alerts = await db
        .select()
        .from(stockAlerts)
        .where(isNull(stockAlerts.closedAt))
        .orderBy(asc(stockAlerts.openedAt), asc(stockAlerts.id));
      return {
        success: true,
        alerts: alerts.map(({ id, closedAt: _closed, openedAt, productId, ...alert }) => ({
          _id: id,
          ...alert,
          product: productId,
          openedAt: openedAt.toISOString(),
        })),
        total: alerts.length,
      };
    });

    app.post(stockContract.calls!.adjust!.path, accessTo(stockContract, 'update'), async (request) => {
      const input = parseInput(stockAdjustSchema, request.body);
      const sku = notFoundUnless(await adjustStock(db, input, whoOf(request)), stockContract.noun);
      return { success: true, message: 'Stock adjusted', sku };
    });
  };
}
