-- Catalogue imports: each dry run's plan (with the version of every product it touches), which its
-- commit applies exactly and its undo puts back, its counts and the first of its errors.
CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"creates" integer NOT NULL,
	"updates" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"errors" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "product_imports_created_at_idx" ON "product_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_imports_status_idx" ON "product_imports" USING btree ("status","created_at","id");--> statement-breakpoint
-- Moves many SKUs' units on hand at once (`hands[i]` units of `skus[i]`): what stock_move does for one SKU,
-- in a few statements for all of them, for a bulk writer (an import) that holds the sales lock. Units the
-- SKU does not have (on hand below what open orders hold) raise stock_move's shortage, naming the first
-- such SKU; a SKU the catalogue does not have moves nothing.
CREATE OR REPLACE FUNCTION stock_move_many(skus text[], hands integer[], why text, p_note text,
  p_actor_id text, p_actor_name text, low integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  short record;
BEGIN
  SELECT vs.sku, vs.count_in_stock, vs.reserved, vs.size, v.color, p.name INTO short
  FROM unnest(skus, hands) AS m(sku, hand)
  JOIN variant_sizes vs ON vs.sku = m.sku JOIN product_variants v ON v.id = vs.variant_id
  JOIN products p ON p.id = v.product_id
  WHERE vs.count_in_stock + m.hand < vs.reserved
  ORDER BY vs.sku LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Only % left of % / % / %', greatest(short.count_in_stock - short.reserved, 0), short.name,
      short.color, short.size
      USING ERRCODE = 'ST409', DETAIL = short.sku, HINT = greatest(short.count_in_stock - short.reserved, 0)::text;
  END IF;
  CREATE TEMP TABLE IF NOT EXISTS stock_moved (sku text, product_id text, available integer, threshold integer)
    ON COMMIT DROP;
  TRUNCATE stock_moved;
  WITH moved AS (
    UPDATE variant_sizes s SET count_in_stock = s.count_in_stock + m.hand
    FROM unnest(skus, hands) AS m(sku, hand)
    WHERE s.sku = m.sku AND m.hand <> 0
    RETURNING s.sku, s.variant_id, s.size, s.count_in_stock, s.reserved, s.low_stock_at, m.hand
  ), ledger AS (
    INSERT INTO stock_movements (id, at, sku, product_id, color, size, field, delta, reason, order_id, note,
      actor_id, actor_name, on_hand_after, reserved_after)
    SELECT substr(md5(random()::text || clock_timestamp()::text || moved.sku), 1, 24), clock_timestamp(), moved.sku,
      v.product_id, v.color, moved.size, 'onHand', moved.hand, why, NULL, p_note, p_actor_id, p_actor_name,
      moved.count_in_stock, moved.reserved
    FROM moved JOIN product_variants v ON v.id = moved.variant_id
  )
  INSERT INTO stock_moved
  SELECT moved.sku, v.product_id, moved.count_in_stock - moved.reserved, coalesce(moved.low_stock_at, low)
  FROM moved JOIN product_variants v ON v.id = moved.variant_id;
  -- The products' units on hand and low-stock marks, as stock_move keeps them.
  UPDATE products p SET total_stock = t.units, low_stock = t.low
  FROM (
    SELECT w.product_id, sum(x.count_in_stock)::int AS units, bool_or(x.count_in_stock > 0 AND x.count_in_stock < 50) AS low
    FROM variant_sizes x JOIN product_variants w ON w.id = x.variant_id
    WHERE w.product_id IN (SELECT product_id FROM stock_moved)
    GROUP BY w.product_id
  ) t
  WHERE p.id = t.product_id;
  -- Each SKU's low-stock alert opened at or below its threshold, closed above it.
  INSERT INTO stock_alerts (id, sku, product_id, available, threshold)
  SELECT substr(md5(random()::text || clock_timestamp()::text || sku), 1, 24), sku, product_id, available, threshold
  FROM stock_moved WHERE available <= threshold
  ON CONFLICT (sku) WHERE closed_at IS NULL DO NOTHING;
  UPDATE stock_alerts a SET closed_at = now() FROM stock_moved m
  WHERE a.sku = m.sku AND a.closed_at IS NULL AND m.available > m.threshold;
END $$;
