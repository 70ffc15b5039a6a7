// Reverse geocoding for the posting form's map pin (spec §7: city, state, country, formatted address).
// Offline by default: the nearest of ~150 000 cities of the country-state-city data set, read from
// disk on first use (8 MB, server only). With GEOCODER_URL, a Nominatim-compatible `reverse`
// endpoint answers instead, and the offline data set covers for it when it fails.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { defineCall } from "../../call";
import { countryDataFile } from "../../country-data.server";
import { LocationOptions, ReverseGeocode } from "./output";

export interface Place {
  city: string;
  state: string;
  country: string;
  country_code: string;
  address: string;
  source: "offline" | "provider";
}

interface Dataset {
  countries: { code: string; name: string }[];
  countryName: Map<string, string>;
  stateName: Map<string, string>;
  states: { code: string; country: string; name: string }[];
  cities: { name: string; country: string; state: string }[];
  lat: Float64Array;
  lon: Float64Array;
}

let dataset: Promise<Dataset> | undefined;

async function loadDataset(): Promise<Dataset> {
  const read = async <T>(name: Parameters<typeof countryDataFile>[0]) =>
    JSON.parse(await readFile(countryDataFile(name), "utf8")) as T;
  const [countries, states, cities] = await Promise.all([
    read<{ isoCode: string; name: string }[]>("country.json"),
    read<{ isoCode: string; countryCode: string; name: string }[]>("state.json"),
    read<[string, string, string, string, string][]>("city.json"),
  ]);
  const lat = new Float64Array(cities.length);
  const lon = new Float64Array(cities.length);
  cities.forEach((c, i) => {
    lat[i] = Number(c[3]);
    lon[i] = Number(c[4]);
  });
  return {
    countries: countries
      .map((c) => ({ code: c.isoCode, name: c.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    countryName: new Map(countries.map((c) => [c.isoCode, c.name])),
    stateName: new Map(states.map((s) => [`${s.countryCode}-${s.isoCode}`, s.name])),
    states: states.map((s) => ({ code: s.isoCode, country: s.countryCode, name: s.name })),
    cities: cities.map((c) => ({ name: c[0], country: c[1], state: c[2] })),
    lat,
    lon,
  };
}

function data() {
  dataset ??= loadDataset().catch((e) => {
    dataset = undefined;
    throw e;
  });
  return dataset;
}

/** The nearest city of the data set (an equirectangular distance is exact enough to rank neighbours). */
export async function offlineReverse(latitude: number, longitude: number): Promise<Place | null> {
  const d = await data();
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  let best = -1;
  let bestDist = Infinity;
  for (let i = 0; i < d.lat.length; i++) {
    let dLon = Math.abs(d.lon[i]! - longitude);
    if (dLon > 180) dLon = 360 - dLon;
    const dx = dLon * cosLat;
    const dy = d.lat[i]! - latitude;
    const dist = dx * dx + dy * dy;
    if (dist < bestDist) {
      bestDist = dist;
      best = i;
    }
  }
  if (best < 0) return null;
  const city = d.cities[best]!;
  const country = d.countryName.get(city.country) ?? city.country;
  const state = d.stateName.get(`${city.country}-${city.state}`) ?? city.state;
  return {
    city: city.name,
    state,
    country,
    country_code: city.country,
    address: [city.name, state, country].join(", "),
    source: "offline",
  };
}

/** A Nominatim-compatible reverse lookup; null when it fails or has no city. */
export async function providerReverse(
  url: string,
  latitude: number,
  longitude: number,
  lang: string,
): Promise<Place | null> {
  const u = new URL(url);
  u.searchParams.set("format", "jsonv2");
  u.searchParams.set("lat", String(latitude));
  u.searchParams.set("lon", String(longitude));
  u.searchParams.set("addressdetails", "1");
  u.searchParams.set("accept-language", lang);
  try {
    const res = await fetch(u, {
      headers: { accept: "application/json", "user-agent": "SouqEstate/1.0" },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { display_name?: string; address?: Record<string, string> };
    const a = body.address ?? {};
    const city = a.city ?? a.town ?? a.village ?? a.municipality ?? a.suburb ?? a.county;
    const state = a.state ?? a.region ?? a.province ?? a.state_district ?? a.county;
    if (!city || !a.country) return null;
    return {
      city,
      state: state ?? city,
      country: a.country,
      country_code: (a.country_code ?? "").toUpperCase(),
      address: body.display_name ?? [city, state, a.country].filter(Boolean).join(", "),
      source: "provider",
    };
  } catch {
    return null;
  }
}

export async function reverseGeocode(
  latitude: number,
  longitude: number,
  lang = "en",
): Promise<Place | null> {
  const url = process.env.GEOCODER_URL;
  if (url) {
    const found = await providerReverse(url, latitude, longitude, lang);
    if (found) return found;
  }
  return offlineReverse(latitude, longitude);
}

/** Countries, and the states and cities of one country (and state), for the form's lists. */
export async function locationOptions(countryName?: string, stateName?: string) {
  const d = await data();
  const country = countryName
    ? d.countries.find(
        (c) => c.name.toLowerCase() === countryName.toLowerCase() || c.code === countryName.toUpperCase(),
      )
    : undefined;
  const states = country ? d.states.filter((s) => s.country === country.code) : [];
  const state = stateName ? states.find((s) => s.name.toLowerCase() === stateName.toLowerCase()) : undefined;
  const cities = country
    ? d.cities.filter((c) => c.country === country.code && (!state || c.state === state.code))
    : [];
  return {
    countries: d.countries,
    states: states.map((s) => s.name).sort((a, b) => a.localeCompare(b)),
    // A datalist of more than a few hundred names helps nobody; typing narrows it in the browser.
    cities: [...new Set(cities.map((c) => c.name))].sort((a, b) => a.localeCompare(b)).slice(0, 500),
  };
}

const coordinate = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(-max, `${name} must be between -${max} and ${max}`)
    .max(max, `${name} must be between -${max} and ${max}`);

export const reverseGeocodeCall = defineCall({
  name: "reverse-geocode",
  method: "GET",
  access: "user",
  tag: "places",
  summary:
    "City, state, country and a formatted address for a map pin (offline city data, or the GEOCODER_URL service)",
  input: z.object({ latitude: coordinate("latitude", 90), longitude: coordinate("longitude", 180) }),
  output: ReverseGeocode,
  async handler(input, ctx) {
    const place = await reverseGeocode(input.latitude, input.longitude, ctx.lang);
    return { data: place, message: place ? "Data fetched successfully" : "No place found" };
  },
});

export const locationOptionsCall = defineCall({
  name: "get-location-options",
  method: "GET",
  access: "public",
  tag: "places",
  summary: "Countries, and the states and cities of a country (and state), for location pickers",
  input: z.object({
    country: z.string().trim().max(120).optional(),
    state: z.string().trim().max(120).optional(),
  }),
  output: LocationOptions,
  async handler(input) {
    return { data: await locationOptions(input.country, input.state) };
  },
});
