-- One index scan for everything a search asks exactly (decision 035): the words, the tags and the
-- place's grid cells are keys of one GIN index, where a scan intersects them key by key instead of
-- building a bitmap of each (a common word alone is 230 000 entries) and intersecting those. And a
-- fixed hundredth of the listings, small enough to stay in memory, tells how many match before the
-- search chooses how to read them.

-- A listing's derived keys: the cell it lies in on four grids (2°, 0.5°, 0.125° and 0.03125°, so a
-- map box or a circle is a few cells of the finest grid that holds it), spelt 'g<grid>:<x>:<y>'.
CREATE FUNCTION search_keys(id integer, lat double precision, lng double precision) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lat IS NULL OR lng IS NULL THEN '{}'::text[] ELSE ARRAY[
    'g1:' || floor(lng / 2)::int || ':' || floor(lat / 2)::int,
    'g2:' || floor(lng / 0.5)::int || ':' || floor(lat / 0.5)::int,
    'g3:' || floor(lng / 0.125)::int || ':' || floor(lat / 0.125)::int,
    'g4:' || floor(lng / 0.03125)::int || ':' || floor(lat / 0.03125)::int] END
$$;--> statement-breakpoint
-- GIN builds are several times faster with room to sort their entries (a million listings: about a minute).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
DROP INDEX "listing_text_idx";--> statement-breakpoint
DROP INDEX "listing_text_tags_idx";--> statement-breakpoint
CREATE INDEX "listing_text_match_idx" ON "listing_text" USING gin ("search_vector", "tags", search_keys("id", "latitude", "longitude"));--> statement-breakpoint
DROP INDEX "listing_search_tags_idx";--> statement-breakpoint
CREATE INDEX "listing_search_match_idx" ON "listing_search" USING gin ("tags", search_keys("id", "latitude", "longitude"));--> statement-breakpoint
-- The sample: the rows of listing_text whose id ends in 00. Its views and favourites are not kept
-- up to date: nothing that reads it orders by them.
CREATE TABLE "listing_sample" (
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
);--> statement-breakpoint
ALTER TABLE "listing_sample" ADD CONSTRAINT "listing_sample_id_listing_search_id_fk" FOREIGN KEY ("id") REFERENCES "public"."listing_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "listing_sample" SELECT * FROM "listing_text" WHERE "id" % 100 = 0;--> statement-breakpoint
CREATE INDEX "listing_sample_match_idx" ON "listing_sample" USING gin ("search_vector", "tags");--> statement-breakpoint
CREATE INDEX "listing_sample_geo_idx" ON "listing_sample" USING btree ("latitude", "longitude");--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Its words and its sample row go with it (foreign keys that cascade).
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
  -- And the hundredth of them in the sample.
  INSERT INTO listing_sample AS t (id, created_at, price, total_click, likes, added_by, latitude, longitude, tags, nums, near, search_vector)
  SELECT s.id, s.created_at, s.price, s.total_click, s.likes, s.added_by, s.latitude, s.longitude, s.tags, s.nums, s.near, s.search_vector
  FROM listing_text s
  WHERE s.id = ANY (ids) AND s.id % 100 = 0
  ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, price = excluded.price, added_by = excluded.added_by,
    latitude = excluded.latitude, longitude = excluded.longitude, tags = excluded.tags, nums = excluded.nums,
    near = excluded.near, search_vector = excluded.search_vector;
END $$;--> statement-breakpoint
ANALYZE "listing_search";--> statement-breakpoint
ANALYZE "listing_text";--> statement-breakpoint
ANALYZE "listing_sample";
