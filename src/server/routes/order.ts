import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BULK_PATHS,
  dashboardKpisContract,
  monthlySalesContract,
  orderBulkStatusSchema,
  orderCreateSchema,
  orderNoteSchema,
  orderPlaceSchema,
  ordersContract,
  orderStatusUpdateSchema,
  salesByCategoryContract,
} from '../../domain';
import { orderEditSchema, orderItemsUpdateSchema, returnCreateSchema } from '../../domain/after-sale';
import { access, accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { HttpError, notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { dashboardKpis, monthlySales, salesByCategory } from '../services/dashboard';
import { exportFormat, sendCsv } from '../services/csv-export';
import {
  addOrderNote,
  getOrder,
  listOrders,
  orderExport,
  orderListSpec,
  placeDraft,
  updateOrderStatus,
  updateOrderStatuses,
  wholeOrderList,
  type OrderAuthor,
} from '../services/orders';
import { whoOf } from '../services/audit';
import { createOrder, placeCustomerOrder } from '../services/order-placement';
import { editOrderItems, previewOrderEdit } from '../services/order-edits';
import { createReturn } from '../services/returns';
import { bulkReply } from './bulk-reply';
import { listReply, sendWholeList } from './list-reply';

const { list, get, create, update } = ordersContract.routes as Required<typeof ordersContract.routes>;
/** The staff member moving an order, as the timeline and the audit log record them (the route's guard signed them in). */
const staffOf = (request: FastifyRequest): OrderAuthor => whoOf(request) as OrderAuthor;
const seriesPath = (contract: { routes: { list?: { path: string } } }) => contract.routes.list!.path;

export function orderRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get(seriesPath(monthlySalesContract), accessTo(monthlySalesContract, 'read'), async () => ({
      success: true,
      data: await monthlySales(db),
    }));
    app.get(seriesPath(salesByCategoryContract), accessTo(salesByCategoryContract, 'read'), async () => ({
      success: true,
      categories: await salesByCategory(db),
    }));
    app.get(seriesPath(dashboardKpisContract), accessTo(dashboardKpisContract, 'read'), async () => ({
      success: true,
      kpis: await dashboardKpis(db),
    }));

    app.get(list.path, accessTo(ordersContract, 'read'), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const asked = parseListQuery(query, orderListSpec);
      if (csv) return sendCsv(request, reply, orderExport(db, asked));
      if (asked.limit === undefined) return sendWholeList(request, reply, asked, wholeOrderList(db, asked));
      const { orders, total } = await listOrders(db, asked);
      return listReply(reply, asked, total, { success: true, orders });
    });

    app.get(get.path, accessTo(ordersContract, 'read'), async (request) => {
      const order = notFoundUnless(await getOrder(db, parseId(request.params)), 'Order');
      return { success: true, order };
    });

    app.put(update.path, accessTo(ordersContract, 'update'), async (request) => {
      const id = parseId(request.params);
      const { status } = parseInput(orderStatusUpdateSchema, request.body);
      const order = notFoundUnless(await updateOrderStatus(db, id, status, staffOf(request)), 'Order');
      return { success: true, message: 'Order status updated successfully!', order };
    });

    // Who may move one order may move a selection: each through the same change as the call above.
    app.post(BULK_PATHS.status, accessTo(ordersContract, 'update'), async (request) => {
      const { ids, status } = parseInput(orderBulkStatusSchema, request.body);
      const { updated, failed } = await updateOrderStatuses(db, ids, status, staffOf(request), (id, error) =>
        request.log.error({ err: error, order: id }, 'bulk status change failed'),
      );
      return bulkReply({ one: 'order', many: 'orders' }, 'updated', updated, failed);
    });

    app.post(create.path, accessTo(ordersContract, 'create'), async (request, reply) => {
      const input = parseInput(orderCreateSchema, request.body);
      const order = await createOrder(db, input, staffOf(request));
      return reply.code(201).send({ success: true, message: input.draft ? 'Draft saved' : 'Order placed', order });
    });

    // Placing a draft is taking the order: whoever may take one.
    app.post(ordersContract.calls!.placeDraft!.path, accessTo(ordersContract, 'create'), async (request) => {
      const order = notFoundUnless(await placeDraft(db, parseId(request.params), staffOf(request)), 'Order');
      return { success: true, message: 'Order placed', order };
    });

    // Whoever may take an order may change its lines before it ships (a customer calls to swap a size).
    const { editPreview, editItems, returns } = ordersContract.calls!;
    app.post(editPreview!.path, accessTo(ordersContract, 'update'), async (request) => {
      const input = parseInput(orderEditSchema, request.body);
      const preview = notFoundUnless(await previewOrderEdit(db, parseId(request.params), input), 'Order');
      return { success: true, ...preview };
    });

    app.put(editItems!.path, accessTo(ordersContract, 'update'), async (request) => {
      const input = parseInput(orderItemsUpdateSchema, request.body);
      const order = notFoundUnless(await editOrderItems(db, parseId(request.params), input, staffOf(request)), 'Order');
      return { success: true, message: 'Order updated', order };
    });

    // A return or exchange is asked for by whoever looks after customers' orders.
    app.post(returns!.path, accessTo(ordersContract, 'update'), async (request, reply) => {
      const input = parseInput(returnCreateSchema, request.body);
      const found = notFoundUnless(await createReturn(db, parseId(request.params), input, staffOf(request)), 'Order');
      return reply.code(201).send({ success: true, message: 'Return requested', return: found });
    });

    // The storefront's call: the one a customer's token may make beyond its own profile.
    app.post(ordersContract.calls!.place!.path, access('signedIn'), async (request, reply) => {
      const customer = request.sessionUser!;
      if (customer.role !== 'customer')
        throw new HttpError(403, 'Staff take orders for customers with POST /api/order/create');
      const input = parseInput(orderPlaceSchema, request.body);
      const order = await placeCustomerOrder(db, input, whoOf(request) as OrderAuthor);
      return reply.code(201).send({ success: true, message: 'Order placed', order });
    });

    // Whoever may move an order on may say why: support staff note what a customer asked.
    app.post(ordersContract.calls!.notes!.path, accessTo(ordersContract, 'update'), async (request, reply) => {
      const id = parseId(request.params);
      const { text } = parseInput(orderNoteSchema, request.body);
      const note = notFoundUnless(await addOrderNote(db, id, text, staffOf(request)), 'Order');
      return reply.code(201).send({ success: true, message: 'Note added', note });
    });
  };
}
