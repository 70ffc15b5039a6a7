// Pieces of answers that many calls share, and the names under which the OpenAPI document lists them.
// Each feature's answers are described in its own `output.ts`, next to the `schema.ts` of its input.
// An output schema describes `data` as it travels in JSON: what JSON.stringify makes of what the
// handler returns (a Date becomes an ISO string, an undefined property is left out).
import { z } from "zod";
import {
  listingStatusEnum,
  parameterTypeEnum,
  requestStatusEnum,
  verificationStatusEnum,
} from "../db/schema";

/** The named pieces, in the order they were made: the document puts each in components/schemas. */
export const namedSchemas: { id: string; schema: z.ZodType }[] = [];

/** Gives a shared piece a name in the document (components/schemas/<id>); every use refers to it. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  const described = (description ? schema.describe(description) : schema) as T;
  // A module loaded again (the dev server reloads a changed one) names its piece again: the new one wins.
  const at = namedSchemas.findIndex((n) => n.id === id);
  if (at >= 0) namedSchemas[at] = { id, schema: described };
  else namedSchemas.push({ id, schema: described });
  return described;
}

/**
 * A moment, as JSON carries it: ISO 8601 with the zone (`2026-01-31T09:30:00.000Z`). A handler may
 * hand over a Date, which JSON.stringify writes exactly so; hence the wider input type.
 */
export const dateTime = z.iso.datetime({ offset: true }) as unknown as z.ZodType<string, string | Date>;

/** A whole number (ids, counts). */
export const int = z.number().int();
/** A count: a whole number, 0 or more. */
export const count = z.number().int().min(0);
/** An amount in the currency's minor unit (cents, fils). */
export const minor = z.number().int();

/** A photo as pages use it: its largest WebP, and per width a WebP and, where one was made, an AVIF. */
export const Image = named(
  "Image",
  z.object({
    url: z.string(),
    width: int,
    height: int,
    variants: z.array(z.object({ width: int, url: z.string(), avif: z.string().optional() })),
    /** Base64 ThumbHash of a blurred placeholder. */
    thumbhash: z.string().nullable(),
    /** `#rrggbb`, a flat background while the photo loads. */
    dominant: z.string().nullable(),
  }),
  "A stored photo: the largest WebP as `url`, every width in `variants` (AVIF where one exists), a ThumbHash placeholder and the dominant colour",
);

/** A photo of a listing's gallery: the image and the id it is managed by. */
export const GalleryImage = named(
  "GalleryImage",
  Image.extend({ id: int }),
  "A gallery photo with the id it is reordered or removed by",
);

/** A downloadable file of a listing (floor plan, brochure). */
export const ListingDocument = named(
  "ListingDocument",
  z.object({ id: int, name: z.string(), url: z.string() }),
  "A file attached to a listing",
);

/** What a visitor is refused and where to get it (a package that opens it). */
export const Gate = named(
  "Gate",
  z.object({ message: z.string(), href: z.string() }),
  "Why something is closed to the caller, and the page that opens it",
);

/** The switch of a listing as its owner or an admin sets it. */
export const ListingStatus = z.enum(listingStatusEnum.enumValues);
/** An admin's decision on a listing. */
export const RequestStatus = z.enum(requestStatusEnum.enumValues);
/** The field types of listing parameters and verification forms. */
export const FieldType = z.enum(parameterTypeEnum.enumValues);
/** Where an agent's verification stands. */
export const VerificationStatus = z.enum(verificationStatusEnum.enumValues);

/** `{ id }` of the row a change touched. */
export const IdOnly = named("IdOnly", z.object({ id: int }), "The id of the row that was changed");
/** `{ id, slug_id }` of a row saved under a slug. */
export const IdAndSlug = named(
  "IdAndSlug",
  z.object({ id: int, slug_id: z.string() }),
  "The id and slug of the row that was saved",
);
