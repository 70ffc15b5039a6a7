// What the sign-in and register actions share: the three ways a form arrives (password without
// JavaScript, an ID token from the browser SDK, or the SDK's error code), and how a session starts.
import type { Submission } from "@conform-to/react";
import { startSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { addIdentityError } from "~/lib/identity-errors";

/** What the browser sent instead of a password, if JavaScript ran. */
export function readIdentity(formData: FormData) {
  const idToken = formData.get("idToken");
  const clientError = formData.get("clientError");
  return {
    idToken: typeof idToken === "string" ? idToken : null,
    clientError: typeof clientError === "string" ? clientError : null,
    /** True when the browser talked to the provider itself and no password came with the form. */
    viaBrowser: typeof idToken === "string" || typeof clientError === "string",
  };
}

/** A provider error code (from the SDK or the REST API) → the submission's reply. */
export function replyWithIdentityError<T>(submission: Submission<T>, code: string) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  addIdentityError(code, fieldErrors, formErrors);
  return submission.reply({ fieldErrors, formErrors });
}

/** A path on this site to go to after signing in, or null (never another site: "//x", "/\\x"). */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined): string | null {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  )
    return null;
  return value.length <= 2000 && !/[\u0000-\u001f]/.test(value) ? value : null;
}

/** Exchanges the ID token for the session cookie and goes home (or to `to`) with a toast. */
export async function signedIn<T>(
  submission: Submission<T>,
  locale: Locale,
  idToken: string,
  message: string,
  to?: string | null,
) {
  let cookie: string;
  try {
    cookie = await startSession(idToken);
  } catch {
    return submission.reply({ formErrors: ["An error occurred. INVALID_ID_TOKEN"] });
  }
  return redirectWithToast(to ?? localizePath(locale, "/"), { type: "success", message }, [cookie]);
}
