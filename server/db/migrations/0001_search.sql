-- Full-text search over title, description, address and city. The 'simple' configuration
-- neither stems nor drops stop words, so Arabic and English words both match as typed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("address", '') || ' ' || coalesce("city", ''))
) STORED;
--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_vector");
--> statement-breakpoint
-- Trigram index: partial words ("marin" finds "Marina") and typos in titles and addresses.
CREATE INDEX "properties_title_trgm_idx" ON "properties" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin ("address" gin_trgm_ops);
