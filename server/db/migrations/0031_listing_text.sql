-- A listing's words move out of its search row (decision 034): listing_search keeps what filters
-- and orders read, about 250 bytes a row instead of 1.6 KB, and listing_text the words.
CREATE TABLE "listing_text" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
-- The words as they are now; search_words already counts them (its triggers move below).
INSERT INTO "listing_text" ("id", "search_vector") SELECT "id", "search_vector" FROM "listing_search";--> statement-breakpoint
ALTER TABLE "listing_text" ADD CONSTRAINT "listing_text_id_listing_search_id_fk" FOREIGN KEY ("id") REFERENCES "public"."listing_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_text_idx" ON "listing_text" USING gin ("search_vector");--> statement-breakpoint
DROP TRIGGER "search_words_insert" ON "listing_search";--> statement-breakpoint
DROP TRIGGER "search_words_update" ON "listing_search";--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON listing_text REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_insert();--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON listing_text REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_update();--> statement-breakpoint
DROP INDEX "listing_search_text_idx";--> statement-breakpoint
-- A dropped column's values stay in every row until the row is written again. Changing a column's
-- type through an expression rewrites the whole table (and its indexes) inside this transaction,
-- each row without them; VACUUM FULL would do it too but cannot run in a migration's transaction.
ALTER TABLE "listing_search" DROP COLUMN "search_vector", ALTER COLUMN "likes" TYPE integer USING "likes" + 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Its words go with it (listing_text's foreign key cascades).
  DELETE FROM listing_search s WHERE s.id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM properties p WHERE p.id = s.id AND p.request_status = 'approved' AND p.status = 'active');
  INSERT INTO listing_search AS s (id, created_at, price, total_click, likes, added_by, latitude, longitude, tags, nums, near)
  SELECT p.id, p.created_at, p.price, p.total_click,
    (SELECT count(*)::int FROM favourites f WHERE f.property_id = p.id),
    p.added_by, p.latitude, p.longitude,
    array_remove(ARRAY['c:' || p.category_id, 't:' || p.property_type, 'rd:' || p.rentduration, 'ci:' || lower(p.city), 'st:' || lower(p.state),
      'co:' || lower(p.country), CASE WHEN p.has_tour THEN 'tour' END], NULL)
    || coalesce((SELECT array_agg(DISTINCT v) FROM (
         SELECT 'f:' || af.facility_id AS v FROM assign_facilities af WHERE af.property_id = p.id
         UNION ALL
         -- A parameter's value as a whole and each of its comma-separated options (checkboxes).
         SELECT 'p:' || ap.parameter_id || '=' || lower(btrim(part)) FROM assign_parameters ap,
           unnest(string_to_array(ap.value, ',') || ap.value) AS part
         WHERE ap.property_id = p.id AND length(ap.value) <= 300 AND btrim(part) <> ''
       ) t WHERE length(v) <= 140), '{}'),
    coalesce((SELECT jsonb_object_agg(ap.parameter_id::text, ap.value_num) FROM assign_parameters ap WHERE ap.property_id = p.id AND ap.value_num IS NOT NULL), '{}'),
    coalesce((SELECT jsonb_object_agg(af.facility_id::text, af.distance) FROM assign_facilities af WHERE af.property_id = p.id), '{}')
  FROM properties p
  WHERE p.id = ANY (ids) AND p.request_status = 'approved' AND p.status = 'active'
  ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, price = excluded.price, total_click = excluded.total_click, likes = excluded.likes,
    added_by = excluded.added_by, latitude = excluded.latitude, longitude = excluded.longitude, tags = excluded.tags, nums = excluded.nums,
    near = excluded.near;
  -- Words are written only when they changed: search_words counts what an update brings.
  INSERT INTO listing_text AS t (id, search_vector)
  SELECT p.id, p.search_vector FROM properties p
  WHERE p.id = ANY (ids) AND p.request_status = 'approved' AND p.status = 'active'
  ON CONFLICT (id) DO UPDATE SET search_vector = excluded.search_vector WHERE t.search_vector IS DISTINCT FROM excluded.search_vector;
END $$;--> statement-breakpoint
ANALYZE "listing_search";--> statement-breakpoint
ANALYZE "listing_text";
