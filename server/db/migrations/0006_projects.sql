CREATE TYPE "public"."project_type" AS ENUM('under_construction', 'upcoming');--> statement-breakpoint
CREATE TABLE "project_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"thumbhash" text,
	"dominant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"document" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"type" "project_type" NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"video_link" text,
	"image" text,
	"image_widths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"image_thumbhash" text,
	"image_dominant" text,
	"meta_title" text,
	"meta_description" text,
	"meta_keywords" text,
	"meta_image" text,
	"request_status" "request_status" DEFAULT 'pending' NOT NULL,
	"status" "listing_status" DEFAULT 'active' NOT NULL,
	"reject_reason" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_plans" ADD CONSTRAINT "project_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_documents_project_idx" ON "project_documents" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_images_project_idx" ON "project_images" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "project_plans_project_idx" ON "project_plans" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_idx" ON "projects" USING btree ("slug_id");--> statement-breakpoint
CREATE INDEX "projects_added_by_idx" ON "projects" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "projects_category_idx" ON "projects" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "projects_public_idx" ON "projects" USING btree ("created_at","id") WHERE "projects"."request_status" = 'approved' and "projects"."status" = 'active';--> statement-breakpoint
CREATE INDEX "projects_public_type_idx" ON "projects" USING btree ("type","category_id","created_at") WHERE "projects"."request_status" = 'approved' and "projects"."status" = 'active';--> statement-breakpoint
CREATE INDEX "projects_public_city_idx" ON "projects" USING btree (lower("city")) WHERE "projects"."request_status" = 'approved' and "projects"."status" = 'active';--> statement-breakpoint
CREATE INDEX "projects_public_owner_idx" ON "projects" USING btree ("added_by","created_at") WHERE "projects"."request_status" = 'approved' and "projects"."status" = 'active';--> statement-breakpoint
-- Full-text search over a project's English and Arabic title and description, location and city
-- ('simple': no stemming, so both languages match as typed), as for properties.
ALTER TABLE "projects" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("location", '') || ' ' || coalesce("city", '') || ' ' || coalesce("translations"->'ar'->>'title', '') || ' ' || coalesce("translations"->'ar'->>'description', ''))
) STORED;
--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_vector");
--> statement-breakpoint
-- Trigram index: typos and partial words in titles, tried only when full text finds nothing.
CREATE INDEX "projects_title_trgm_idx" ON "projects" USING gin ("title" gin_trgm_ops);
