-- Keeps the sales summaries (sales_days, sales_day_categories, sales_month_customers, sales_months,
-- order_counts; see schema.ts) exact in the same transaction as every write, whatever writes: the API,
-- a seeder, a script or psql. Each change takes the old row's contribution out and puts the new one's
-- in; tests/api/summary-recomputation.test.ts checks the result against a full recomputation.

-- Which statuses count as sales: mirrors countsAsSale in src/domain (the recomputation test uses that one).
CREATE FUNCTION sales_counts(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT status <> 'cancelled' $$;
--> statement-breakpoint

-- The category revenue of some order lines, split evenly over the categories given ('Other' for none).
CREATE FUNCTION sales_add_category_revenue(day date, categories text[], amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_day_categories AS s (day, category, revenue)
  SELECT day, coalesce(c.category, 'Other'), sum(amount / greatest(cardinality(categories), 1))
  FROM (SELECT 1) AS one LEFT JOIN LATERAL unnest(categories) AS c(category) ON true
  GROUP BY 1, 2
  ON CONFLICT (day, category) DO UPDATE SET revenue = s.revenue + excluded.revenue
$$;
--> statement-breakpoint

-- One order's own figures (not its lines), counted `sign` times.
CREATE FUNCTION sales_add_order(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
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

-- The category revenue of every line of one order, counted `sign` times (the lines as they are now).
CREATE FUNCTION sales_add_order_lines(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT sales_counts(o.status) THEN
    RETURN;
  END IF;
  PERFORM sales_add_category_revenue((o.created_at AT TIME ZONE 'UTC')::date, coalesce(p.categories, '{}'), sign * i.qty * i.price)
  FROM order_items i LEFT JOIN products p ON p.id = i.product_id
  WHERE i.order_id = o.id;
END $$;
--> statement-breakpoint

-- One order line's category revenue, counted `sign` times, if its order exists and is a sale. An order
-- being deleted has taken its lines out already (orders_sales_delete), so its cascaded lines find no order.
CREATE FUNCTION sales_add_line(i order_items, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_add_category_revenue((o.created_at AT TIME ZONE 'UTC')::date, coalesce(p.categories, '{}'), sign * i.qty * i.price)
  FROM orders o LEFT JOIN products p ON p.id = i.product_id
  WHERE o.id = i.order_id AND sales_counts(o.status);
END $$;
--> statement-breakpoint

-- Every sale line of one product, as if the product had `categories`, counted `sign` times.
CREATE FUNCTION sales_add_product_lines(product text, categories text[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_add_category_revenue(day, categories, sign * amount)
  FROM (
    SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, i.qty * i.price AS amount
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.product_id = product AND sales_counts(o.status)
  ) AS lines;
END $$;
--> statement-breakpoint

CREATE FUNCTION orders_sales_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND sales_counts(OLD.status) = sales_counts(NEW.status)
     AND (OLD.created_at, OLD.total_price, OLD.user_id) IS NOT DISTINCT FROM (NEW.created_at, NEW.total_price, NEW.user_id) THEN
    -- A status change between two sale statuses (the usual one) moves only the status count.
    INSERT INTO order_counts AS c (status, payment_status, orders)
    VALUES (OLD.status, OLD.payment_status, -1), (NEW.status, NEW.payment_status, 1)
    ON CONFLICT (status, payment_status) DO UPDATE SET orders = c.orders + excluded.orders;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_add_order(OLD, -1);
    PERFORM sales_add_order_lines(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_add_order(NEW, 1);
    PERFORM sales_add_order_lines(NEW, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION order_items_sales_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_add_line(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_add_line(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A product's lines count under its categories of today: a change of categories moves its history, and
-- a deleted product's lines (their product_id set to null by the foreign key) count as 'Other'.
CREATE FUNCTION products_sales_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_add_product_lines(OLD.id, OLD.categories, -1);
  IF TG_OP = 'DELETE' THEN
    PERFORM sales_add_product_lines(OLD.id, '{}', 1);
    RETURN OLD;
  END IF;
  PERFORM sales_add_product_lines(NEW.id, NEW.categories, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_sales_upkeep();
--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status, OLD.payment_status, OLD.created_at, OLD.total_price, OLD.user_id) IS DISTINCT FROM (NEW.status, NEW.payment_status, NEW.created_at, NEW.total_price, NEW.user_id))
  EXECUTE FUNCTION orders_sales_upkeep();
--> statement-breakpoint
-- Before the delete, while the order's lines are still there to take out.
CREATE TRIGGER orders_sales_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_sales_upkeep();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_insert AFTER INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_sales_upkeep();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_update AFTER UPDATE ON order_items FOR EACH ROW
  WHEN ((OLD.order_id, OLD.product_id, OLD.qty, OLD.price) IS DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.qty, NEW.price))
  EXECUTE FUNCTION order_items_sales_upkeep();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_delete AFTER DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_sales_upkeep();
--> statement-breakpoint
CREATE TRIGGER products_sales_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.categories IS DISTINCT FROM NEW.categories)
  EXECUTE FUNCTION products_sales_upkeep();
--> statement-breakpoint
-- Before the delete: the foreign key's cascade then sets the lines' product_id to null, 'Other' to 'Other'.
CREATE TRIGGER products_sales_delete BEFORE DELETE ON products FOR EACH ROW EXECUTE FUNCTION products_sales_upkeep();
--> statement-breakpoint

-- Every summary from scratch in one pass over the orders: after a bulk load that ran with the triggers
-- off (the seeder), and once here for the orders already stored.
CREATE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE sales_days, sales_day_categories, sales_month_customers, sales_months, order_counts;
  INSERT INTO order_counts (status, payment_status, orders)
  SELECT status, payment_status, count(*) FROM orders GROUP BY 1, 2;
  INSERT INTO sales_days (day, orders, revenue)
  SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), sum(total_price) FROM orders WHERE sales_counts(status) GROUP BY 1;
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
SELECT sales_summary_rebuild();
