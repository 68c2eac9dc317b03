CREATE TABLE "notification_reads" (
	"user_id" text NOT NULL,
	"notification_id" text NOT NULL,
	CONSTRAINT "notification_reads_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kinds" text[],
	"read_through" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"record_id" text,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reads_notification_idx" ON "notification_reads" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_at_idx" ON "notifications" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "notifications_kind_idx" ON "notifications" USING btree ("kind","at");--> statement-breakpoint
-- Adds `n` things of a kind to the bell. Batched kinds grow the newest row of their kind while it is
-- under ten minutes old and nobody has read it ("5 new orders"); otherwise a new row. A row of one
-- thing names it (record_id, label); a batch of several does not; an unbatched row always does (an
-- import names its file, whatever it changed).
CREATE FUNCTION notifications_add(p_kind text, n integer, p_record text, p_label text, batched boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  IF n <= 0 THEN RETURN; END IF;
  IF batched THEN
    SELECT x.id INTO target FROM notifications x
    WHERE x.kind = p_kind AND x.at > now() - interval '10 minutes'
      AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = x.id)
      AND NOT EXISTS (SELECT 1 FROM notification_settings s WHERE s.read_through >= x.at)
    ORDER BY x.at DESC LIMIT 1
    FOR UPDATE;
  END IF;
  IF target IS NULL THEN
    INSERT INTO notifications (id, kind, count, record_id, label)
    VALUES (substr(md5(random()::text || clock_timestamp()::text || p_kind), 1, 24), p_kind, n,
      CASE WHEN n = 1 OR NOT batched THEN p_record END, CASE WHEN n = 1 OR NOT batched THEN p_label END);
  ELSE
    UPDATE notifications SET count = count + n, at = now(), record_id = NULL, label = NULL WHERE id = target;
  END IF;
END $$;
--> statement-breakpoint
-- From the audit log, in the writing transaction (a rolled-back write tells nobody): orders placed (a
-- draft is not one yet), returns requested, and an account's fifth failed sign-in within ten minutes
-- (once per ten minutes an account).
CREATE FUNCTION notifications_from_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed record;
  requested record;
  failing record;
BEGIN
  SELECT count(*)::int AS n, min(e.record_id) AS record_id, min(e.label) AS label INTO placed
  FROM new_events e JOIN orders o ON o.id = e.record_id
  WHERE e.resource = 'orders' AND e.action = 'create' AND o.status <> 'draft';
  PERFORM notifications_add('orders', placed.n, placed.record_id, placed.label, true);

  SELECT count(*)::int AS n, min(e.record_id) AS record_id, min(e.label) AS label INTO requested
  FROM new_events e WHERE e.resource = 'returns' AND e.action = 'create';
  PERFORM notifications_add('returns', requested.n, requested.record_id, requested.label, true);

  FOR failing IN
    SELECT DISTINCT e.record_id, e.note FROM new_events e
    WHERE e.resource = 'sessions' AND e.action = 'sign_in_failed' AND e.record_id IS NOT NULL
  LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM notifications x WHERE x.kind = 'sign_ins'
      AND x.record_id = failing.record_id AND x.created_at > now() - interval '10 minutes');
    INSERT INTO notifications (id, kind, count, record_id, label)
    SELECT substr(md5(random()::text || clock_timestamp()::text || failing.record_id), 1, 24), 'sign_ins',
      tried.n, failing.record_id, failing.note
    FROM (SELECT count(*)::int AS n FROM audit_events a
          WHERE a.resource = 'sessions' AND a.record_id = failing.record_id AND a.action = 'sign_in_failed'
            AND a.at > now() - interval '10 minutes') tried
    WHERE tried.n >= 5;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_notifications AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION notifications_from_audit();
--> statement-breakpoint
-- Low stock: the alerts a statement opened, as one notification (a bulk change opens many at once).
CREATE FUNCTION notifications_from_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  opened record;
BEGIN
  SELECT count(*)::int AS n, min(a.sku) AS sku INTO opened FROM new_alerts a;
  PERFORM notifications_add('low_stock', opened.n, opened.sku,
    (SELECT p.name || ' / ' || v.color || ' / ' || s.size FROM variant_sizes s
     JOIN product_variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
     WHERE s.sku = opened.sku),
    true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_alerts_notifications AFTER INSERT ON stock_alerts
  REFERENCING NEW TABLE AS new_alerts FOR EACH STATEMENT EXECUTE FUNCTION notifications_from_alerts();
--> statement-breakpoint
-- Every notification written or grown is live news (migration 0020's channel) for the sessions whose
-- role receives its kind; the bell refetches its count.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT kind, count(*) AS n, (array_agg(id ORDER BY id))[1:100] AS ids, max(at) AS at
    FROM changed GROUP BY kind
  LOOP
    PERFORM pg_notify('live_events', json_build_object(
      'id', nextval('live_event_ids')::text,
      'type', 'notification',
      'resource', 'notifications',
      'kind', change.kind,
      'ids', change.ids,
      'count', change.n,
      'actor', json_build_object('_id', NULL, 'fullname', 'Store'),
      'at', change.at
    )::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_added AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
CREATE TRIGGER notifications_grown AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
