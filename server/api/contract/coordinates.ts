// Coordinates are kept to 7 decimals (about a centimetre). Beyond being all the precision a place
// needs, this keeps degenerate values such as 1e-320 out: distance arithmetic on them underflows
// in PostgreSQL (an error, not a zero), in queries and in the distance index alike.
export const roundCoordinate = <T extends number | undefined | null>(v: T): T =>
  typeof v === "number" ? ((Math.round(v * 1e7) / 1e7 || 0) as T) : v;
