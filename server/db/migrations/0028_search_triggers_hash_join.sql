-- The update triggers compare a statement's old and new rows by id. The planner knows nothing of
-- transition tables and, from a plan first made for a one-row update, joined them by nested loop:
-- a statement touching 5 000 listings (a bulk approval, an import) spent 35 s comparing every row
-- with every other. Hash joins make it linear whatever the plan's estimate.
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_update() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
BEGIN
  PERFORM search_words_add(ARRAY(SELECT n.search_vector FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector <> o.search_vector));
  RETURN NULL;
END $$;
