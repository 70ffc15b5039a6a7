// The map's visible box in URLs and API calls: "west,south,east,north" in degrees. Kept apart from
// the map itself so pages can read and write boxes without loading any map code.

export type Box = [west: number, south: number, east: number, north: number];

/** Web Mercator maps stop short of the poles. */
export const MAX_LAT = 85;

/** "w,s,e,n" → numbers, or null when it is not a box on the map. West > east crosses the antimeridian. */
export function parseBbox(value: string | null | undefined): Box | null {
  if (!value) return null;
  const parts = value.split(",").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [w, s, e, n] = parts as Box;
  if (Math.abs(w) > 180 || Math.abs(e) > 180 || Math.abs(s) > 90 || Math.abs(n) > 90 || s > n) return null;
  return [w, s, e, n];
}

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * A map's bounds as the API takes them: longitudes wrapped into −180…180 (a map scrolled past the
 * antimeridian reports 190° or −200°), latitudes within the map, five decimals (about a metre).
 */
export function formatBbox(west: number, south: number, east: number, north: number): string {
  let w = wrap(west);
  let e = wrap(east);
  if (east - west >= 360) [w, e] = [-180, 180];
  else if (w === e && east !== west) [w, e] = [-180, 180];
  const s = Math.max(-MAX_LAT, Math.min(MAX_LAT, south));
  const n = Math.max(-MAX_LAT, Math.min(MAX_LAT, north));
  return [w, s, e, n].map(round).join(",");
}

/** The box as a map library wants it for fitting: east may exceed 180 when the box crosses the antimeridian. */
export function fitBox([w, s, e, n]: Box): Box {
  return [w, s, w > e ? e + 360 : e, n];
}
