CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"product_id" text,
	"available" integer NOT NULL,
	"threshold" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sku" text NOT NULL,
	"product_id" text,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"field" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" text,
	"note" text,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variant_sizes" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variant_sizes" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variant_sizes" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("sku") WHERE "stock_alerts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_opened_at_idx" ON "stock_alerts" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements" USING btree ("sku","at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree ("sku");--> statement-breakpoint
-- A SKU as the store keeps it (domain skuCode): capitals, digits and single hyphens, at most 64 characters.
CREATE FUNCTION stock_sku_code(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(left(regexp_replace(regexp_replace(upper(t), '[^A-Z0-9]+', '-', 'g'), '^-+|-+$', '', 'g'), 64), '-+$', '')
$$;
--> statement-breakpoint
-- Every size of the catalogue its generated SKU (PRODUCT-COLOUR-SIZE); a repeat gets its rank as a suffix.
UPDATE variant_sizes s SET sku = g.sku FROM (
  SELECT b.variant_id, b.position,
    CASE WHEN row_number() OVER w = 1 THEN b.base ELSE left(b.base, 58) || '-' || row_number() OVER w END AS sku
  FROM (
    SELECT s2.variant_id, s2.position, stock_sku_code(p.name || '-' || v.color || '-' || s2.size) AS base
    FROM variant_sizes s2 JOIN product_variants v ON v.id = s2.variant_id JOIN products p ON p.id = v.product_id
  ) b
  WINDOW w AS (PARTITION BY b.base ORDER BY b.variant_id, b.position)
) g WHERE s.variant_id = g.variant_id AND s.position = g.position;
--> statement-breakpoint
ALTER TABLE "variant_sizes" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "variant_sizes_sku_idx" ON "variant_sizes" USING btree ("sku");--> statement-breakpoint
-- Each order line the SKU it names (its product, colour and size).
UPDATE order_items i SET sku = s.sku
FROM product_variants v JOIN variant_sizes s ON s.variant_id = v.id
WHERE v.product_id = i.product_id AND lower(v.color) = lower(i.color) AND lower(s.size) = lower(i.size);
--> statement-breakpoint
-- The ledger's opening: the units held by the orders open before it (on hand raised to cover them where
-- it was short), then one row per SKU for what it has on hand and one for what is reserved, so every
-- SKU's counts are the sums of its rows from here on. The seeder calls it after its bulk load.
CREATE FUNCTION stock_open_balances() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variant_sizes s SET reserved = h.qty, count_in_stock = greatest(s.count_in_stock, h.qty)
  FROM (
    SELECT i.sku, sum(i.qty)::int AS qty FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.status IN ('pending', 'processing') AND i.sku IS NOT NULL GROUP BY i.sku
  ) h
  WHERE s.sku = h.sku;
  INSERT INTO stock_movements (id, sku, product_id, color, size, field, delta, reason, note, actor_name, on_hand_after, reserved_after)
  SELECT substr(md5(random()::text || s.sku || f.field), 1, 24), s.sku, v.product_id, v.color, s.size, f.field,
    CASE f.field WHEN 'onHand' THEN s.count_in_stock ELSE s.reserved END,
    CASE f.field WHEN 'onHand' THEN 'stocktake' ELSE 'order_placed' END,
    'Opening balance', 'System', s.count_in_stock, s.reserved
  FROM variant_sizes s JOIN product_variants v ON v.id = s.variant_id
  CROSS JOIN (VALUES ('onHand'), ('reserved')) AS f(field)
  WHERE CASE f.field WHEN 'onHand' THEN s.count_in_stock ELSE s.reserved END <> 0;
  UPDATE products p SET total_stock = coalesce(t.units, 0), low_stock = coalesce(t.low, false)
  FROM products q LEFT JOIN (
    SELECT v.product_id, sum(s.count_in_stock)::int AS units,
      bool_or(s.count_in_stock > 0 AND s.count_in_stock < 50) AS low
    FROM variant_sizes s JOIN product_variants v ON v.id = s.variant_id GROUP BY v.product_id
  ) t ON t.product_id = q.id
  WHERE p.id = q.id AND (p.total_stock, p.low_stock) IS DISTINCT FROM (coalesce(t.units, 0), coalesce(t.low, false));
END $$;
--> statement-breakpoint
SELECT stock_open_balances();
--> statement-breakpoint
ALTER TABLE "variant_sizes" ADD CONSTRAINT "variant_sizes_stock_bounds" CHECK ("variant_sizes"."reserved" >= 0 and "variant_sizes"."count_in_stock" >= "variant_sizes"."reserved");
--> statement-breakpoint
-- Moves one SKU's units: `hand` on hand and `held` reserved, within the bounds (nothing reserved that is
-- not on hand, nothing below 0), with a ledger row per field moved and the SKU's low-stock alert opened
-- when its available units fall to its threshold (`low` when it has none of its own) or closed when they
-- rise above it. Units the SKU does not have raise SQLSTATE 'ST409' naming it (the API's 409); a SKU the
-- catalogue no longer has moves nothing. A caller moving units on hand has locked the SKU's product first.
CREATE FUNCTION stock_move(p_sku text, hand integer, held integer, why text, p_order text, p_note text,
  p_actor_id text, p_actor_name text, low integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  threshold integer;
  short record;
BEGIN
  IF hand = 0 AND held = 0 THEN RETURN; END IF;
  -- Twice at most: a product edit that committed while this waited replaced the SKU's row with a new one.
  FOR attempt IN 1..2 LOOP
    UPDATE variant_sizes SET count_in_stock = count_in_stock + hand, reserved = reserved + held
    WHERE sku = p_sku AND count_in_stock + hand >= reserved + held AND reserved + held >= 0
    RETURNING variant_id, size, count_in_stock, reserved, low_stock_at INTO s;
    EXIT WHEN FOUND;
    SELECT vs.count_in_stock, vs.reserved, vs.size, v.color, p.name INTO short
    FROM variant_sizes vs JOIN product_variants v ON v.id = vs.variant_id JOIN products p ON p.id = v.product_id
    WHERE vs.sku = p_sku;
    IF NOT FOUND THEN RETURN; END IF;
    IF attempt = 2 OR short.count_in_stock + hand < short.reserved + held OR short.reserved + held < 0 THEN
      RAISE EXCEPTION 'Only % left of % / % / %', greatest(short.count_in_stock - short.reserved, 0), short.name,
        short.color, short.size
        USING ERRCODE = 'ST409', DETAIL = p_sku, HINT = greatest(short.count_in_stock - short.reserved, 0)::text;
    END IF;
  END LOOP;
  -- The product's units on hand and its low-stock mark (domain LOW_STOCK_LIMIT: some size above 0 and
  -- below 50), which the catalogue's grid and count cards read, follow its sizes.
  IF hand <> 0 THEN
    UPDATE products p SET total_stock = p.total_stock + hand, low_stock = EXISTS (
      SELECT 1 FROM variant_sizes x JOIN product_variants w ON w.id = x.variant_id
      WHERE w.product_id = p.id AND x.count_in_stock > 0 AND x.count_in_stock < 50)
    FROM product_variants v WHERE v.id = s.variant_id AND p.id = v.product_id;
  END IF;
  -- A row per field moved, on hand first, each at the moment it is written: the ledger reads in the
  -- order things happened, within a transaction too.
  INSERT INTO stock_movements (id, at, sku, product_id, color, size, field, delta, reason, order_id, note,
    actor_id, actor_name, on_hand_after, reserved_after)
  SELECT substr(md5(random()::text || clock_timestamp()::text || p_sku || f.field), 1, 24),
    clock_timestamp() + f.rank * interval '1 microsecond', p_sku, v.product_id, v.color, s.size, f.field, f.delta,
    why, p_order, p_note, p_actor_id, p_actor_name, s.count_in_stock, s.reserved
  FROM product_variants v CROSS JOIN (VALUES ('onHand', hand, 0), ('reserved', held, 1)) AS f(field, delta, rank)
  WHERE v.id = s.variant_id AND f.delta <> 0;
  threshold := coalesce(s.low_stock_at, low);
  IF s.count_in_stock - s.reserved <= threshold THEN
    INSERT INTO stock_alerts (id, sku, product_id, available, threshold)
    SELECT substr(md5(random()::text || clock_timestamp()::text || p_sku), 1, 24), p_sku, v.product_id,
      s.count_in_stock - s.reserved, threshold
    FROM product_variants v WHERE v.id = s.variant_id
    ON CONFLICT (sku) WHERE closed_at IS NULL DO NOTHING;
  ELSE
    UPDATE stock_alerts SET closed_at = now() WHERE sku = p_sku AND closed_at IS NULL;
  END IF;
END $$;
--> statement-breakpoint
-- Moves an order's units from what status `was` holds to what status `now` holds: pending and processing
-- hold them reserved, shipped and delivered have taken them off the shelf, cancelled and a draft (`was`
-- null: a new order) hold nothing. One SKU after another in the SKUs' order, so two orders never wait
-- for each other's SKUs.
CREATE FUNCTION stock_move_order(p_order text, was text, now_status text, p_actor_id text, p_actor_name text,
  low integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held_was integer := CASE WHEN was IN ('pending', 'processing') THEN 1 ELSE 0 END;
  held_now integer := CASE WHEN now_status IN ('pending', 'processing') THEN 1 ELSE 0 END;
  out_was integer := CASE WHEN was IN ('shipped', 'delivered') THEN 1 ELSE 0 END;
  out_now integer := CASE WHEN now_status IN ('shipped', 'delivered') THEN 1 ELSE 0 END;
  why text;
  line record;
BEGIN
  IF held_was = held_now AND out_was = out_now THEN RETURN; END IF;
  why := CASE
    WHEN now_status = 'cancelled' THEN 'order_cancelled'
    WHEN out_now > out_was THEN 'order_shipped'
    WHEN was IS NULL OR was = 'draft' THEN 'order_placed'
    ELSE 'order_reopened' END;
  -- Units on or off the shelf change the products' totals: their rows are locked first, in their ids'
  -- order, as a product edit locks its product before its SKUs (no two writers wait for each other).
  IF out_was <> out_now THEN
    PERFORM 1 FROM products WHERE id IN (SELECT product_id FROM order_items WHERE order_id = p_order)
    ORDER BY id FOR UPDATE;
  END IF;
  FOR line IN
    SELECT sku, sum(qty)::int AS qty FROM order_items WHERE order_id = p_order AND sku IS NOT NULL
    GROUP BY sku ORDER BY sku
  LOOP
    PERFORM stock_move(line.sku, -line.qty * (out_now - out_was), line.qty * (held_now - held_was), why, p_order,
      NULL, p_actor_id, p_actor_name, low);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT data_version_track(t) FROM unnest(ARRAY['stock_movements', 'stock_alerts']) AS t;