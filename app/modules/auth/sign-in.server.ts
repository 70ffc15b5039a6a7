// What the sign-in pages beyond the password share: short-lived cookies that carry a flow from one
// request to the next without JavaScript (the address a link was mailed to, the number a code was
// texted to), and the start of a session from a loader (a provider's callback).
import { createCookie } from "react-router";
import { env } from "~server/runtime/env.server";
import { startSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";

const cookieOptions = (maxAge: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1",
  path: "/",
  maxAge,
  secrets: [env().SESSION_SECRET],
});

/**
 * The address an email link was sent to, so opening the link in this browser needs no typing; in
 * another browser the page asks for it (the link alone must not be enough to sign in).
 */
export const emailLinkCookie = createCookie("__sign_in_email", cookieOptions(60 * 60));

/** A code on its way: the number or address and, for the provider's phone sign-in, its session. */
export interface PendingCode {
  /** "phone": the phone page; "otp": the one-time code page (email or number). */
  page: "phone" | "otp";
  number?: string;
  email?: string;
  via?: "firebase" | "otp";
  session_info?: string | null;
}
export const pendingCodeCookie = createCookie("__sign_in_code", cookieOptions(15 * 60));

export async function readPendingCode(
  request: Request,
  page: PendingCode["page"],
): Promise<PendingCode | null> {
  const v = (await pendingCodeCookie.parse(request.headers.get("cookie"))) as PendingCode | null;
  return v && typeof v === "object" && v.page === page ? v : null;
}

export const clearCookie = (cookie: typeof pendingCodeCookie) => cookie.serialize("", { maxAge: 0 });

/** Starts the session from a loader or action and goes home (or to `to`), with a toast. */
export async function sessionRedirect(
  locale: Locale,
  idToken: string,
  to?: string | null,
  extraCookies: string[] = [],
) {
  const cookie = await startSession(idToken);
  return redirectWithToast(
    to ?? localizePath(locale, "/"),
    { type: "success", message: "You have signed in" },
    [cookie, ...extraCookies],
  );
}

/** A redirect sign-in on its way to the provider: its session id (none on the emulator) and where to go after. */
export interface GoogleFlow {
  session_id: string | null;
  to: string | null;
}
export const googleFlowCookie = createCookie("__sign_in_idp", cookieOptions(10 * 60));
