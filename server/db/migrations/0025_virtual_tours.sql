CREATE TYPE "public"."import_status" AS ENUM('queued', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."photo_session_status" AS ENUM('requested', 'assigned', 'submitted', 'changes_requested', 'approved', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."tour_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"error" text,
	"result" jsonb,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_by" integer,
	"site" text NOT NULL,
	"source_url" text,
	"source_id" text,
	"status" "import_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"draft" jsonb,
	"property_id" integer,
	"batch_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"photographer_id" integer,
	"tour_id" integer,
	"status" "photo_session_status" DEFAULT 'requested' NOT NULL,
	"request_note" text,
	"photographer_note" text,
	"review_note" text,
	"rating" integer,
	"assigned_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_sessions_rating" CHECK ("photo_sessions"."rating" is null or "photo_sessions"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "tour_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'panorama' NOT NULL,
	"image" jsonb,
	"plan_x" real DEFAULT 0 NOT NULL,
	"plan_y" real DEFAULT 0 NOT NULL,
	"plan_w" real DEFAULT 20 NOT NULL,
	"plan_h" real DEFAULT 20 NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer,
	"project_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"status" "tour_status" DEFAULT 'draft' NOT NULL,
	"floorplan_image" jsonb,
	"plan_width_m" real DEFAULT 12 NOT NULL,
	"ceiling_height" real DEFAULT 2.7 NOT NULL,
	"start_room_id" integer,
	"video" jsonb,
	"model" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_tours_one_listing" CHECK (("virtual_tours"."property_id" is null) <> ("virtual_tours"."project_id" is null))
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "has_tour" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_photographer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_imports" ADD CONSTRAINT "listing_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_imports" ADD CONSTRAINT "listing_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_imports" ADD CONSTRAINT "listing_imports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_photographer_id_users_id_fk" FOREIGN KEY ("photographer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_tour_id_virtual_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."virtual_tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_rooms" ADD CONSTRAINT "tour_rooms_tour_id_virtual_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."virtual_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_tours" ADD CONSTRAINT "virtual_tours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_tours" ADD CONSTRAINT "virtual_tours_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("kind","subject_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_imports_source_idx" ON "listing_imports" USING btree ("user_id","site","source_id") WHERE "listing_imports"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "listing_imports_user_idx" ON "listing_imports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "listing_imports_batch_idx" ON "listing_imports" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "photo_sessions_photographer_idx" ON "photo_sessions" USING btree ("photographer_id","status","id");--> statement-breakpoint
CREATE INDEX "photo_sessions_owner_idx" ON "photo_sessions" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_sessions_open_idx" ON "photo_sessions" USING btree ("property_id") WHERE "photo_sessions"."status" not in ('approved', 'cancelled');--> statement-breakpoint
CREATE INDEX "tour_rooms_tour_idx" ON "tour_rooms" USING btree ("tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_tours_property_idx" ON "virtual_tours" USING btree ("property_id") WHERE "virtual_tours"."property_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_tours_project_idx" ON "virtual_tours" USING btree ("project_id") WHERE "virtual_tours"."project_id" is not null;--> statement-breakpoint
-- Listings with a tour ("with a tour" filter, newest first): few rows, so a small partial index.
CREATE INDEX "properties_public_tour_idx" ON "properties" USING btree ("created_at","id") WHERE "properties"."has_tour" and "properties"."request_status" = 'approved' and "properties"."status" = 'active';
