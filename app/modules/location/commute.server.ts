// A listing page's commute: each of the signed-in person's saved places, with how far and how long
// by car, on foot and by bicycle (the API's compute-route: a routing engine, or an estimate). The
// route itself is nobody's secret: asked without the session, so that nine answers do not mean nine
// fresh reads of the person's account (a change-like call re-checks the session).
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { savedPlacesOf } from "./near.server";

const MODES = ["DRIVE", "WALK", "BICYCLE"] as const;
export type CommuteMode = (typeof MODES)[number];

export interface Commute {
  place: string;
  distance_km: number;
  /** Minutes per mode, and whether each is an estimate rather than a router's answer. */
  trips: { mode: CommuteMode; minutes: number; estimated: boolean }[];
}

export async function commutesTo(
  request: Request,
  locale: Locale,
  listing: { latitude: number | null; longitude: number | null },
): Promise<Commute[] | null> {
  if (listing.latitude === null || listing.longitude === null) return null;
  const places = await savedPlacesOf(request, locale);
  if (!places.length) return [];
  const destination = `${listing.latitude.toFixed(7)},${listing.longitude.toFixed(7)}`;
  return Promise.all(
    places.slice(0, 5).map(async (p) => {
      const answers = await Promise.all(
        MODES.map((travelMode) =>
          api(
            "compute-route",
            { origin: `${p.latitude.toFixed(7)},${p.longitude.toFixed(7)}`, destination, travelMode },
            { request, locale, token: "" },
          ),
        ),
      );
      const trips = answers.flatMap((a, i) =>
        a.error
          ? []
          : [
              {
                mode: MODES[i]!,
                minutes: Math.max(1, Math.round(a.data.duration_seconds / 60)),
                estimated: a.data.estimated,
              },
            ],
      );
      const first = answers.find((a) => !a.error);
      const km = first && !first.error ? first.data.distance_meters / 1000 : 0;
      return { place: p.name, distance_km: Math.round(km * 10) / 10, trips };
    }),
  );
}
