ALTER TABLE "products" ADD COLUMN "low_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The products already stored (the rule of domain isLowStock: some size above 0 and below LOW_STOCK_LIMIT, 50).
UPDATE "products" p SET "low_stock" = EXISTS (
  SELECT 1 FROM "product_variants" v JOIN "variant_sizes" s ON s."variant_id" = v."id"
  WHERE v."product_id" = p."id" AND s."count_in_stock" > 0 AND s."count_in_stock" < 50
);
