-- Live events: every audited write announces itself on the 'live_events' channel, in its own
-- transaction, so a rolled-back write says nothing and every server process (each LISTENs) hears
-- every committed one in commit order. One message per statement and kind of change: a bulk action's
-- rows come as one event naming (up to 100 of) their records. The id comes from one sequence, so it
-- rises across processes; a session's stream resumes after the last id it saw.
CREATE SEQUENCE IF NOT EXISTS live_event_ids;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_events_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT resource, action, actor_id, actor_name, max(at) AS at, count(*) AS n,
           (array_agg(record_id ORDER BY record_id) FILTER (WHERE record_id IS NOT NULL))[1:100] AS ids
    FROM new_events
    GROUP BY resource, action, actor_id, actor_name
  LOOP
    PERFORM pg_notify('live_events', json_build_object(
      'id', nextval('live_event_ids')::text,
      'action', change.action,
      'resource', change.resource,
      'ids', coalesce(change.ids, '{}'),
      'count', change.n,
      'actor', json_build_object('_id', change.actor_id, 'fullname', change.actor_name),
      'at', change.at
    )::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_events_live ON audit_events;
--> statement-breakpoint
CREATE TRIGGER audit_events_live AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION live_events_announce();
