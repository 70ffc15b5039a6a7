// The unsubscribe link of alert emails: works without signing in, so the link itself is the proof.
// It names a person and the saved searches the email was about, signed with a key of its own
// (derived from SESSION_SECRET): changing an id, or taking the signature to another search, fails.
// It does not expire: an email read months later must still stop its alerts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedSecret } from "../../runtime/env.server";

const VERSION = "1";

const sign = (payload: string) =>
  createHmac("sha256", derivedSecret("saved-search-unsubscribe")).update(payload).digest("base64url");

/** `1.<person>.<id>-<id>….<signature>`: short enough for a mail header, URL-safe as it is. */
export function unsubscribeToken(userId: number, searchIds: number[]): string {
  const ids = [...new Set(searchIds)].sort((a, b) => a - b);
  const payload = `${VERSION}.${userId}.${ids.join("-")}`;
  return `${payload}.${sign(payload)}`;
}

/** Who and which searches a token names, or null for anything not signed by us. */
export function readUnsubscribeToken(token: string): { userId: number; searchIds: number[] } | null {
  const m = /^1\.(\d{1,10})\.(\d{1,10}(?:-\d{1,10}){0,99})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const payload = `${VERSION}.${m[1]}.${m[2]}`;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const userId = Number(m[1]);
  const searchIds = m[2]!.split("-").map(Number);
  if (
    !Number.isSafeInteger(userId) ||
    searchIds.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
  )
    return null;
  return { userId, searchIds };
}
