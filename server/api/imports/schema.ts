// Payloads of the import calls (spec §7: scrape-propertyfinder, scrape-buyut, scrape-dubizzle with
// url, upload, userId) and of an agent's portfolio of addresses.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

/** A saved web page is text; a few megabytes hold any listing page with its scripts. */
export const SAVED_PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_BATCH = 20;

const address = z
  .string({ error: "Paste the listing's address" })
  .trim()
  .min(1, "Paste the listing's address")
  .max(2048, "This address is too long");
const upload = z.preprocess(
  (v) => (v instanceof File && v.size === 0 && !v.name ? undefined : v),
  z
    .instanceof(File, { error: "Choose the saved page (.html)" })
    .refine((f) => f.size <= SAVED_PAGE_MAX_BYTES, "The saved page must be at most 5 MB")
    .optional(),
);

export const scrapeSchema = z
  .object({
    url: address.optional(),
    upload,
    /** Whose draft it becomes: the caller's own (an admin may name someone). */
    userId: idOf("userId").optional(),
  })
  .refine((v) => (v.url === undefined) !== (v.upload === undefined), {
    message: "Paste the listing's address or choose the saved page, one of the two",
    path: ["url"],
  });

export const batchSchema = z.object({
  urls: z.preprocess(
    // One address a line (a textarea), a list, or a comma-separated string.
    (v) =>
      typeof v === "string"
        ? v.split(/[\s,]+/).filter(Boolean)
        : Array.isArray(v)
          ? v.flatMap((x) => (typeof x === "string" ? x.split(/[\s,]+/).filter(Boolean) : [x]))
          : v,
    z
      .array(address, { error: "Paste one address a line" })
      .min(1, "Paste at least one address")
      .max(MAX_BATCH, `At most ${MAX_BATCH} addresses at once`),
  ),
  userId: idOf("userId").optional(),
});

export const importIdSchema = z.object({ id: idOf("id") });
export const importListSchema = z.object({
  batch_id: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, "batch_id is invalid")
    .optional(),
  ...limitOffset(20, 50),
});
