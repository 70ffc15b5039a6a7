import { sql, type SQL } from "drizzle-orm";

// Coordinates are kept to 7 decimals (about a centimetre). Beyond being all the precision a place
// needs, this keeps degenerate values such as 1e-320 out: distance arithmetic on them underflows
// in PostgreSQL (an error, not a zero), in queries and in the distance index alike.
export const roundCoordinate = <T extends number | undefined | null>(v: T): T =>
  typeof v === "number" ? ((Math.round(v * 1e7) / 1e7 || 0) as T) : v;

/** Great-circle kilometres between two points in SQL (haversine), for "within N km" tests. */
export function greatCircleKmSql(
  lat1: SQL | number,
  lng1: SQL | number,
  lat2: SQL | number,
  lng2: SQL | number,
): SQL {
  return sql`6371 * 2 * asin(least(1, sqrt(power(sin(radians(${lat1} - ${lat2}) / 2), 2) + cos(radians(${lat2})) * cos(radians(${lat1})) * power(sin(radians(${lng1} - ${lng2}) / 2), 2))))`;
}
