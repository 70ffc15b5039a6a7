CREATE TYPE "public"."alert_frequency" AS ENUM('instant', 'daily', 'weekly');--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_views_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "personalised_fields" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"outdoor_facilitiy_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_price" numeric(14, 2),
	"max_price" numeric(14, 2),
	"property_type" "property_type",
	"city" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_dismissals" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_dismissals_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"reason" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_hits_search_id_property_id_pk" PRIMARY KEY("search_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"frequency" "alert_frequency" DEFAULT 'daily' NOT NULL,
	"alerts_on" boolean DEFAULT true NOT NULL,
	"anchors" text[] NOT NULL,
	"category_id" integer,
	"city" text,
	"state" text,
	"country" text,
	"property_type" "property_type",
	"rentduration" "rent_duration",
	"min_price" numeric(14, 2),
	"max_price" numeric(14, 2),
	"box_w" double precision,
	"box_s" double precision,
	"box_e" double precision,
	"box_n" double precision,
	"near_lat" double precision,
	"near_lng" double precision,
	"near_km" real,
	"tsquery" text,
	"needs_full_check" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_saved_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalised_fields" ADD CONSTRAINT "personalised_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_saved_places" ADD CONSTRAINT "user_saved_places_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_pending_idx" ON "listing_events" USING btree ("id") WHERE "listing_events"."done_at" is null;--> statement-breakpoint
CREATE INDEX "listing_views_recent_idx" ON "listing_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "saved_search_hits_unsent_idx" ON "saved_search_hits" USING btree ("search_id") WHERE "saved_search_hits"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING gin ("anchors");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("frequency","last_sent_at") WHERE "saved_searches"."alerts_on";--> statement-breakpoint
CREATE INDEX "user_saved_places_customer_idx" ON "user_saved_places" USING btree ("customer_id","id");--> statement-breakpoint
-- "Nearest first": public listings by great-circle distance, read nearest-first from a GiST index of
-- their points on the globe (earthdistance's ll_to_earth; a KNN scan, never a sort of them all).
-- Drizzle's index builder cannot express it.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX "properties_public_earth_idx" ON "properties" USING gist (ll_to_earth("latitude", "longitude")) WHERE "request_status" = 'approved' AND "status" = 'active' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
-- The most viewed public listings (the feed's fallback), read in order from an index.
CREATE INDEX "properties_public_popular_idx" ON "properties" USING btree ("total_click" DESC, "id" DESC) WHERE "request_status" = 'approved' AND "status" = 'active';
--> statement-breakpoint
-- Category, type and place go together (there is little land for rent, few villas in a city of
-- flats); without statistics on them together, the planner multiplies their selectivities, expects
-- many matches where there are none and reads a million listings newest-first looking for them.
CREATE STATISTICS IF NOT EXISTS "properties_kind_stats" (mcv, dependencies) ON "category_id", "property_type", "request_status", "status" FROM "properties";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "properties_place_kind_stats" (mcv, dependencies) ON lower("city"), "category_id", "property_type" FROM "properties";
--> statement-breakpoint
-- The feed's candidates by place, kind and budget (city, category, type, price range): a person's
-- preferences name a city, a few categories and a budget; one index answers all of it, so a rare
-- combination never sends the planner walking every listing newest-first looking for matches.
CREATE INDEX "properties_public_place_kind_idx" ON "properties" USING btree (lower("city"), "category_id", "property_type", "price") WHERE "request_status" = 'approved' AND "status" = 'active';
--> statement-breakpoint
-- "N new this week" on the saved-searches page reads a search's recent hits, not all it ever had.
CREATE INDEX "saved_search_hits_recent_idx" ON "saved_search_hits" USING btree ("search_id", "created_at");
