-- Every process keeps answers read from the database for a few seconds (server/cache). Each answer
-- knows the tables it was read from; here every table says when its rows change, by name, on the
-- channel the processes listen on, so exactly the answers read from it are dropped. This replaces
-- the hand-kept list of migration 0030: attach_change_notices() covers every table of the schema,
-- and the server calls it again at every start, so a table added later announces its changes too.
-- Once per statement; PostgreSQL merges a transaction's identical notices on commit.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT event_object_table FROM information_schema.triggers
    WHERE trigger_schema = current_schema() AND trigger_name IN ('public_content_changed', 'public_content_truncated')
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS public_content_changed ON %I', t);
    EXECUTE format('DROP TRIGGER IF EXISTS public_content_truncated ON %I', t);
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION IF EXISTS public_content_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('souq_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update announces itself only when a row changed in something other than a view counter
-- (total_click): a listing's page view counts it, and the listing, as visitors see it, is the same.
-- The search tables copied from listings (listing_search and the rest) are updated with it and
-- are compared the same way.
CREATE OR REPLACE FUNCTION content_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT to_jsonb(n) - 'total_click' FROM new_rows n
    EXCEPT
    SELECT to_jsonb(o) - 'total_click' FROM old_rows o
  ) THEN
    PERFORM pg_notify('souq_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION attach_change_notices() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'content_inserted')
  LOOP
    EXECUTE format('CREATE TRIGGER content_inserted AFTER INSERT ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_changed()', t);
    EXECUTE format('CREATE TRIGGER content_deleted AFTER DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_changed()', t);
    EXECUTE format('CREATE TRIGGER content_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_changed()', t);
    EXECUTE format('CREATE TRIGGER content_updated AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_updated()', t);
  END LOOP;
END $$;--> statement-breakpoint
SELECT attach_change_notices();
