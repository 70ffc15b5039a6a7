// From a site's own location levels (largest first, below the country) to our state, city and
// community.
//
// The sites start a listing's location at the country's first-level division: the emirate in the
// UAE, the governorate in Bahrain or Egypt, the province or region elsewhere. In the UAE the next
// level is already a community (Dubai › Dubai Marina › a tower): the emirate's city bears the
// emirate's name, so Dubai is both state and city (Al Ain, which the sites list beside the emirates,
// is a city of Abu Dhabi). Under a governorate, province or region the next level is its city
// (Capital Governorate › Manama › Juffair). Some sites start at a city instead (Property Finder's
// and Bayut's Riyadh, Jeddah or Doha), and then the state is not given.
//
// Which of these a level is comes from what the site says about it (a type it gives), from its name
// ("Capital Governorate", "Eastern Province"), in the UAE from the names of the seven emirates, and
// in the countries divided into governorates from their names as the country-state-city data set
// lists them ("Cairo", "Giza"); never from its position alone.

import { readFileSync } from "node:fs";
import { countryDataFile } from "../../country-data.server";
import { countryCode, type CountryCode } from "./country-bounds";

export interface PlaceLevel {
  name: string;
  /** What the site says this level is, when it says: the country, a first-level division, a city. */
  kind?: "country" | "division" | "city";
}

export interface Places {
  state?: string;
  city?: string;
  community?: string;
}

/** The kind of level a site's own type word names ("CITY", "emirate", "neighbourhood" …), if any. */
export function levelKindOf(type: unknown): PlaceLevel["kind"] {
  if (typeof type !== "string") return undefined;
  const t = type.trim().toLowerCase();
  if (t === "country") return "country";
  if (["emirate", "governorate", "province", "region", "state"].includes(t)) return "division";
  if (t === "city" || t === "town") return "city";
  return undefined;
}

// A division named as one. "Emirates Hills" (a community) does not match: the word must end there.
const DIVISION_NAME = /\b(governorate|province|region|emirate)\b|^(emirate of|محافظة|إمارة)\s/i;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

// The emirates as the sites name them, squashed, with the names we store for state and city.
const UAE_EMIRATES: Record<string, { emirate: string; city: string }> = {
  dubai: { emirate: "Dubai", city: "Dubai" },
  abudhabi: { emirate: "Abu Dhabi", city: "Abu Dhabi" },
  sharjah: { emirate: "Sharjah", city: "Sharjah" },
  ajman: { emirate: "Ajman", city: "Ajman" },
  rasalkhaimah: { emirate: "Ras Al Khaimah", city: "Ras Al Khaimah" },
  fujairah: { emirate: "Fujairah", city: "Fujairah" },
  ummalquwain: { emirate: "Umm Al Quwain", city: "Umm Al Quwain" },
  alain: { emirate: "Abu Dhabi", city: "Al Ain" },
};

/** The emirate a level names ("Dubai", "Abu Dhabi Emirate", "Emirate of Sharjah", "Al Ain"). */
export function emirateNamed(name: string): { emirate: string; city: string } | undefined {
  const key = squash(name.replace(/\bemirate(\s+of)?\b/gi, ""));
  return Object.prototype.hasOwnProperty.call(UAE_EMIRATES, key) ? UAE_EMIRATES[key] : undefined;
}

// Countries whose first-level divisions are governorates, which the sites start a location at
// without always saying so ("Cairo › New Cairo City › The 5th Settlement"). Saudi Arabia and Qatar
// are not here: their regions and municipalities share their names with the cities the sites
// start at there (Riyadh, Doha).
const GOVERNORATE_COUNTRIES: readonly CountryCode[] = ["BH", "EG", "JO", "KW", "OM"];

let governorates: Map<CountryCode, Set<string>> | undefined;

/** The country's governorates by squashed name ("Kafr el-Sheikh" and "Kafr El Sheikh" meet). */
function governoratesOf(code: CountryCode): Set<string> {
  if (!governorates) {
    governorates = new Map(GOVERNORATE_COUNTRIES.map((c) => [c, new Set<string>()]));
    try {
      const states = JSON.parse(readFileSync(countryDataFile("state.json"), "utf8")) as {
        name: string;
        countryCode: string;
      }[];
      for (const s of states) governorates.get(s.countryCode as CountryCode)?.add(governorateKey(s.name));
    } catch {
      // Without the data set, only a name that says "Governorate" is taken for one.
    }
  }
  return governorates.get(code) ?? new Set();
}

const governorateKey = (name: string) => squash(name.replace(/\bgovernorate\b/gi, ""));

function isDivision(level: PlaceLevel, country: string | undefined): boolean {
  if (level.kind === "division" || DIVISION_NAME.test(level.name)) return true;
  const code = countryCode(country);
  const key = governorateKey(level.name);
  return !!code && key !== "" && GOVERNORATE_COUNTRIES.includes(code) && governoratesOf(code).has(key);
}

/** Whether the listing may be in the UAE: it says so, or it names no country. */
function mayBeInUae(country: string | undefined): boolean {
  return !country || countryCode(country) === "AE";
}

/** State, city and community from a site's location levels, largest first. */
export function placesFromLevels(levels: PlaceLevel[], country?: string): Places {
  const [top, ...rest] = levels.filter((l) => l.kind !== "country" && l.name.trim() !== "");
  if (!top) return {};
  const emirate = mayBeInUae(country) ? emirateNamed(top.name) : undefined;
  if (emirate) {
    // A city level the site names under the emirate wins over the emirate's own city.
    if (rest[0]?.kind === "city")
      return { state: emirate.emirate, city: rest[0].name, community: rest[1]?.name };
    return { state: emirate.emirate, city: emirate.city, community: rest[0]?.name };
  }
  if (isDivision(top, country)) return { state: top.name, city: rest[0]?.name, community: rest[1]?.name };
  return { city: top.name, community: rest[0]?.name };
}

/**
 * "Tower, Community, City, State" from the levels below the city and the places above them, without
 * repeats; undefined when the site names nothing below the city.
 */
export function addressFromLevels(levels: PlaceLevel[], places: Places): string | undefined {
  const names = levels.filter((l) => l.kind !== "country").map((l) => l.name);
  const communityAt = places.community ? names.indexOf(places.community) : -1;
  const below = communityAt >= 0 ? names.slice(communityAt).reverse() : [];
  if (below.length === 0) return undefined;
  const seen = new Set<string>();
  return [...below, places.city, places.state]
    .filter((p): p is string => {
      if (!p || seen.has(p.toLowerCase())) return false;
      seen.add(p.toLowerCase());
      return true;
    })
    .join(", ");
}
