CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"return_id" text,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" text,
	"by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"return_id" text NOT NULL,
	"position" integer NOT NULL,
	"line_id" text NOT NULL,
	"sku" text,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"qty" integer NOT NULL,
	"reason" text NOT NULL,
	"resolution" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"exchange_color" text,
	"exchange_size" text,
	"exchange_sku" text,
	"disposition" text,
	CONSTRAINT "return_items_return_id_position_pk" PRIMARY KEY("return_id","position")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"refund_due" numeric(12, 2) DEFAULT 0 NOT NULL,
	"refunded" numeric(12, 2) DEFAULT 0 NOT NULL,
	"credit_coupon_id" text,
	"exchange_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_for" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_credit_coupon_id_coupons_id_fk" FOREIGN KEY ("credit_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_at_idx" ON "refunds" USING btree ("at");--> statement-breakpoint
CREATE INDEX "return_items_line_idx" ON "return_items" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "return_items_reason_idx" ON "return_items" USING btree ("reason","return_id");--> statement-breakpoint
CREATE INDEX "return_items_resolution_idx" ON "return_items" USING btree ("resolution","return_id");--> statement-breakpoint
CREATE INDEX "returns_created_at_idx" ON "returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "returns_refund_due_idx" ON "returns" USING btree ("refund_due","id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_id_idx" ON "order_items" USING btree ("id");--> statement-breakpoint
-- Money given back (refunds and store credit) comes off the revenue of the day it is given, while its
-- order counts as a sale: an order that stops being one takes its refunds out with it, and one that
-- becomes one again brings them back (sales_add_order). The recomputation test checks it.
CREATE FUNCTION sales_add_refunds(o orders, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_days AS s (day, orders, revenue)
  SELECT (r.at AT TIME ZONE 'UTC')::date, 0, -sign * sum(r.amount) FROM refunds r WHERE r.order_id = o.id GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET revenue = s.revenue + excluded.revenue
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_add_order(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (o.created_at AT TIME ZONE 'UTC')::date;
  v_month date := date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date;
  v_after integer;
BEGIN
  INSERT INTO order_counts AS c (status, payment_status, orders) VALUES (o.status, o.payment_status, sign)
    ON CONFLICT (status, payment_status) DO UPDATE SET orders = c.orders + excluded.orders;
  IF NOT sales_counts(o.status) THEN
    RETURN;
  END IF;
  INSERT INTO sales_days AS s (day, orders, revenue) VALUES (v_day, sign, sign * o.total_price)
    ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  PERFORM sales_add_refunds(o, sign);
  IF o.user_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO sales_month_customers AS s (month, user_id, orders) VALUES (v_month, o.user_id, sign)
    ON CONFLICT (month, user_id) DO UPDATE SET orders = s.orders + excluded.orders
    RETURNING s.orders INTO v_after;
  -- The customer joins the month's customers with a first sale and leaves it with the last one.
  IF (v_after > 0) <> (v_after - sign > 0) THEN
    INSERT INTO sales_months AS s (month, customers) VALUES (v_month, sign)
      ON CONFLICT (month) DO UPDATE SET customers = s.customers + excluded.customers;
  END IF;
  IF v_after = 0 THEN
    DELETE FROM sales_month_customers WHERE month = v_month AND user_id = o.user_id;
  END IF;
END $$;
--> statement-breakpoint
-- One refund in or out of its day's revenue, if its order exists and is a sale (an order being deleted
-- has taken its refunds out already, so its cascaded refunds find no order).
CREATE FUNCTION refunds_sales_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO sales_days AS s (day, orders, revenue)
    SELECT (OLD.at AT TIME ZONE 'UTC')::date, 0, OLD.amount FROM orders o WHERE o.id = OLD.order_id AND sales_counts(o.status)
    ON CONFLICT (day) DO UPDATE SET revenue = s.revenue + excluded.revenue;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO sales_days AS s (day, orders, revenue)
    SELECT (NEW.at AT TIME ZONE 'UTC')::date, 0, -NEW.amount FROM orders o WHERE o.id = NEW.order_id AND sales_counts(o.status)
    ON CONFLICT (day) DO UPDATE SET revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_sales_lock BEFORE INSERT OR UPDATE OR DELETE ON refunds FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_lock();
--> statement-breakpoint
CREATE TRIGGER refunds_sales_upkeep AFTER INSERT OR UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_sales_upkeep();
--> statement-breakpoint
-- The summaries rebuilt in one pass (after a bulk load) take the refunds off their days as the triggers do.
CREATE OR REPLACE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE sales_days, sales_day_categories, sales_month_customers, sales_months, order_counts;
  INSERT INTO order_counts (status, payment_status, orders)
  SELECT status, payment_status, count(*) FROM orders GROUP BY 1, 2;
  INSERT INTO sales_days (day, orders, revenue)
  SELECT day, sum(orders), sum(revenue) FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS orders, sum(total_price) AS revenue
    FROM orders WHERE sales_counts(status) GROUP BY 1
    UNION ALL
    SELECT (r.at AT TIME ZONE 'UTC')::date, 0, -sum(r.amount)
    FROM refunds r JOIN orders o ON o.id = r.order_id WHERE sales_counts(o.status) GROUP BY 1
  ) d GROUP BY day;
  INSERT INTO sales_month_customers (month, user_id, orders)
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, user_id, count(*)
  FROM orders WHERE sales_counts(status) AND user_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO sales_months (month, customers) SELECT month, count(*) FROM sales_month_customers GROUP BY 1;
  INSERT INTO sales_day_categories (day, category, revenue)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, coalesce(c.category, 'Other'), sum(i.qty * i.price / greatest(cardinality(p.categories), 1))
  FROM order_items i
  JOIN orders o ON o.id = i.order_id
  LEFT JOIN products p ON p.id = i.product_id
  LEFT JOIN LATERAL unnest(p.categories) AS c(category) ON true
  WHERE sales_counts(o.status)
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT data_version_track(t) FROM unnest(ARRAY['returns', 'return_items', 'refunds']) AS t;
