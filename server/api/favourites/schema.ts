// Payloads of favourites and interest (spec §7 add_favourite and interested_users: property_id, type).
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

/** type 1 adds (the heart on), 0 removes; "add" / "remove" read the same. */
const toggle = z
  .union([z.literal(1), z.literal(0), z.enum(["1", "0", "add", "remove"])], {
    error: "type must be 1 (add) or 0 (remove)",
  })
  .transform((v) => v === 1 || v === "1" || v === "add");

export const favouriteSchema = z.object({ property_id: idOf("property_id"), type: toggle });
export const interestSchema = z.object({ property_id: idOf("property_id"), type: toggle });
export const favouritesListSchema = z.object({ ...limitOffset(12, 50) });
