-- Stock ties the catalogue to the orders: a status change ships units (the SKUs, then their products'
-- totals) while it holds the sales lock of 0008, and every statement bumps its table's version row
-- (0012), held to the end of the transaction, in the order its statements come. A product edit (the
-- product, then its variants and SKUs) beside a status change (the SKUs, then the products) took those
-- rows in opposite orders and deadlocked on a PostgreSQL server. Every statement writing the catalogue
-- now takes the sales lock first too, so its writers and the orders' queue instead; one that locks a
-- product to read it first takes the lock before it (lockSales, services/stock.ts).
DROP TRIGGER products_sales_lock ON products;
--> statement-breakpoint
CREATE TRIGGER products_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
--> statement-breakpoint
CREATE TRIGGER product_variants_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
--> statement-breakpoint
CREATE TRIGGER variant_sizes_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON variant_sizes FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
