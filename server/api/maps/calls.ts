// Map services (spec §7, "separate service" calls): expand-shorturl turns a pasted map link into a
// position; compute-route says how far and how long between two places. The map image is not JSON
// and lives beside the calls (static-map.ts).
import { z } from "zod";
import { defineCall } from "../call";
import { ApiError } from "../envelope";
import { int, named } from "../output";
import { hit } from "../rate-limit";
import { env } from "../../runtime/env.server";
import { MapLinkError, coordinatesFromMapUrl, expandMapLink, mapLinkUrl } from "./map-links";
import { TRAVEL_MODES, computeTravel } from "./travel";
import { waypoint } from "./waypoint";

export const NOT_A_MAP_LINK = "This link is not a map link we can open";

/** Links followed per visitor and ten minutes: plenty for pasting places, useless as a proxy. */
const EXPAND_LIMIT = { max: 30, windowSeconds: 600 };
/**
 * With a router configured each new pair of points is a request to it: enough for a person looking at
 * forty listings with five saved places each in ten minutes, not for using us as a free router.
 */
const ROUTE_LIMIT = { max: 600, windowSeconds: 600 };

const MapLink = named(
  "MapLink",
  z.object({
    short_url: z.string().describe("The link as given"),
    url: z.string().describe("The link the position was read from (after redirects)"),
    latitude: z.number(),
    longitude: z.number(),
  }),
  "Where a map link points",
);

export const expandShortUrl = defineCall({
  name: "expand-shorturl",
  method: "POST",
  access: "optional",
  tag: "maps",
  summary:
    "The position a map link points at: Google Maps (maps.app.goo.gl, goo.gl, g.co, google.com/maps), Apple Maps, OpenStreetMap, Bing, HERE or Waze. A long link is read as it is; a short one is followed (at most 5 redirects, on those services only). 502 when the service fails or the link names no position",
  input: z.object({
    short_url: z
      .string({ error: "short_url is required" })
      .trim()
      .min(1, "short_url is required")
      .max(2048, "This link is too long")
      .refine((v) => mapLinkUrl(v) !== null, NOT_A_MAP_LINK),
  }),
  output: MapLink,
  errorStatuses: [429, 502],
  async handler(input, ctx) {
    const url = mapLinkUrl(input.short_url)!;
    const direct = coordinatesFromMapUrl(url.href);
    if (direct) return { data: { short_url: input.short_url, url: url.href, ...direct } };
    // Only links that make us ask another server count.
    await hit(ctx.db, { key: `expand-shorturl:${ctx.clientIp}`, ...EXPAND_LIMIT });
    try {
      const found = await expandMapLink(url);
      return { data: { short_url: input.short_url, ...found } };
    } catch (error) {
      if (error instanceof MapLinkError) throw new ApiError(502, error.message);
      throw error;
    }
  },
});

// ---------------------------------------------------------------------------------------------

const Travel = named(
  "Travel",
  z.object({
    travelMode: z.enum(TRAVEL_MODES),
    distance_meters: int.min(0),
    duration_seconds: int.min(0),
    distanceMeters: int.min(0).describe("The same as distance_meters, as Google Routes names it"),
    duration: z
      .string()
      .regex(/^\d+s$/)
      .describe('The same as duration_seconds, as Google Routes writes it ("754s")'),
    estimated: z
      .boolean()
      .describe("True when no router measured the way: the straight line × 1.3 at a typical speed"),
    source: z.enum(["osrm", "estimate"]),
  }),
  "How far and how long from one place to another",
);

export const computeRoute = defineCall({
  name: "compute-route",
  method: "POST",
  access: "optional",
  tag: "maps",
  summary:
    'Distance (m) and duration (s) from origin to destination by DRIVE (the default), WALK or BICYCLE; TWO_WHEELER goes the way a car does. Each point "lat,lng", { latitude, longitude }, { lat, lng } or a Google Routes waypoint. Measured by the configured OSRM router, else estimated (estimated: true)',
  input: z.object({
    origin: waypoint("origin"),
    destination: waypoint("destination"),
    travelMode: z
      .enum(TRAVEL_MODES, { error: `travelMode must be one of ${TRAVEL_MODES.join(", ")}` })
      .default("DRIVE"),
  }),
  output: Travel,
  errorStatuses: [429],
  async handler(input, ctx) {
    if (env().ROUTING_URL) await hit(ctx.db, { key: `compute-route:${ctx.clientIp}`, ...ROUTE_LIMIT });
    const travel = await computeTravel(input.origin, input.destination, input.travelMode);
    return {
      data: { ...travel, distanceMeters: travel.distance_meters, duration: `${travel.duration_seconds}s` },
    };
  },
});
