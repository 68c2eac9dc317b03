import type { FastifyPluginAsync } from 'fastify';
import { bulkDeleteSchema, editVersionSchema, productBulkStatusSchema, productInputSchema } from '../../domain';
import { access, cachedRead } from '../auth/guard';
import type { Db } from '../db/client';
import { notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { exportFormat, sendCsv } from '../services/csv-export';
import {
  createProduct,
  deleteProduct,
  deleteProducts,
  getProduct,
  listProducts,
  productCounts,
  productExport,
  productListSpec,
  PRODUCTS_FETCHED,
  setProductStatuses,
  updateProduct,
  wholeProductList,
} from '../services/products';
import { bulkReply, foundOrNot, pluralNoun } from './bulk-reply';
import { listReply, sendWholeList } from './list-reply';

const PRODUCTS = pluralNoun('Product');

export function productRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/get-all-products', cachedRead, async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const list = parseListQuery(query, productListSpec);
      if (csv) return sendCsv(request, reply, productExport(db, list));
      if (list.limit === undefined) return sendWholeList(request, reply, list, wholeProductList(db, list, await productCounts(db)));
      const [{ products, total }, counts] = await Promise.all([listProducts(db, list), productCounts(db)]);
      return listReply(reply, list, total ?? counts.total, { success: true, message: PRODUCTS_FETCHED, products, counts });
    });

    app.get('/get-product-details/:id', cachedRead, async (request) => {
      const product = notFoundUnless(await getProduct(db, parseId(request.params)), 'Product');
      return { success: true, product };
    });

    app.post('/add-product', access('write'), async (request, reply) => {
      const product = await createProduct(db, parseInput(productInputSchema, request.body));
      return reply.code(201).send({ success: true, message: 'Product added successfully', product });
    });

    app.put('/update-product/:id', access('write'), async (request) => {
      const id = parseId(request.params);
      const input = parseInput(productInputSchema, request.body);
      const { updatedAt } = parseInput(editVersionSchema, request.body);
      const product = notFoundUnless(await updateProduct(db, id, input, updatedAt), 'Product');
      return { success: true, message: 'Product updated successfully', product };
    });

    app.delete('/delete-product/:id', access('delete'), async (request) => {
      notFoundUnless(await deleteProduct(db, parseId(request.params)), 'Product');
      return { success: true, message: 'Product deleted successfully' };
    });

    // A selection changes in one statement, with the access of the single change.
    app.post('/bulk-status', access('write'), async (request) => {
      const { ids, status } = parseInput(productBulkStatusSchema, request.body);
      const { updated, failed } = foundOrNot(ids, await setProductStatuses(db, ids, status), 'Product not found');
      return bulkReply(PRODUCTS, 'updated', updated, failed);
    });

    app.post('/bulk-delete', access('delete'), async (request) => {
      const { ids } = parseInput(bulkDeleteSchema, request.body);
      const { updated, failed } = foundOrNot(ids, await deleteProducts(db, ids), 'Product not found');
      return bulkReply(PRODUCTS, 'deleted', updated, failed);
    });
  };
}
