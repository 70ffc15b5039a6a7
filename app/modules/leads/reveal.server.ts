// "Show phone", "Email" and "WhatsApp" on the server (decision 023). The buttons are forms posted to
// the page itself: without JavaScript the answer is the page again with the detail shown (a
// redirect to `?reveal=…`, which the page's loader turns into the details), sent in the background
// it is the detail alone. A visitor who is not signed in goes to sign in and comes back to
// `?reveal=…`, so the detail is there when they return.
import { data } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { api } from "~/lib/api.server";
import { getViewer } from "~/lib/session.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { CONTACT_KINDS, LEAD_MESSAGES, type ContactKind } from "~server/api/leads/schema";

export type RevealTarget = { property_id: number } | { project_id: number } | { user_id: number };
export type Revealed = Partial<Record<ContactKind, { value: string; href: string }>>;
/** What a page knows of its contact buttons: the details shown, and a refusal. */
export interface RevealState {
  revealed: Revealed;
  error: { kind: ContactKind; message: string } | null;
}

/** Nothing revealed: the buttons as they are. */
export const NOTHING_REVEALED: RevealState = { revealed: {}, error: null };

const isKind = (v: unknown): v is ContactKind =>
  typeof v === "string" && (CONTACT_KINDS as readonly string[]).includes(v);

/** `?reveal=phone,email` → the kinds asked for, each once, in a fixed order. */
export function kindsOf(value: string | null | undefined): ContactKind[] {
  const asked = new Set((value ?? "").split(",").map((s) => s.trim()));
  return CONTACT_KINDS.filter((k) => asked.has(k));
}

const NOT_FOUND: string[] = [
  "Property not found",
  "Project not found",
  LEAD_MESSAGES.personNotFound,
  LEAD_MESSAGES.missing,
];
/** The API's status, from its message (the envelope carries no status). */
const statusOf = (message: string) =>
  message === LEAD_MESSAGES.limit
    ? 429
    : message === "Unauthorized"
      ? 401
      : NOT_FOUND.includes(message)
        ? 404
        : 403;

/** The page with these details shown (the fragment brings the contact buttons into view). */
function pageWith(page: string, kinds: ContactKind[]) {
  return `${page}?reveal=${kinds.join(",")}#contact`;
}

/**
 * The form's answer. `page` is the page's own path in the page's language. Signed in: the
 * detail (in the background) or the page showing it; a refusal keeps the page with the message and
 * the API's status (429 past the daily allowance). Not signed in: to sign in, and back.
 */
export async function revealAction(
  request: Request,
  locale: Locale,
  form: FormData,
  target: RevealTarget,
  page: string,
) {
  const kind = form.get("kind");
  if (!isKind(kind))
    return data({ reveal: { kind: null, revealed: null, error: "Invalid input" } }, { status: 400 });
  // Details already on the page stay on it after a plain form post.
  const kinds = kindsOf([...form.getAll("shown").map(String), kind].join(","));
  if (!(await getViewer(request))) {
    throw redirect(
      `${localizePath(locale, "/login")}?redirectTo=${encodeURIComponent(pageWith(page, kinds))}`,
    );
  }
  const res = await api("reveal-contact", { ...target, kind }, { request, locale });
  if (res.error)
    return data({ reveal: { kind, revealed: null, error: res.message } }, { status: statusOf(res.message) });
  if (form.get("_background") !== "1") throw redirect(pageWith(page, kinds));
  return { reveal: { kind, revealed: { value: res.data.value, href: res.data.href }, error: null } };
}

/**
 * For the page's loader: the details `?reveal=` asks for, when someone is signed in. A repeat the
 * same day neither counts again nor uses the allowance, so reloading the page is harmless; a
 * request that another site started (a link or a redirect through it) waits for the person's own
 * click. A refusal is shown by the buttons (the page itself is still the page: 200).
 */
export async function revealFromUrl(
  request: Request,
  locale: Locale,
  target: RevealTarget,
): Promise<RevealState> {
  const state: RevealState = { revealed: {}, error: null };
  const kinds = kindsOf(new URL(request.url).searchParams.get("reveal"));
  if (!kinds.length || !(await getViewer(request))) return state;
  // Started by another site (a link to `?reveal=` there, or a sign-in that went through one): the
  // buttons wait for the person's own click, so no other site can spend their allowance or make leads.
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return state;
  for (const kind of kinds) {
    const res = await api("reveal-contact", { ...target, kind }, { request, locale });
    if (res.error) {
      state.error = { kind, message: res.message };
      break;
    }
    state.revealed[kind] = { value: res.data.value, href: res.data.href };
  }
  return state;
}
