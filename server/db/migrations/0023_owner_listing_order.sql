-- An owner's listings newest first (the dashboard's leads table, decision 023): the single-column owner indexes become (owner, created_at, id).
CREATE INDEX "projects_owner_created_idx" ON "projects" USING btree ("added_by","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_owner_created_idx" ON "properties" USING btree ("added_by","created_at","id");--> statement-breakpoint
DROP INDEX "projects_added_by_idx";--> statement-breakpoint
DROP INDEX "properties_added_by_idx";
