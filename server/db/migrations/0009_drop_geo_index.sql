DROP INDEX IF EXISTS "properties_public_geo_idx";
