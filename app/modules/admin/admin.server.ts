// What every page of the admin console shares on the server: signed in, with the admin claim
// (decision 019), never cached, and the API's answer to a console form turned into a page answer.
import { data } from "react-router";
import { requireViewer } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Locale } from "~/lib/i18n";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Envelope } from "~server/api/envelope";

export { privateHeaders as adminHeaders } from "~/modules/listings/owner.server";

/**
 * The signed-in admin, or: a visitor is sent to sign in (and back here), anyone else gets 403.
 * The claim read here comes from the session cookie; every admin API call checks it again, with
 * revocation, so this is only about which page to show.
 */
export async function requireAdmin(request: Request, locale: Locale) {
  // The account is asked, not the cookie: a revoked admin or an ended session stops at once.
  const viewer = await requireViewer(request, locale, { checkRevoked: true });
  if (!viewer.admin) throw data("Forbidden", { status: 403 });
  return viewer;
}

/** The page a console form was sent from (React Router sends enhanced forms to "<page>.data"). */
export function sentFrom(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("index");
  const qs = url.searchParams.toString();
  return path + (qs ? `?${qs}` : "");
}

/** An admin form's outcome: back where it came from with the API's message, or the refusal on the form. */
export type AdminActionResult = {
  error: string;
  errors?: Record<string, string[]>;
  intent?: string;
  id?: number | string;
  reason?: string;
};

/** `reason`: what was typed in a reason box, handed back with a refusal so nothing typed is lost. */
export async function adminOutcome(
  request: Request,
  res: Envelope<unknown>,
  context: { intent?: string; id?: number | string; to?: string; reason?: string } = {},
) {
  if (res.error) {
    return data<AdminActionResult>(
      {
        error: res.message,
        errors: res.errors,
        intent: context.intent,
        id: context.id,
        reason: context.reason,
      },
      { status: res.message === "Forbidden" ? 403 : 400 },
    );
  }
  return redirectWithToast(context.to ?? sentFrom(request), { type: "success", message: res.message });
}

/** A page number from the query (1 when absent or nonsense) and the offset it stands for. */
export function pageOf(url: URL, limit: number) {
  const page = Math.min(Math.max(Math.trunc(Number(url.searchParams.get("page") ?? "1")) || 1, 1), 10_000);
  return { page, offset: (page - 1) * limit, limit };
}

/** The query's value for a filter, or undefined when empty. */
export function param(url: URL, name: string): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  return v ? v : undefined;
}

type RouteArgs = { request: Request; context: Parameters<typeof getLocale>[0] };

/**
 * What every console loader starts with: the admin checked, the query, the translator for the
 * title, and the options the API calls take.
 */
export async function adminLoad({ request, context }: RouteArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  return { url: new URL(request.url), t: getI18n(context).t, opts: { request, locale } };
}

/** The same for a list page, with the page asked for. */
export async function adminPage(args: RouteArgs, limit: number) {
  const loaded = await adminLoad(args);
  return { ...loaded, ...pageOf(loaded.url, limit) };
}

/** What every console action starts with: the admin checked, the form, and its intent and row. */
export async function adminForm({ request, context }: RouteArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const form = await request.formData();
  return {
    form,
    intent: String(form.get("intent") ?? ""),
    id: Number(form.get("id")),
    opts: { request, locale },
  };
}

/** A filter's value when it is one of the known ones; a hand-typed unknown one is dropped, not refused. */
export const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;
