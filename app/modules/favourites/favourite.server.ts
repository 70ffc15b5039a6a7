// The heart's form, on the server: sets or clears the favourite, then goes back to the page it was
// on (a plain form post) or answers the new state (sent in the background once React runs).
import { data } from "react-router";
import { api } from "~/lib/api.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { requireViewer } from "~/lib/session.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { formId } from "~/modules/listings/owner.server";

export async function favouriteAction(request: Request, locale: Locale) {
  await requireViewer(request, locale);
  const form = await request.formData();
  const id = formId(form.get("property_id"));
  const type = form.get("type") === "1" ? "1" : "0";
  const background = form.get("_background") === "1";
  const back = safeRedirect(form.get("redirectTo")) ?? localizePath(locale, "/user/favourites");
  if (!id) return data({ error: "Property not found" }, { status: 400 });
  const res = await api("add_favourite", { property_id: id, type }, { request, locale });
  if (background)
    return res.error
      ? data({ error: res.message }, { status: 400 })
      : { is_favourite: res.data.is_favourite, favourites_count: res.data.favourites_count };
  if (res.error) return redirectWithToast(back, { type: "error", message: res.message });
  return redirectWithToast(back, { type: "success", message: res.message });
}
