import { z } from "zod";

/** `offset`/`limit` as every list call takes them; `max` bounds one page. */
export function limitOffset(defaultLimit = 12, max = 100) {
  return {
    offset: z.coerce
      .number({ error: (issue) => (issue.code === "invalid_type" ? "offset must be a number" : undefined) })
      .int("offset must be a whole number")
      .min(0, "offset must be 0 or more")
      .max(1_000_000, "offset must be at most 1000000")
      .default(0),
    limit: z.coerce
      .number({ error: (issue) => (issue.code === "invalid_type" ? "limit must be a number" : undefined) })
      .int("limit must be a whole number")
      .min(1, `limit must be between 1 and ${max}`)
      .max(max, `limit must be between 1 and ${max}`)
      .default(defaultLimit),
  };
}
