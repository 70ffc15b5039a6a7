// How far and how long from one place to another (spec §7 compute-route), by car, on foot or by
// bicycle. With ROUTING_URL, an OSRM-compatible server answers over the road network; without it, or
// when it fails, an estimate: the great-circle distance times a detour factor, at a typical city
// speed. Answers are kept in memory, so a listing page that shows three saved places in three modes
// asks the router at most once per pair and mode.
import { env } from "../../runtime/env.server";
import type { Coordinates } from "./map-links";

export const TRAVEL_MODES = ["DRIVE", "WALK", "BICYCLE", "TWO_WHEELER"] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export interface Travel {
  travelMode: TravelMode;
  distance_meters: number;
  duration_seconds: number;
  /** True unless a router measured it over the road network. */
  estimated: boolean;
  source: "osrm" | "estimate";
}

/**
 * OSRM's profiles. A motorbike or scooter (Google's TWO_WHEELER) uses the roads a car does; OSRM has
 * no profile of its own for it, so it goes as DRIVE (and the answer still says TWO_WHEELER).
 */
const PROFILE: Record<TravelMode, "driving" | "foot" | "bicycle"> = {
  DRIVE: "driving",
  TWO_WHEELER: "driving",
  WALK: "foot",
  BICYCLE: "bicycle",
};

/** Typical door-to-door speeds in a city, km/h: traffic and lights for cars, an easy pace on foot. */
export const TYPICAL_SPEED_KMH: Record<TravelMode, number> = {
  DRIVE: 35,
  TWO_WHEELER: 35,
  WALK: 5,
  BICYCLE: 15,
};
/** Roads are longer than the straight line; 1.3 is the usual urban ratio (also decision 026's). */
export const DETOUR_FACTOR = 1.3;
/**
 * Faster than this on average is not this mode: a stock osrm-routed holds one profile (usually the
 * car) and ignores the profile in the path, so a "walk" it answers may be a drive.
 */
const PLAUSIBLE_MAX_KMH: Record<TravelMode, number> = { DRIVE: 200, TWO_WHEELER: 200, WALK: 9, BICYCLE: 35 };

export const ROUTER_TIMEOUT_MS = 2_500;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** The great-circle (haversine) distance in metres. */
export function greatCircleMeters(a: Coordinates, b: Coordinates): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The estimate without a router: road distance as the straight line × DETOUR_FACTOR, at the mode's typical speed. */
export function estimateTravel(
  origin: Coordinates,
  destination: Coordinates,
  travelMode: TravelMode,
): Travel {
  const meters = greatCircleMeters(origin, destination) * DETOUR_FACTOR;
  return {
    travelMode,
    distance_meters: Math.round(meters),
    duration_seconds: Math.round(meters / (TYPICAL_SPEED_KMH[travelMode] / 3.6)),
    estimated: true,
    source: "estimate",
  };
}

// ---------------------------------------------------------------------------------------------
// The router

interface OsrmAnswer {
  code?: string;
  routes?: { distance?: number; duration?: number }[];
}

