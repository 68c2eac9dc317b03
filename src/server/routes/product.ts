import type { FastifyPluginAsync } from 'fastify';
import {
  BULK_PATHS,
  bulkDeleteSchema,
  editVersionSchema,
  productBulkStatusSchema,
  productInputSchema,
  productsContract,
  SKU_BATCH_PATH,
  skuBatchSchema,
  type SkuBatchReply,
} from '../../domain';
import { accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { HttpError, notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { exportFormat, sendCsv } from '../services/csv-export';
import {
  catalogueExport,
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
import { whoOf } from '../services/audit';
import type { Restorable } from './audit';
import { bulkReply, foundOrNot, pluralNoun } from './bulk-reply';
import { returnRates } from '../services/returns';
import { saveSkuBatch } from '../services/sku-batch';
import { listReply, sendWholeList } from './list-reply';

const PRODUCTS = pluralNoun('Product');
const { list, get, create, update, remove } = productsContract.routes as Required<typeof productsContract.routes>;

/** A product's versions, as the audit log's Restore writes one back: through the form's schema and the edit's checks. */
export const restorableProducts: Restorable = {
  read: (db, id) => getProduct(db, id),
  restore: async (db, request, id, values) => {
    const input = parseInput(productInputSchema, values);
    const { updatedAt } = parseInput(editVersionSchema, values);
    return updateProduct(db, id, input, updatedAt, whoOf(request), 'restore');
  },
};

export function productRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get(list.path, accessTo(productsContract, 'read'), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      // rows=sku: the catalogue file, a row per SKU, which the import reads back.
      const { rows, ...params } = query;
      if (rows !== undefined && !(csv && rows === 'sku'))
        throw new HttpError(400, 'rows: must be sku, with format=csv');
      const asked = parseListQuery(params, productListSpec);
      if (csv && rows) return sendCsv(request, reply, catalogueExport(db, asked));
      if (csv) return sendCsv(request, reply, productExport(db, asked));
      if (asked.limit === undefined)
        return sendWholeList(request, reply, asked, wholeProductList(db, asked, await productCounts(db)));
      const [{ products, total }, counts] = await Promise.all([listProducts(db, asked), productCounts(db)]);
      return listReply(reply, asked, total ?? counts.total, {
        success: true,
        message: PRODUCTS_FETCHED,
        products,
        counts,
      });
    });

    app.get(get.path, accessTo(productsContract, 'read'), async (request) => {
      const id = parseId(request.params);
      const [product, rates] = await Promise.all([getProduct(db, id), returnRates(db, id)]);
      return { success: true, product: notFoundUnless(product, 'Product'), returnRates: rates };
    });

    app.post(create.path, accessTo(productsContract, 'create'), async (request, reply) => {
      const product = await createProduct(db, parseInput(productInputSchema, request.body), whoOf(request));
      return reply.code(201).send({ success: true, message: 'Product added successfully', product });
    });

    app.put(update.path, accessTo(productsContract, 'update'), async (request) => {
      const id = parseId(request.params);
      const input = parseInput(productInputSchema, request.body);
      const { updatedAt } = parseInput(editVersionSchema, request.body);
      const product = notFoundUnless(await updateProduct(db, id, input, updatedAt, whoOf(request)), 'Product');
      return { success: true, message: 'Product updated successfully', product };
    });

    app.delete(remove.path, accessTo(productsContract, 'delete'), async (request) => {
      notFoundUnless(await deleteProduct(db, parseId(request.params), whoOf(request)), 'Product');
      return { success: true, message: 'Product deleted successfully' };
    });

    // A selection changes in one statement, with the access of the single change.
    app.post(BULK_PATHS.status, accessTo(productsContract, 'update'), async (request) => {
      const { ids, status } = parseInput(productBulkStatusSchema, request.body);
      const { updated, failed } = foundOrNot(
        ids,
        await setProductStatuses(db, ids, status, whoOf(request)),
        'Product not found',
      );
      return bulkReply(PRODUCTS, 'updated', updated, failed);
    });

    // The spreadsheet editing's save: each SKU saved or refused on its own (a 409 when changed since it was
    // loaded); the request itself fails only when its input does, naming the field.
    app.post(SKU_BATCH_PATH, accessTo(productsContract, 'update'), async (request): Promise<SkuBatchReply> => {
      const { changes } = parseInput(skuBatchSchema, request.body);
      const results = await saveSkuBatch(db, changes, whoOf(request));
      const saved = results.filter((result) => result.status === 200).length;
      const conflicts = results.filter((result) => result.status === 409).length;
      const refused = results.length - saved;
      return {
        success: refused === 0,
        message: `${saved} of ${results.length} SKUs saved${refused ? `; ${refused} not saved` : ''}`,
        results,
        saved,
        conflicts,
      };
    });

    app.post(BULK_PATHS.remove, accessTo(productsContract, 'delete'), async (request) => {
      const { ids } = parseInput(bulkDeleteSchema, request.body);
      const { updated, failed } = foundOrNot(ids, await deleteProducts(db, ids, whoOf(request)), 'Product not found');
      return bulkReply(PRODUCTS, 'deleted', updated, failed);
    });
  };
}
