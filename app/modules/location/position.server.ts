// Where the person is, kept between visits (decision 026): asked of the browser only when they press
// "Near me", then kept in a cookie (and, when signed in, in their profile's latitude and longitude).
// Rounded to about 100 m: enough for "nearest first" and distances, no more precise than needed.
import { createCookie } from "react-router";
import { env } from "~server/runtime/env.server";
import { DETOUR_FACTOR, TYPICAL_SPEED_KMH } from "~server/api/maps/travel";

export interface Position {
  lat: number;
  lng: number;
}

const positionCookie = createCookie("position", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 90,
  // As the session's: a place where someone lives travels over https only.
  secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1",
  secrets: [env().SESSION_SECRET],
});

const round = (n: number) => Math.round(n * 1000) / 1000;

export function validPosition(lat: unknown, lng: unknown): Position | null {
  const la = Number(lat);
  const ln = Number(lng);
  if (
    lat === null ||
    lng === null ||
    lat === "" ||
    lng === "" ||
    !Number.isFinite(la) ||
    !Number.isFinite(ln)
  )
    return null;
  if (Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { lat: round(la), lng: round(ln) };
}

export async function readPosition(request: Request): Promise<Position | null> {
  const value = (await positionCookie.parse(request.headers.get("cookie"))) as {
    lat?: unknown;
    lng?: unknown;
  } | null;
  return value ? validPosition(value.lat, value.lng) : null;
}

export async function positionCookieHeader(position: Position | null): Promise<string> {
  return position ? positionCookie.serialize(position) : positionCookie.serialize("", { maxAge: 0 });
}

/** "10 minutes by car" as a radius: the travel estimate's urban driving speed and detour of roads, reversed. */
export const minutesToKm = (minutes: number) =>
  Math.round(((minutes * TYPICAL_SPEED_KMH.DRIVE) / 60 / DETOUR_FACTOR) * 10) / 10;
