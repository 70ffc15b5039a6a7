CREATE TABLE "listing_search" (
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
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_search" ADD CONSTRAINT "listing_search_id_properties_id_fk" FOREIGN KEY ("id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_search_newest_idx" ON "listing_search" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_price_asc_idx" ON "listing_search" USING btree ("price","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_price_desc_idx" ON "listing_search" USING btree ("price" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_viewed_idx" ON "listing_search" USING btree ("total_click" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_liked_idx" ON "listing_search" USING btree ("likes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_owner_idx" ON "listing_search" USING btree ("added_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_geo_idx" ON "listing_search" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "listing_search_tags_idx" ON "listing_search" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "listing_search_text_idx" ON "listing_search" USING gin ("search_vector");--> statement-breakpoint
-- Nearest first: a KNN walk of the public listings' points on the globe.
CREATE INDEX "listing_search_earth_idx" ON "listing_search" USING gist (ll_to_earth("latitude", "longitude")) WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
-- Misspelt words are matched against the words listings have that start alike (this btree finds
-- them; search.ts correctSpelling), then by trigram similarity.
CREATE INDEX "search_words_prefix_idx" ON "search_words" ("word" text_pattern_ops);--> statement-breakpoint
-- (Re)writes the search rows of these listings from the listing and what it draws from, and removes
-- those that are no longer public. Set-based: a statement touching thousands of rows calls it once.
CREATE FUNCTION listing_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_search s WHERE s.id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM properties p WHERE p.id = s.id AND p.request_status = 'approved' AND p.status = 'active');
  INSERT INTO listing_search AS s (id, created_at, price, total_click, likes, added_by, latitude, longitude, tags, nums, near, search_vector)
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
    coalesce((SELECT jsonb_object_agg(af.facility_id::text, af.distance) FROM assign_facilities af WHERE af.property_id = p.id), '{}'),
    p.search_vector
  FROM properties p
  WHERE p.id = ANY (ids) AND p.request_status = 'approved' AND p.status = 'active'
  ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, price = excluded.price, total_click = excluded.total_click, likes = excluded.likes,
    added_by = excluded.added_by, latitude = excluded.latitude, longitude = excluded.longitude, tags = excluded.tags, nums = excluded.nums,
    near = excluded.near, search_vector = excluded.search_vector;
END $$;--> statement-breakpoint
CREATE FUNCTION listing_search_on_property_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A view of a listing only counts it (total_click): that is copied; any other change that search
-- reads rewrites the row.
CREATE FUNCTION listing_search_on_property_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.created_at, n.price, n.added_by, n.latitude, n.longitude, n.category_id, n.property_type, n.rentduration, n.city, n.state, n.country,
           n.has_tour, n.request_status, n.status, n.search_vector)
      IS DISTINCT FROM (o.created_at, o.price, o.added_by, o.latitude, o.longitude, o.category_id, o.property_type, o.rentduration, o.city, o.state, o.country,
           o.has_tour, o.request_status, o.status, o.search_vector)));
  UPDATE listing_search s SET total_click = n.total_click FROM new_rows n WHERE s.id = n.id AND s.total_click <> n.total_click;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_search_property_insert AFTER INSERT ON properties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_property_insert();--> statement-breakpoint
CREATE TRIGGER listing_search_property_update AFTER UPDATE ON properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_property_update();--> statement-breakpoint
-- Parameters and facilities: the listings whose rows they change.
CREATE FUNCTION listing_search_on_child_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(SELECT DISTINCT property_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION listing_search_on_child_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(SELECT DISTINCT property_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION listing_search_on_child_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_refresh(ARRAY(SELECT property_id FROM new_rows UNION SELECT property_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_search_parameters_insert AFTER INSERT ON assign_parameters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_insert();--> statement-breakpoint
CREATE TRIGGER listing_search_parameters_update AFTER UPDATE ON assign_parameters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_update();--> statement-breakpoint
CREATE TRIGGER listing_search_parameters_delete AFTER DELETE ON assign_parameters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_delete();--> statement-breakpoint
CREATE TRIGGER listing_search_facilities_insert AFTER INSERT ON assign_facilities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_insert();--> statement-breakpoint
CREATE TRIGGER listing_search_facilities_update AFTER UPDATE ON assign_facilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_update();--> statement-breakpoint
CREATE TRIGGER listing_search_facilities_delete AFTER DELETE ON assign_facilities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_child_delete();--> statement-breakpoint
-- Favourites: most_liked sorts by a count kept on the row.
CREATE FUNCTION listing_search_recount_likes(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listing_search s SET likes = (SELECT count(*)::int FROM favourites f WHERE f.property_id = s.id) WHERE s.id = ANY (ids);
$$;--> statement-breakpoint
CREATE FUNCTION listing_search_on_favourite_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_recount_likes(ARRAY(SELECT DISTINCT property_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION listing_search_on_favourite_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_search_recount_likes(ARRAY(SELECT DISTINCT property_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_search_favourites_insert AFTER INSERT ON favourites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_favourite_insert();--> statement-breakpoint
CREATE TRIGGER listing_search_favourites_delete AFTER DELETE ON favourites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_on_favourite_delete();--> statement-breakpoint
-- The words of new and changed texts, counted. In word order, so that two listings posted at once
-- take their locks on shared words in the same order (no deadlock).
CREATE FUNCTION search_words_add(vectors tsvector[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words AS w (word, ndoc)
  SELECT word, count(*)::int FROM unnest(vectors) AS v, unnest(tsvector_to_array(v)) AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word ~ '[[:alpha:]]'
  GROUP BY word ORDER BY word
  ON CONFLICT (word) DO UPDATE SET ndoc = w.ndoc + excluded.ndoc;
$$;--> statement-breakpoint
CREATE FUNCTION search_words_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(ARRAY(SELECT search_vector FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(ARRAY(SELECT n.search_vector FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector <> o.search_vector));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON listing_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_insert();--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON listing_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_update();--> statement-breakpoint
-- The listings there are now.
SELECT listing_search_refresh(ARRAY(SELECT id FROM properties WHERE request_status = 'approved' AND status = 'active'));
