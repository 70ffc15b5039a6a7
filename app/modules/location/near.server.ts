// The list page's distance filters: origin (a saved place, else the kept position), "within N km"
// or "within N minutes" (an estimate at urban driving speed), and the sort "nearest first".
import type { CallData } from "~server/api/calls";
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { minutesToKm, type Position } from "./position.server";

/** A saved place as the API answers it. */
export type PlaceOption = CallData<"user-saved-places-of-customer">[number];

/** The signed-in person's saved places; none for someone without a profile yet. */
export async function savedPlacesOf(request: Request, locale: string): Promise<PlaceOption[]> {
  const me = await api("get-profile", {}, { request, locale: locale as Locale });
  if (me.error) return [];
  const res = await api(
    "user-saved-places-of-customer",
    { id: me.data.id },
    { request, locale: locale as Locale },
  );
  return res.error ? [] : res.data;
}

export function nearFilters(search: URLSearchParams, position: Position | null, places: PlaceOption[]) {
  const placeId = search.get("place")?.trim() ?? "";
  const place = placeId ? places.find((p) => String(p.id) === placeId) : undefined;
  const origin = place ? { lat: place.latitude, lng: place.longitude } : position;
  const withinRaw = search.get("within")?.trim() ?? "";
  const unit = search.get("within_unit") === "min" ? "min" : "km";
  const within = Number(withinRaw);
  const query: { near_lat?: number; near_lng?: number; within_km?: number } = {};
  if (origin) {
    query.near_lat = origin.lat;
    query.near_lng = origin.lng;
  }
  if (origin && withinRaw && Number.isFinite(within) && within > 0)
    query.within_km = Math.min(500, unit === "min" ? Math.max(0.5, minutesToKm(within)) : within);
  return {
    query,
    form: { within: withinRaw, unit, place: place ? String(place.id) : "" },
    /** "Within N" asked without a position or a place to measure from. */
    withinWithoutOrigin: Boolean(withinRaw) && !origin,
    /** What the distances are from: a saved place's name, "position", or null. */
    originName: place ? place.name : position ? "position" : null,
  };
}

/** The map's filters without the origin (distances mean nothing on a map; the circle does). */
export function withoutOrigin<T extends Record<string, unknown>>(query: T): T {
  const { near_lat: _a, near_lng: _b, ...rest } = query;
  return rest as T;
}
