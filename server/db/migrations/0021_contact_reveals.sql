CREATE TYPE "public"."contact_kind" AS ENUM('phone', 'email', 'whatsapp');--> statement-breakpoint
CREATE TABLE "contact_reveals" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"viewer_id" integer,
	"property_id" integer,
	"project_id" integer,
	"kind" "contact_kind" NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_reveals_one_target" CHECK ("contact_reveals"."property_id" is null or "contact_reveals"."project_id" is null)
);
--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_reveals_once_idx" ON "contact_reveals" USING btree ("viewer_id","owner_id","kind","day",coalesce("property_id", 0),coalesce("project_id", 0));--> statement-breakpoint
CREATE INDEX "contact_reveals_property_idx" ON "contact_reveals" USING btree ("property_id","kind") WHERE "contact_reveals"."property_id" is not null;--> statement-breakpoint
CREATE INDEX "contact_reveals_project_idx" ON "contact_reveals" USING btree ("project_id","kind") WHERE "contact_reveals"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "contact_reveals_owner_idx" ON "contact_reveals" USING btree ("owner_id","kind","property_id","project_id");--> statement-breakpoint
CREATE INDEX "chat_messages_property_idx" ON "chat_messages" USING btree ("property_id","sender_id","receiver_id");