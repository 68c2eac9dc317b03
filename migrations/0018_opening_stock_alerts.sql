-- A SKU at or below its low-stock line with no open alert (the ledger's opening in 0015 opened none, and
-- LOW_STOCK_AT may have been raised since) gets one, as a movement to that level would have opened it.
-- The server calls it as it prepares the store, with the store's line (prepare.ts).
CREATE FUNCTION stock_open_alerts(low integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_alerts (id, sku, product_id, available, threshold)
  SELECT substr(md5(random()::text || clock_timestamp()::text || s.sku), 1, 24), s.sku, v.product_id,
    s.count_in_stock - s.reserved, coalesce(s.low_stock_at, low)
  FROM variant_sizes s JOIN product_variants v ON v.id = s.variant_id
  WHERE s.count_in_stock - s.reserved <= coalesce(s.low_stock_at, low)
  ON CONFLICT (sku) WHERE closed_at IS NULL DO NOTHING;
END $$;
