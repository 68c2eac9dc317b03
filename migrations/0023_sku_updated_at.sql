ALTER TABLE "variant_sizes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A SKU's version, which the spreadsheet editing's save (POST /api/product/skus/batch) compares with the
-- copy it was made on: every change of the row moves it, whoever writes it (the product form, a stock
-- move of the ledger, an order reserving or shipping units, an import), to the millisecond the API shows
-- and always at least a millisecond past the last one, so two changes within one millisecond still differ.
CREATE FUNCTION variant_sizes_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.size, NEW.price, NEW.mrp, NEW.count_in_stock, NEW.reserved, NEW.low_stock_at, NEW.sku)
     IS DISTINCT FROM (OLD.size, OLD.price, OLD.mrp, OLD.count_in_stock, OLD.reserved, OLD.low_stock_at, OLD.sku) THEN
    NEW.updated_at := greatest(date_trunc('milliseconds', now()),
      date_trunc('milliseconds', OLD.updated_at) + interval '1 millisecond');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER variant_sizes_stamp BEFORE UPDATE ON variant_sizes FOR EACH ROW EXECUTE FUNCTION variant_sizes_stamp();
