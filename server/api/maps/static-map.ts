// GET /api/static-map (spec §7): a small map image with a pin, for cards, emails and apps that
// cannot run a map. An image, not the JSON envelope, so it is mounted beside the calls (like the
// files of verification and chat); a refusal is still the envelope, with `errors` per field.
//
// Each image is made once: it is kept in storage under a key of its rounded inputs and its source
// (the tile server, or the drawn map), and answered with an ETag and a long cache lifetime.
import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { env } from "../../runtime/env.server";
import type { ApiDeps } from "../context";
import { ApiError, fieldErrors } from "../envelope";
import { CLIENT_IP_HEADER } from "../run";
import { hit } from "../rate-limit";
import { MAX_MERCATOR_LAT, renderMap, type MapView, type TileSource } from "./map-image";

export const STATIC_MAP_LIMITS = {
  minSide: 16,
  maxSide: 1280,
  defaultSide: 200,
  minZoom: 1,
  maxZoom: 18,
  defaultZoom: 15,
} as const;

/** Images made (not read from storage) per visitor and ten minutes: enough for any page, too few to fill a disk. */
const RENDER_LIMIT = { max: 300, windowSeconds: 600 };
/**
 * And for everyone together, with tiles: what a tile server's fair-use policy and the storage can
 * take however many addresses a crowd uses (a picture already made is never counted).
 */
const TILED_RENDER_LIMIT = { max: 2_000, windowSeconds: 600 };

/** Positions to 5 decimals (about a metre): a pin cannot be drawn more precisely than that at zoom 18. */
const round5 = (v: number) => Math.round(v * 1e5) / 1e5 || 0;

/** An empty query value is a missing one, not 0. */
const given = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);
const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

const lat = `${MAX_MERCATOR_LAT.toFixed(4)}`;
export const staticMapQuery = z.object({
  lat: given(
    z.coerce
      .number({ error: "lat must be a number" })
      .min(-MAX_MERCATOR_LAT, `lat must be between -${lat} and ${lat}`)
      .max(MAX_MERCATOR_LAT, `lat must be between -${lat} and ${lat}`),
  ),
  lng: given(
    z.coerce
      .number({ error: "lng must be a number" })
      .min(-180, "lng must be between -180 and 180")
      .max(180, "lng must be between -180 and 180"),
  ),
  width: given(whole("width", STATIC_MAP_LIMITS.minSide, STATIC_MAP_LIMITS.maxSide).optional()),
  height: given(whole("height", STATIC_MAP_LIMITS.minSide, STATIC_MAP_LIMITS.maxSide).optional()),
  zoom: given(whole("zoom", STATIC_MAP_LIMITS.minZoom, STATIC_MAP_LIMITS.maxZoom).optional()),
});
const FIELDS = Object.keys(staticMapQuery.shape);

/** The tile server from the settings, or null for the drawn map. */
function tileSource(): TileSource | null {
  const e = env();
  return e.TILE_URL ? { template: e.TILE_URL, attribution: e.TILE_ATTRIBUTION } : null;
}

/** Where an image is kept: its source (a change of tile server or credit makes new images) and rounded inputs. */
export function staticMapKey(view: MapView, source: TileSource | null): string {
  const from = source
    ? `tiles-${createHash("sha256").update(`${source.template}\n${source.attribution}`).digest("hex").slice(0, 12)}`
    : "drawn-1";
  return `static-maps/${from}/${view.zoom}/${view.lat.toFixed(5)}_${view.lng.toFixed(5)}_${view.width}x${view.height}.png`;
}

const etagOf = (png: Buffer) => `"${createHash("sha256").update(png).digest("base64url").slice(0, 27)}"`;

/** The same image asked for twice at once is made once. */
const rendering = new Map<string, Promise<{ png: Buffer; keep: boolean }>>();

export function mountStaticMap(app: Hono, deps: ApiDeps) {
  app.get("/static-map", async (c) => {
    const params = new URL(c.req.url).searchParams;
    const errors: Record<string, string[]> = {};
    for (const name of new Set(params.keys())) {
      if (!FIELDS.includes(name)) errors[name] = [`static-map does not take ${name}`];
      else if (params.getAll(name).length > 1) errors[name] = [`${name} is given more than once`];
    }
    for (const name of ["lat", "lng"]) if (!params.get(name)) errors[name] = [`${name} is required`];
    if (Object.keys(errors).length) return refuse(c, 400, Object.values(errors)[0]![0]!, errors);
    const parsed = staticMapQuery.safeParse(Object.fromEntries(params));
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      return refuse(c, 400, Object.values(errs)[0]?.[0] ?? "Invalid input", errs);
    }
    const q = parsed.data;
    const view: MapView = {
      lat: round5(q.lat),
      lng: round5(q.lng),
      zoom: q.zoom ?? STATIC_MAP_LIMITS.defaultZoom,
      width: q.width ?? STATIC_MAP_LIMITS.defaultSide,
      height: q.height ?? STATIC_MAP_LIMITS.defaultSide,
    };
    // Defaults may change one day; an address that names everything always means the same image.
    const complete = q.width !== undefined && q.height !== undefined && q.zoom !== undefined;
    const source = tileSource();
    const key = staticMapKey(view, source);

    let png = await deps.storage.get(key);
    let kept = Boolean(png);
    if (!png) {
      try {
        await hit(deps.db, {
          key: `static-map:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
          ...RENDER_LIMIT,
        });
        if (source) await hit(deps.db, { key: "static-map:tiles", ...TILED_RENDER_LIMIT });
      } catch (error) {
        if (error instanceof ApiError) return refuse(c, error.status, error.message);
        throw error;
      }
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderMap(view, source).then(async (map) => {
          // A map drawn because the tile server failed is not kept: the next visitor gets the real one.
          const keep = map.kind !== "fallback";
          if (keep) await deps.storage.put(key, map.png, "image/png");
          return { png: map.png, keep };
        });
        rendering.set(key, pending);
        void pending.finally(() => rendering.delete(key)).catch(() => {});
      }
      ({ png, keep: kept } = await pending);
    }

    const cache = !kept
      ? "public, max-age=60"
      : !source
        ? // The drawn map gives way to tiles once a tile server is set up: a day, not a year.
          "public, max-age=86400"
        : complete
          ? "public, max-age=31536000, immutable"
          : "public, max-age=604800";
    const etag = etagOf(png);
    const headers = { etag, "cache-control": cache, "x-content-type-options": "nosniff" };
    const asked = c.req.header("if-none-match");
    if (asked && asked.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}` || t === "*"))
      return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(png), {
      status: 200,
      headers: { ...headers, "content-type": "image/png", "content-length": String(png.length) },
    });
  });
}

function refuse(c: Context, status: number, message: string, errors?: Record<string, string[]>) {
  return c.json({ error: true, message, data: null, ...(errors ? { errors } : {}) }, status as 400);
}
