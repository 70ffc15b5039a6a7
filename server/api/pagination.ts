import { z } from "zod";

/** `offset`/`limit` as every list call takes them; `max` bounds one page. */
export function limitOffset(defaultLimit = 12, max = 100) {
  return {
    offset: z.coerce.number({ error: "offset must be a number" }).int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(max).default(defaultLimit),
  };
}
