import { sql, type SQL } from "drizzle-orm";

/** Great-circle kilometres between two points in SQL (haversine), for "within N km" tests. */
export function greatCircleKmSql(
  lat1: SQL | number,
  lng1: SQL | number,
  lat2: SQL | number,
  lng2: SQL | number,
): SQL {
  return sql`6371 * 2 * asin(least(1, sqrt(power(sin(radians(${lat1} - ${lat2}) / 2), 2) + cos(radians(${lat2})) * cos(radians(${lat1})) * power(sin(radians(${lng1} - ${lng2}) / 2), 2))))`;
}
