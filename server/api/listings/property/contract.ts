import { LISTING_TEXT_FIELDS } from "../contract/fields";

/**
 * `total` of get_property is exact up to this many listings; past it, an estimate rounded to two
 * significant digits ("about 330,000"): counting every match of a broad search on a large
 * catalogue would read them all, and nobody needs the last digit of a six-figure total.
 */
export const EXACT_COUNT_UP_TO = 2_000;

/** A property's text fields, as its form and a saved listing name them: the shared ones and its own. */
export const PROPERTY_TEXT_FIELDS = [
  ...LISTING_TEXT_FIELDS,
  "property_type",
  "rentduration",
  "price",
  "address",
  "client_address",
] as const;
