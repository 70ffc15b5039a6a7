// The shape every site parser hands back: a draft of one of our listings, built from another
// portal's listing page. Pure data; no network, no database.

export type ImportSite = "propertyfinder" | "bayut" | "dubizzle";

export const IMPORT_SITES: readonly ImportSite[] = ["propertyfinder", "bayut", "dubizzle"];

export type RentDuration = "daily" | "monthly" | "quarterly" | "yearly";

export type ListingCategory =
  | "apartment"
  | "villa"
  | "townhouse"
  | "penthouse"
  | "duplex"
  | "land"
  | "office"
  | "shop"
  | "warehouse"
  | "building"
  | "hotel-apartment"
  | "other";

export interface ScrapedLocation {
  address?: string;
  community?: string;
  city?: string;
  state?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
}

export interface ScrapedListing {
  site: ImportSite;
  /** The site's own listing id: stable, so a second import of the same listing can be recognised. */
  source_id: string;
  /** Canonical https address of the listing (no query, no fragment). */
  source_url: string;
  title: string;
  /** Plain text; paragraphs separated by a blank line; no HTML. */
  description: string;
  /** In the listing's currency units. */
  price: number;
  /** ISO 4217 code, e.g. AED, SAR. */
  currency: string;
  property_type: "sell" | "rent";
  /** Only for rent, and only when the site's period is one we can represent. */
  rentduration?: RentDuration;
  category: ListingCategory;
  /** A studio is 0. */
  bedrooms?: number;
  bathrooms?: number;
  area?: { value: number; unit: "sqft" | "sqm" };
  /** The site's amenity names in English, as shown. */
  amenities: string[];
  location: ScrapedLocation;
  /** Absolute https image addresses on the site's own image hosts, largest sensible size, at most 30. */
  photos: string[];
  /** The agent's reference number, when the page shows one. */
  reference?: string;
  agent?: { name?: string; company?: string };
  /** What the page showed that could not be carried over, in plain English. */
  notes: string[];
}

export type ParseResult =
  { ok: true; listing: ScrapedListing } | { ok: false; missing: string[]; message: string };
