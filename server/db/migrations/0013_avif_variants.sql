-- Whether a photo has AVIF variants next to its WebP ones. Rows from before have WebP only, so they
-- default to false and pages never point at .avif files that were never written.
ALTER TABLE "articles" ADD COLUMN "image_avif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "avif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "image_avif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "property_images" ADD COLUMN "avif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "image_avif" boolean DEFAULT false NOT NULL;