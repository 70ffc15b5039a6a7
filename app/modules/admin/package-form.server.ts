// The package form's server half: its data, and the submission checked with the API's own schema
// before the API checks it again (and answers what only it can: an unknown package, a price with
// more decimals than the currency).
import { parseWithZod } from "@conform-to/zod/v4";
import { packageFormSchema } from "~server/api/admin/package-schema";
import { api, apiData } from "~/lib/api.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "./admin.server";

export async function packageFormData(request: Request, locale: Locale, id?: number) {
  await requireAdmin(request, locale);
  if (id === undefined) {
    const settings = await apiData("get_payment_settings", {}, { locale });
    return { pkg: null, currency: settings.data.currency.code };
  }
  const res = await api("admin/package", { id }, { request, locale });
  if (res.error) throw new Response("Not found", { status: 404 });
  return { pkg: res.data, currency: res.data.currency };
}

/** `id`: the package of the page (edit); the address decides which package changes, not a field. */
export async function savePackage(request: Request, locale: Locale, id?: number) {
  await requireAdmin(request, locale);
  const formData = await request.formData();
  if (id === undefined) formData.delete("id");
  else formData.set("id", String(id));
  const submission = parseWithZod(formData, { schema: packageFormSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  const res = await api("admin/save-package", submission.value, { request, locale });
  if (res.error) return formResponse(replyWithApiError(submission, res));
  return redirectWithToast(localizePath(locale, "/admin/packages"), {
    type: "success",
    message: res.message,
  });
}
