CREATE TABLE "housekeeping_runs" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"ran_by" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
