CREATE INDEX "listing_search_sample_idx" ON "listing_search" USING btree (("id" % 100),"latitude","longitude");--> statement-breakpoint
-- The planner needs the statistics of the new expression to know that one value of it is 1 %.
ANALYZE "listing_search";
