CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each table the API reads back moves its version with every statement that writes it, in the same
-- transaction: whoever sees the write committed sees the new version, on any server process. The
-- embedded store's owner also asks to hear of each commit (apparel.notify_versions, pglite-thread.mjs).
INSERT INTO "data_versions" ("name") VALUES ('users'), ('sessions'), ('products'), ('product_variants'), ('variant_sizes'), ('reviews'), ('orders'), ('order_items'), ('order_events'), ('coupons'), ('blogs'), ('banners');
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
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT name FROM data_versions LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()', t || '_data_version', t);
  END LOOP;
END $$;
