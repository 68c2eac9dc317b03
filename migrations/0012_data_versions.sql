CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
  IF current_setting('apparel.notify_versions', true) = 'on' THEN
    PERFORM pg_notify('data_versions', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table the API reads back moves its version with every statement that writes it, in the same
-- transaction: whoever sees the write committed sees the new version, on any server process. The
-- embedded store's owner also asks to hear of each commit (apparel.notify_versions, pglite-thread.mjs).
-- The server tracks each declared resource's table the same way as it starts (read-cache.ts).
CREATE FUNCTION data_version_track(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass(t) IS NULL THEN RETURN; END IF;
  INSERT INTO data_versions (name) VALUES (t) ON CONFLICT (name) DO NOTHING;
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(t) AND tgname = t || '_data_version') THEN
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()', t || '_data_version', t);
  END IF;
END $$;
--> statement-breakpoint
SELECT data_version_track(t) FROM unnest(ARRAY['users', 'sessions', 'products', 'product_variants', 'variant_sizes', 'reviews', 'orders', 'order_items', 'order_events']) AS t;
