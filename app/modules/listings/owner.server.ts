// What the owner's pages share on the server: sign-in required, never cached by a shared cache,
// and the status, deal and delete forms turned into API calls.
import { data, type HeadersFunction } from "react-router";
import { api } from "~/lib/api.server";
import { requireViewer } from "~/lib/session.server";

export { requireViewer };
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { gateOfMessage } from "~server/api/packages/contract";

/** Someone's own listings: only their browser may keep the page, never a CDN or proxy. */
export const privateHeaders: HeadersFunction = () => {
  const headers = new Headers();
  headers.set("cache-control", "private, no-store");
  headers.set("vary", "Cookie");
  return headers;
};

/** A positive whole number from a form field, or null. */
export function formId(value: FormDataEntryValue | null): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
}

/** The page the form was on, without the confirm-delete step. */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  url.searchParams.delete("index");
  // A form sent by React Router arrives at "<page>.data"; the way back is the page itself.
  const path = url.pathname.replace(/\.data$/, "");
  return path + (url.search === "?" ? "" : url.search);
}

/** A refused change: the spec's headline for status changes ('Failed to Update Status') and why. */
export type ActionError = { error: string; reason?: string };

/**
 * The owner's forms: `intent` names the change (status, deal, delete, feature for a property;
 * project-status, project-delete, project-feature for a project). Success goes back (or to `after` when the listing is gone) with a
 * message; a refusal stays on the page with the API's message.
 */
export async function listingAction(
  request: Request,
  locale: Locale,
  options: { afterDelete?: string } = {},
) {
  await requireViewer(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = formId(form.get("id"));
  const status = String(form.get("status") ?? "");
  if (!id) return data<ActionError>({ error: "Not found" }, { status: 400 });
  const opts = { request, locale };
  let res;
  switch (intent) {
    case "status":
      res = await api("change-property-status", { id, status: status as "active" | "inactive" }, opts);
      break;
    case "deal":
      res = await api(
        "update_property_status",
        { id, status: status as "available" | "sold" | "rented" },
        opts,
      );
      break;
    case "delete":
      res = await api("delete_property", { id }, opts);
      break;
    case "project-status":
      res = await api("change-project-status", { id, status: status as "active" | "inactive" }, opts);
      break;
    case "project-delete":
      res = await api("delete_project", { id }, opts);
      break;
    case "feature":
    case "project-feature":
      return featureAction(
        intent === "feature"
          ? { feature_for: "property", property_id: id }
          : { feature_for: "project", project_id: id },
        opts,
      );
    default:
      return data<ActionError>({ error: "Invalid input" }, { status: 400 });
  }
  const deleted = intent === "delete" || intent === "project-delete";
  if (res.error) {
    const refused: ActionError = deleted
      ? { error: res.message }
      : { error: "Failed to Update Status", reason: res.message };
    return data<ActionError>(refused, { status: res.message === "Forbidden" ? 403 : 400 });
  }
  const to = deleted && options.afterDelete ? localizePath(locale, options.afterDelete) : backTo(request);
  return redirectWithToast(to, { type: "success", message: res.message });
}

/**
 * "Feature this listing": one unit of a package makes it an advertisement. Success goes to the
 * person's advertisements (spec §2: /user/advertisement); a refusal stays on the page with the
 * API's words, so a package gate shows the spec's message with its OK button.
 */
async function featureAction(
  input: { feature_for: "property"; property_id: number } | { feature_for: "project"; project_id: number },
  opts: { request: Request; locale: Locale },
) {
  const res = await api("store_advertisement", input, opts);
  if (res.error)
    return data<ActionError>(
      { error: res.message },
      { status: res.message === "Forbidden" || gateOfMessage(res.message) ? 403 : 400 },
    );
  return redirectWithToast(localizePath(opts.locale, "/user/advertisement"), {
    type: "success",
    message: res.message,
  });
}
