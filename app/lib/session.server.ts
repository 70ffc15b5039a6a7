// The session is a Firebase session cookie, kept in an httpOnly cookie of our own.
import { createCookie } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { localizePath, type Locale } from "./i18n";
import { SESSION_MAX_AGE_SECONDS, type Principal } from "~server/auth/firebase.server";
import { getAuth } from "~server/runtime/runtime.server";
import { env } from "~server/runtime/env.server";

const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1",
  path: "/",
  maxAge: SESSION_MAX_AGE_SECONDS,
  // The token inside is verified on every request; the cookie's own signature refuses a changed
  // cookie before any token is even read.
  secrets: [env().SESSION_SECRET],
});

/**
 * Cookie headers already read, with the token each holds: a page reads its session several times
 * (its layout, each API call) and a visitor sends the same header page after page, and checking the
 * cookie's signature each time was a tenth of a signed-in page's work. The answer for a header never
 * changes while the process runs (one secret), so entries need no time limit, only a bound.
 */
const readCookies = new Map<string, Promise<string | null>>();
const READ_COOKIES_MAX = 1_000;

export function getSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header) return Promise.resolve(null);
  let token = readCookies.get(header);
  if (!token) {
    token = sessionCookie.parse(header).then((value) => (typeof value === "string" && value ? value : null));
    if (readCookies.size >= READ_COOKIES_MAX) readCookies.clear();
    readCookies.set(header, token);
    token.catch(() => readCookies.delete(header));
  }
  return token;
}

/**
 * The signed-in person, from the session cookie's verified claims (no database read). `checkRevoked`
 * also asks the identity provider whether the session was ended and reads the account's claims.
 */
export function getViewer(request: Request, checkRevoked = false): Promise<Principal | null> {
  // The root's loader, the page's loader and its action ask about one request: it is verified once.
  const seen = checkRevoked ? undefined : viewers.get(request);
  if (seen) return seen;
  const viewer = (async () => {
    const token = await getSessionToken(request);
    if (!token) return null;
    return (await getAuth()).verify(token, checkRevoked);
  })();
  if (!checkRevoked) viewers.set(request, viewer);
  return viewer;
}

const viewers = new WeakMap<Request, Promise<Principal | null>>();

/** Exchanges a fresh ID token for a session cookie; returns the Set-Cookie header. */
export async function startSession(idToken: string): Promise<string> {
  const cookie = await (await getAuth()).createSessionCookie(idToken);
  return sessionCookie.serialize(cookie);
}

/** Ends the session: the provider revokes it and the browser forgets the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = await getSessionToken(request);
  if (token) {
    const auth = await getAuth();
    const principal = await auth.verify(token);
    if (principal) await auth.revokeSessions(principal.uid).catch(() => {});
  }
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** The signed-in person, or a redirect to sign in that comes back to this page afterwards. */
export async function requireViewer(request: Request, locale: Locale, { checkRevoked = false } = {}) {
  const viewer = await getViewer(request, checkRevoked);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(
      `${localizePath(locale, "/login")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
    );
  }
  return viewer;
}
