-- A listing's words leave its search row (decision 034). listing_search keeps what filters and
-- orders read, about 600 bytes a row instead of 1.6 KB, for every search without words;
-- listing_text is the same rows with the words, for searches with words, where one bitmap of the
-- words', the tags' and the place's indexes finds the rows that have them all.
CREATE TABLE "listing_text" (
	"id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"total_click" integer NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"added_by" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"tags" text[] NOT NULL,
	"nums" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"near" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
-- The rows as they are now; search_words already counts their words (its triggers move below).
INSERT INTO "listing_text" SELECT "id", "created_at", "price", "total_click", "likes", "added_by", "latitude", "longitude", "tags", "nums", "near", "search_vector" FROM "listing_search";--> statement-breakpoint
ALTER TABLE "listing_text" ADD CONSTRAINT "listing_text_id_listing_search_id_fk" FOREIGN KEY ("id") REFERENCES "public"."listing_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_text_idx" ON "listing_text" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listing_text_tags_idx" ON "listing_text" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "listing_text_geo_idx" ON "listing_text" USING btree ("latitude","longitude");--> statement-breakpoint
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
  -- The same rows with their words (search_words counts the words an update changes).
  INSERT INTO listing_text AS t (id, created_at, price, total_click, likes, added_by, latitude, longitude, tags, nums, near, search_vector)
  SELECT s.id, s.created_at, s.price, s.total_click, s.likes, s.added_by, s.latitude, s.longitude, s.tags, s.nums, s.near, p.search_vector
  FROM listing_search s JOIN properties p ON p.id = s.id
  WHERE s.id = ANY (ids)
  ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, price = excluded.price, total_click = excluded.total_click, likes = excluded.likes,
    added_by = excluded.added_by, latitude = excluded.latitude, longitude = excluded.longitude, tags = excluded.tags, nums = excluded.nums,
    near = excluded.near, search_vector = excluded.search_vector;
END $$;--> statement-breakpoint--> statement-breakpoint
-- A view counts on both rows.
CREATE OR REPLACE FUNCTION listing_search_on_property_update() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.created_at, n.price, n.added_by, n.latitude, n.longitude, n.category_id, n.property_type, n.rentduration, n.city, n.state, n.country,
           n.has_tour, n.request_status, n.status, n.search_vector)
      IS DISTINCT FROM (o.created_at, o.price, o.added_by, o.latitude, o.longitude, o.category_id, o.property_type, o.rentduration, o.city, o.state, o.country,
           o.has_tour, o.request_status, o.status, o.search_vector)));
  UPDATE listing_search s SET total_click = n.total_click FROM new_rows n WHERE s.id = n.id AND s.total_click <> n.total_click;
  UPDATE listing_text s SET total_click = n.total_click FROM new_rows n WHERE s.id = n.id AND s.total_click <> n.total_click;
  RETURN NULL;
END $$;--> statement-breakpoint
-- And a favourite on both.
CREATE OR REPLACE FUNCTION listing_search_recount_likes(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listing_search s SET likes = (SELECT count(*)::int FROM favourites f WHERE f.property_id = s.id) WHERE s.id = ANY (ids);
  UPDATE listing_text s SET likes = (SELECT count(*)::int FROM favourites f WHERE f.property_id = s.id) WHERE s.id = ANY (ids);
$$;--> statement-breakpoint
ANALYZE "listing_search";--> statement-breakpoint
ANALYZE "listing_text";
