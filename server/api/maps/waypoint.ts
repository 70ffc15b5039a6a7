// A point of a route (compute-route's origin and destination) in the forms clients hand one out:
// "lat,lng" text, our `{ latitude, longitude }`, `{ lat, lng }` (Leaflet, MapLibre, and the Google
// Maps JavaScript API's LatLng.toJSON(), which is what a web app holding a marker sends), and Google
// Routes' waypoint `{ location: { latLng: { latitude, longitude } } }`. One schema, used by the call
// at /api and, through it, by the one at /compat/api.
import { z } from "zod";
import { latitude, longitude } from "../saved-places/schema";

const LatLng = z.object({ latitude, longitude });
const ShortLatLng = z.object({ lat: latitude, lng: longitude });
const PAIR = /^\s*[-+]?\d+(?:\.\d+)?\s*,\s*[-+]?\d+(?:\.\d+)?\s*$/;

export const waypoint = (name: string) =>
  z.union(
    [
      z
        .string()
        .regex(PAIR)
        .transform((v, ctx) => {
          const [lat, lng] = v.split(",");
          const checked = LatLng.safeParse({ latitude: lat!.trim(), longitude: lng!.trim() });
          if (checked.success) return checked.data;
          for (const issue of checked.error.issues)
            ctx.issues.push({ code: "custom", message: issue.message, input: v });
          return z.NEVER;
        }),
      LatLng,
      ShortLatLng.transform((v) => ({ latitude: v.lat, longitude: v.lng })),
      z.object({ location: z.object({ latLng: LatLng }) }).transform((v) => v.location.latLng),
    ],
    {
      error: `${name} must be "latitude,longitude", { latitude, longitude }, { lat, lng } or { location: { latLng: { latitude, longitude } } }, within -90..90 and -180..180`,
    },
  );