/** `GET {ROUTING_URL}/route/v1/{profile}/{lng},{lat};{lng},{lat}?overview=false`, or null on any failure. */
async function askOsrm(
  base: string,
  origin: Coordinates,
  destination: Coordinates,
  travelMode: TravelMode,
): Promise<Travel | null> {
  const point = (p: Coordinates) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`;
  const url = `${base.replace(/\/+$/, "")}/route/v1/${PROFILE[travelMode]}/${point(origin)};${point(destination)}?overview=false&alternatives=false&steps=false`;
  try {
    // The router is our own configuration, not something a visitor gave us: a plain fetch with a
    // time-out (it may well live on a private network, which the guarded fetcher would refuse).
    const res = await fetch(url, {
      signal: AbortSignal.timeout(ROUTER_TIMEOUT_MS),
      headers: { accept: "application/json" },
      redirect: "error",
    });
    // OSRM answers its errors ({ code: "NoRoute" }, "NoSegment", …) with 400: all of them mean "estimate".
    if (!res.ok) return null;
    const body = (await res.json()) as OsrmAnswer;
    const route = body.code === "Ok" ? body.routes?.[0] : undefined;
    const distance = Number(route?.distance);
    const duration = Number(route?.duration);
    if (!Number.isFinite(distance) || !Number.isFinite(duration) || distance < 0 || duration < 0) return null;
    if (distance > 0 && duration > 0 && distance / duration > PLAUSIBLE_MAX_KMH[travelMode] / 3.6)
      return null;
    return {
      travelMode,
      distance_meters: Math.round(distance),
      duration_seconds: Math.round(duration),
      estimated: false,
      source: "osrm",
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The cache

/** Enough for every place pair of a busy hour; each entry is a few dozen bytes. */
const CACHE_SIZE = 5_000;
/** A router's answer changes when the map does: a day is plenty. An estimate after a failure: soon ask again. */
const ROUTED_TTL_MS = 24 * 3600_000;
const FALLBACK_TTL_MS = 5 * 60_000;

const cache = new Map<string, { expires: number; value: Promise<Travel> }>();

/** Positions to 4 decimals (about 11 m): the same building, the same answer. */
const cacheKey = (router: string, o: Coordinates, d: Coordinates, mode: TravelMode) =>
  `${router}|${PROFILE[mode]}|${o.latitude.toFixed(4)},${o.longitude.toFixed(4)};${d.latitude.toFixed(4)},${d.longitude.toFixed(4)}`;

function remember(key: string, value: Promise<Travel>, ttl: number) {
  cache.delete(key);
  cache.set(key, { expires: Date.now() + ttl, value });
  // A Map keeps insertion order: the first key is the least recently used.
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** Tests start from an empty cache. */
export function clearTravelCache() {
  cache.clear();
}

/** The configured router, if any (read on every call, so a test can switch it). */
function routerUrl(): string | undefined {
  return env().ROUTING_URL;
}

/**
 * Distance and duration between two places in one mode: the router's when ROUTING_URL is set and
 * answers in time, else the estimate. Never throws.
 */
export async function computeTravel(
  origin: Coordinates,
  destination: Coordinates,
  travelMode: TravelMode = "DRIVE",
): Promise<Travel> {
  const router = routerUrl();
  const key = cacheKey(router ?? "", origin, destination, travelMode);
  const kept = cache.get(key);
  if (kept && kept.expires > Date.now()) {
    remember(key, kept.value, kept.expires - Date.now());
    return { ...(await kept.value), travelMode };
  }
  if (!router || greatCircleMeters(origin, destination) < 1) {
    const value = estimateTravel(origin, destination, travelMode);
    remember(key, Promise.resolve(value), ROUTED_TTL_MS);
    return value;
  }
  // The promise is kept at once, so the same question asked twice at the same time asks once.
  const pending = askOsrm(router, origin, destination, travelMode).then((routed) => {
    if (!routed)
      remember(key, Promise.resolve(estimateTravel(origin, destination, travelMode)), FALLBACK_TTL_MS);
    return routed ?? estimateTravel(origin, destination, travelMode);
  });
  remember(key, pending, ROUTED_TTL_MS);
  return { ...(await pending), travelMode };
}

/**
 * Travel from one place to another in several modes at once (the listing page, for each saved place):
 * `{ DRIVE: {...}, WALK: {...} }`. Never throws; a mode the router cannot answer is estimated.
 */
export async function travelTimes<M extends TravelMode>(
  origin: Coordinates,
  destination: Coordinates,
  modes: readonly M[] = ["DRIVE", "WALK", "BICYCLE"] as unknown as M[],
): Promise<Record<M, Travel>> {
  const answers = await Promise.all(modes.map((mode) => computeTravel(origin, destination, mode)));
  return Object.fromEntries(modes.map((mode, i) => [mode, answers[i]!])) as Record<M, Travel>;
}
