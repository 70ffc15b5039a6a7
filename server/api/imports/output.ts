// Answers of the import calls.
import { z } from "zod";
import { count, dateTime, Image, int, named } from "../output";

/** "unknown": a portfolio's address that is none of the three sites' listings (failed at once). */
export const ImportSite = z.enum(["propertyfinder", "bayut", "dubizzle", "unknown"]);

export const ImportDraft = named(
  "ImportDraft",
  z.object({
    title: z.string(),
    description: z.string(),
    price: z.number(),
    /** The page's currency; the price is kept as it was shown. */
    currency: z.string(),
    property_type: z.enum(["sell", "rent"]),
    rentduration: z.enum(["daily", "monthly", "quarterly", "yearly"]).nullable(),
    category_id: int.nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    parameters: z.array(z.object({ parameter_id: int, name: z.string(), value: z.string() })),
    facilities: z.array(z.object({ facility_id: int, name: z.string(), distance: z.number() })),
    /** Photos brought over so far (through the same pipeline as uploads). */
    photos: z.array(Image),
    /** Photos the page had (at most the number we bring over). */
    photos_expected: count,
    photos_failed: count,
    unmatched: z.array(z.string()),
    notes: z.array(z.string()),
  }),
  "A listing read from another portal, in our terms, waiting for its owner in the post-property form",
);

export const ListingImport = named(
  "ListingImport",
  z.object({
    id: int,
    site: ImportSite,
    source_url: z.string().nullable(),
    source_id: z.string().nullable(),
    /** queued (waiting), processing (reading the page or bringing the photos), ready, failed (see error). */
    status: z.enum(["queued", "processing", "ready", "failed"]),
    error: z.string().nullable(),
    user_id: int,
    /** The listing posted from this draft, once its owner submitted it. */
    property_id: int.nullable(),
    batch_id: z.string().nullable(),
    /** An earlier import of the same listing by the same person, which this one leads to. */
    duplicate_of: int.nullable(),
    draft: ImportDraft.nullable(),
    /** Where the owner reviews and posts it. */
    form_link: z.string(),
    created_at: dateTime,
  }),
  "An import of a listing from another portal and where it stands",
);

export const ImportBatch = z.object({ batch_id: z.string(), imports: z.array(ListingImport) });
