// "Not interested" on the feed: a plain form post that goes back to the page it came from.
import { api } from "~/lib/api.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { requireViewer } from "~/lib/session.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { formId } from "~/modules/listings/owner.server";

export async function dismissAction(request: Request, locale: Locale, form: FormData) {
  await requireViewer(request, locale);
  const back = safeRedirect(form.get("redirectTo")) ?? localizePath(locale, "/for-you");
  const id = formId(form.get("property_id"));
  if (!id) return redirectWithToast(back, { type: "error", message: "Property not found" });
  const res = await api(
    "dismiss-recommendation",
    { property_id: id, type: form.get("type") === "0" ? "0" : "1" },
    { request, locale },
  );
  return redirectWithToast(back, { type: res.error ? "error" : "success", message: res.message });
}
