CREATE TABLE "place_names" (
	"name" text PRIMARY KEY NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
