-- What every visitor who is not signed in is shown (listings, projects, articles, categories, the
-- site's settings…) is kept for a few seconds by each web process (app/lib/api.server.ts). A change
-- to any table those answers are read from tells every process on the database, through the
-- channel the processes' caches listen on (app/lib/memo.server.ts), to drop them at once. Once per
-- statement: a bulk change costs one notice, and notices of one transaction are merged on commit.
CREATE FUNCTION public_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('souq_memo_forget', 'public:');
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
  cols text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'categories', 'parameters', 'category_parameters', 'facilities', 'property_images',
    'property_documents', 'assign_parameters', 'assign_facilities', 'advertisements', 'settings', 'languages',
    'article_categories', 'articles', 'faqs', 'projects', 'project_images', 'project_documents', 'project_plans',
    'place_names', 'sliders', 'packages', 'package_features', 'report_reasons', 'virtual_tours', 'tour_rooms']
  LOOP
    EXECUTE format('CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION public_content_changed()', t);
    EXECUTE format('CREATE TRIGGER public_content_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION public_content_changed()', t);
  END LOOP;
  -- A listing's view only counts it (total_click, on every page view): every other column of a
  -- listing is what visitors see. A column added later is not in this list until a migration
  -- recreates the trigger; answers then still age out within their few seconds.
  SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) INTO cols
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'properties' AND column_name <> 'total_click' AND is_generated = 'NEVER';
  EXECUTE format('CREATE TRIGGER public_content_changed AFTER INSERT OR DELETE OR UPDATE OF %s ON properties FOR EACH STATEMENT EXECUTE FUNCTION public_content_changed()', cols);
  EXECUTE 'CREATE TRIGGER public_content_truncated AFTER TRUNCATE ON properties FOR EACH STATEMENT EXECUTE FUNCTION public_content_changed()';
END $$;
