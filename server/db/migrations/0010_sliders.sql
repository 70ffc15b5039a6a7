CREATE TABLE "sliders" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"property_id" integer,
	"project_id" integer,
	"image_key" text,
	"image_widths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"image_thumbhash" text,
	"image_dominant" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sliders" ADD CONSTRAINT "sliders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sliders" ADD CONSTRAINT "sliders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sliders_order_idx" ON "sliders" USING btree ("status","sequence");