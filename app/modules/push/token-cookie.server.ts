// The browser's messaging token, remembered in a cookie of its own (with whose profile holds it) when
// it is saved: signing out, a plain form that may post before any JavaScript runs, can then take
// exactly this browser's token off the profile (before-logout needs to be told which), and pages
// that report the same token for the same person again need not touch the database.
import { createCookie } from "react-router";

export const pushTokenCookie = createCookie("souq_fcm", {
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export interface SavedPushToken {
  uid: string;
  token: string;
}

export async function pushTokenOf(request: Request): Promise<SavedPushToken | null> {
  const value = (await pushTokenCookie.parse(
    request.headers.get("cookie"),
  )) as Partial<SavedPushToken> | null;
  return value && typeof value.uid === "string" && typeof value.token === "string"
    ? { uid: value.uid, token: value.token }
    : null;
}
