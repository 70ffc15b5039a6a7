-- Numeric parameter values (bedrooms, area …) as numbers, so "at least 3 bedrooms" is an index
-- range instead of parsing text on every row.
ALTER TABLE "assign_parameters" ADD COLUMN "value_num" numeric GENERATED ALWAYS AS (
  CASE WHEN "value" ~ '^[0-9]+([.][0-9]+)?$' THEN "value"::numeric END
) STORED;
--> statement-breakpoint
CREATE INDEX "assign_parameters_num_idx" ON "assign_parameters" ("parameter_id", "value_num", "property_id");
