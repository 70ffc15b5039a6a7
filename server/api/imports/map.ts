// A listing read from another portal, put into our own terms: the category, its parameters
// (bedrooms, bathrooms, area, amenities) and facilities are matched by name against this site's
// catalogue, which admins may have changed, so nothing here names an id.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import type { ScrapedListing } from "./sites";

export interface DraftParameter {
  parameter_id: number;
  name: string;
  value: string;
}

export interface DraftFacility {
  facility_id: number;
  name: string;
  distance: number;
}

/** What the post-property form is filled with. Fields we could not match are left out, and said so. */
export interface MappedDraft {
  title: string;
  description: string;
  price: number;
  currency: string;
  property_type: "sell" | "rent";
  rentduration: "daily" | "monthly" | "quarterly" | "yearly" | null;
  category_id: number | null;
  city: string | null;
  state: string | null;
  country: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  parameters: DraftParameter[];
  facilities: DraftFacility[];
  /** Amenities of the page that match nothing here. */
  unmatched: string[];
  notes: string[];
}

const COUNTRY_NAMES: Record<string, string> = {
  ae: "United Arab Emirates",
  uae: "United Arab Emirates",
  sa: "Saudi Arabia",
  ksa: "Saudi Arabia",
  qa: "Qatar",
  bh: "Bahrain",
  eg: "Egypt",
  om: "Oman",
  kw: "Kuwait",
};

/** Other portals' kinds that are one of ours under another name. */
const CATEGORY_SYNONYMS: Record<string, string[]> = {
  "hotel-apartment": ["apartment"],
  building: ["building", "office"],
  land: ["land", "plot"],
  shop: ["shop", "retail"],
};

/** Letters and digits only, lower case: "Maids Room" and "Maid's room" meet. */
export const squash = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9\u0600-\u06ff]+/g, "");

/** Words of an amenity that say the same as one of our options (a shared pool is not a private pool). */
function sameThing(a: string, b: string): boolean {
  const x = squash(a);
  const y = squash(b);
  if (!x || !y) return false;
  if (x === y) return true;
  // "Central A/C & Heating" is our "Central A/C"; "Built in Wardrobes" our "Built-in wardrobes".
  return (x.startsWith(y) && y.length >= 5) || (y.startsWith(x) && x.length >= 5);
}

function countryName(v: string | undefined): string | null {
  if (!v) return null;
  return COUNTRY_NAMES[v.trim().toLowerCase()] ?? v.trim();
}

type CatalogueParameter = {
  id: number;
  name: string;
  type_of_parameter: string;
  type_values: { value: string }[];
  unit: string | null;
};

export async function mapListing(db: Executor, listing: ScrapedListing): Promise<MappedDraft> {
  const notes = [...listing.notes];
  const { rows: cats } = await db.execute<{ id: number; category: string; slug_id: string }>(
    sql`select id, category, slug_id from categories where status order by sequence, id`,
  );
  const wanted = [listing.category, ...(CATEGORY_SYNONYMS[listing.category] ?? [])];
  const category =
    wanted
      .map((w) => cats.find((c) => squash(c.category) === squash(w) || squash(c.slug_id) === squash(w)))
      .find(Boolean) ?? null;
  // A studio is an apartment with no bedroom, and some catalogues keep it apart.
  const studio =
    listing.category === "apartment" && listing.bedrooms === 0
      ? cats.find((c) => squash(c.category) === "studio")
      : undefined;
  const chosen = studio ?? category;
  if (!chosen) notes.push(`The kind "${listing.category}" matches none of our categories: choose one`);

  const parameters: DraftParameter[] = [];
  const unmatched: string[] = [];
  let amenitiesLeft = [...listing.amenities];
  if (chosen) {
    const { rows: params } = await db.execute<CatalogueParameter>(sql`
      select p.id, p.name, p.type_of_parameter, p.type_values, p.unit from parameters p
      join category_parameters cp on cp.parameter_id = p.id where cp.category_id = ${chosen.id} order by cp.sequence, p.id`);
    const byWord = (re: RegExp) =>
      params.find((p) => re.test(p.name.toLowerCase()) && p.type_of_parameter === "number");
    const put = (p: CatalogueParameter | undefined, value: number | undefined) => {
      if (p && value !== undefined && Number.isFinite(value))
        parameters.push({ parameter_id: p.id, name: p.name, value: String(value) });
    };
    put(byWord(/bed/), listing.bedrooms);
    put(byWord(/bath/), listing.bathrooms);
    if (listing.area) {
      const area = byWord(/^(area|size|built)/) ?? byWord(/area/);
      const unit = (area?.unit ?? "sqft").toLowerCase();
      const value =
        listing.area.unit === unit
          ? listing.area.value
          : listing.area.unit === "sqm"
            ? listing.area.value * 10.7639
            : listing.area.value / 10.7639;
      put(area, Math.round(value));
    }
    // Amenities that are options of a checkbox parameter (our "Amenities") are ticked there.
    for (const p of params.filter((x) => x.type_of_parameter === "checkbox")) {
      const ticked = p.type_values
        .filter((o) => listing.amenities.some((a) => sameThing(a, o.value)))
        .map((o) => o.value);
      if (ticked.length) {
        parameters.push({ parameter_id: p.id, name: p.name, value: ticked.join(",") });
        amenitiesLeft = amenitiesLeft.filter((a) => !p.type_values.some((o) => sameThing(a, o.value)));
      }
    }
  }
  // Those that name a place we list as a facility (a gym, a park, a beach) are facilities on site.
  const { rows: facs } = await db.execute<{ id: number; name: string }>(
    sql`select id, name from facilities order by id`,
  );
  const facilities: DraftFacility[] = [];
  for (const a of amenitiesLeft) {
    const words = a
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
    const f = facs.find((x) => words.includes(x.name.toLowerCase()) || sameThing(a, x.name));
    if (f && !facilities.some((x) => x.facility_id === f.id))
      facilities.push({ facility_id: f.id, name: f.name, distance: 0 });
    else if (!f) unmatched.push(a);
  }
  if (unmatched.length) notes.push(`Amenities with no match here: ${unmatched.join(", ")}`);

  const loc = listing.location;
  const city = loc.city?.trim() || null;
  const state = loc.state?.trim() || city;
  const address = loc.address?.trim() || [loc.community, city].filter(Boolean).join(", ") || null;
  return {
    title: listing.title,
    description: listing.description,
    price: listing.price,
    currency: listing.currency,
    property_type: listing.property_type,
    rentduration: listing.property_type === "rent" ? (listing.rentduration ?? null) : null,
    category_id: chosen?.id ?? null,
    city,
    state,
    country: countryName(loc.country),
    address,
    latitude: loc.latitude ?? null,
    longitude: loc.longitude ?? null,
    parameters,
    facilities,
    unmatched,
    notes,
  };
}
