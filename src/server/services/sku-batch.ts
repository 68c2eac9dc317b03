import { eq, sql } from 'drizzle-orm';
import {
  mrpProblem,
  skuName,
  stockContract,
  STOCK_REASON_LABELS,
  type SkuBatchResult,
  type SkuChange,
} from '../../domain';
import type { Db } from '../db/client';
import { products, variants, variantSizes } from '../db/schema';
import { oneOf } from '../list-query';
import { audit, type AuditEntry, type AuditWho } from './audit';
import { editProductSkus } from './products';
import { heldStock, lockSales, skuColumns, skuStockColumns, skuStockMove } from './stock';

const NOTE = STOCK_REASON_LABELS.bulk_edit;

/** The SKUs' rows as a batch checks them, locked until the transaction ends. */
const lockedSkus = (tx: Db, skus: string[]) =>
  tx
    .select({
      ...skuColumns,
      ...skuStockColumns,
      productName: products.name,
    })
    .from(variantSizes)
    .innerJoin(variants, eq(variants.id, variantSizes.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(oneOf(variantSizes.sku, skus))
    .orderBy(variantSizes.sku)
    .for('update', { of: variantSizes });
type LockedSku = Awaited<ReturnType<typeof lockedSkus>>[number];

/** Why a change cannot apply to its SKU as it stands: the result to answer, or undefined when it can. */
function refusal(change: SkuChange, index: number, row: LockedSku | undefined): SkuBatchResult | undefined {
  const { sku } = change;
  if (!row) return { sku, status: 404, message: `${sku}: no such SKU (it may have been removed); reload the list` };
  if (row.updatedAt.getTime() !== Date.parse(change.updatedAt))
    return {
      sku,
      status: 409,
      message: `${sku} was changed by someone else since you loaded it; reload to see the latest values`,
    };
  const price = change.price ?? row.price;
  const mrp = change.mrp ?? row.mrp;
  if (mrpProblem(price, mrp))
    return {
      sku,
      status: 400,
      message:
        change.mrp !== undefined
          ? `changes.${index}.mrp: ${mrpProblem(price, mrp)}`
          : `changes.${index}.price: must not be above the MRP (${mrp})`,
    };
  if (change.countInStock !== undefined && change.countInStock < row.reserved)
    return { sku, status: 409, message: heldStock(sku, row.reserved, 'lowered').message };
  return undefined;
}

/**
 * The spreadsheet editing's save, in one transaction: each change applies only to a SKU still at the
 * version (`updatedAt`) it was made on; one changed since is a 409 of its own, one whose MRP would fall
 * below its price a 400, and the others save. Prices and low lines are product edits (each product's
 * version moves and the audit log records it as the form's edit does); units on hand move through the
 * ledger as `bulk_edit` movements, recorded as the Stock screen's adjustments are. The results follow
 * the changes' order.
 */
export async function saveSkuBatch(db: Db, changes: readonly SkuChange[], who: AuditWho): Promise<SkuBatchResult[]> {
  return db.transaction(async (tx) => {
    // The sales lock, the products, then the SKUs: the order every writer of them locks them in.
    await lockSales(tx);
    const skus = changes.map((change) => change.sku);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(
        sql`${products.id} in (select v.product_id from variant_sizes s join product_variants v on v.id = s.variant_id
          where s.sku = any(${sql.param(skus)}::text[]))`,
      )
      .orderBy(products.id)
      .for('update');
    const rows = new Map((await lockedSkus(tx, skus)).map((row) => [row.sku, row]));
    const results = changes.map((change, index) => refusal(change, index, rows.get(change.sku)));
    const accepted = changes.flatMap((change, index) =>
      results[index] ? [] : [{ change, row: rows.get(change.sku)! }],
    );

    const edits = accepted.flatMap(({ change, row }) => {
      const set = {
        ...(change.price !== undefined && change.price !== row.price && { price: change.price }),
        ...(change.mrp !== undefined && change.mrp !== row.mrp && { mrp: change.mrp }),
        ...(change.lowStockAt !== undefined &&
          change.lowStockAt !== row.lowStockAt && { lowStockAt: change.lowStockAt }),
      };
      return Object.keys(set).length ? [{ row, set }] : [];
    });
    const moves = accepted
      .filter(({ change, row }) => change.countInStock !== undefined && change.countInStock !== row.countInStock)
      .map(({ change, row }) => ({ row, delta: change.countInStock! - row.countInStock }))
      .sort((a, b) => (a.row.sku < b.row.sku ? -1 : 1));

    await editProductSkus(
      tx,
      who,
      [...new Set(edits.map(({ row }) => row.productId))],
      async () => {
        for (const { row, set } of edits) await tx.update(variantSizes).set(set).where(eq(variantSizes.sku, row.sku));
        if (moves.length)
          await tx.execute(
            sql`select ${sql.join(
              moves.map(({ row, delta }) => skuStockMove(row.sku, { hand: delta, reason: 'bulk_edit' }, who)),
              sql`, `,
            )}`,
          );
      },
      NOTE,
    );
    await audit(
      tx,
      who,
      moves.map(({ row, delta }): AuditEntry => ({
        action: 'update',
        resource: stockContract.name,
        recordId: row.sku,
        label: skuName(row.productName, row.color, row.size),
        changes: { countInStock: [row.countInStock, row.countInStock + delta] },
        note: NOTE,
      })),
    );

    const saved = accepted.length
      ? await tx
          .select({ sku: variantSizes.sku, updatedAt: variantSizes.updatedAt })
          .from(variantSizes)
          .where(
            oneOf(
              variantSizes.sku,
              accepted.map(({ change }) => change.sku),
            ),
          )
      : [];
    const versions = new Map(saved.map((row) => [row.sku, row.updatedAt.toISOString()]));
    return changes.map(
      (change, index) => results[index] ?? { sku: change.sku, status: 200, updatedAt: versions.get(change.sku) },
    );
  });
}
