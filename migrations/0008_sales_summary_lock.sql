-- The summary triggers of 0003 add to shared rows (order_counts, sales_days...) in an order that depends
-- on the change: one status change moves pending -> cancelled, another cancelled -> pending, and on a
-- PostgreSQL server two such transactions at once deadlocked (one was aborted: a 500 to an admin).
-- Every statement that can move the summaries first takes one transaction-scoped lock, before it locks
-- any row, so such writes queue instead. A status change holds it for a few milliseconds.
CREATE FUNCTION sales_summary_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Any fixed key: 'sale' in ASCII.
  PERFORM pg_advisory_xact_lock(1935764581);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON orders FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON order_items FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
--> statement-breakpoint
CREATE TRIGGER products_sales_lock BEFORE UPDATE OF categories OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
