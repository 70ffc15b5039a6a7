CREATE TYPE "public"."package_feature_type" AS ENUM('property_list', 'property_feature', 'project_list', 'project_feature', 'mortgage_calculator_detail', 'premium_properties', 'project_access');--> statement-breakpoint
CREATE TABLE "package_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"type" "package_feature_type" NOT NULL,
	"limit" integer
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"validity_days" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"once_per_user" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_package_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_package_id" integer NOT NULL,
	"type" "package_feature_type" NOT NULL,
	"total" integer,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_package_features_used" CHECK ("user_package_features"."used" >= 0 and ("user_package_features"."total" is null or "user_package_features"."used" <= "user_package_features"."total"))
);
--> statement-breakpoint
CREATE TABLE "user_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_features" ADD CONSTRAINT "package_features_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_package_features" ADD CONSTRAINT "user_package_features_user_package_id_user_packages_id_fk" FOREIGN KEY ("user_package_id") REFERENCES "public"."user_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packages" ADD CONSTRAINT "user_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packages" ADD CONSTRAINT "user_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_features_unique" ON "package_features" USING btree ("package_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "user_package_features_unique" ON "user_package_features" USING btree ("user_package_id","type");--> statement-breakpoint
CREATE INDEX "user_packages_user_idx" ON "user_packages" USING btree ("user_id","end_at");