// "Save this search" on the list page posts the page's own query string; here it becomes the same
// get_property input the page's loader would make of it (parameter minimums, "within N km" of a
// saved place or the kept position) and is saved through the API. Back to the list with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { saveSearchFormSchema } from "~server/api/saved-searches/schema";
import { api } from "~/lib/api.server";
import { PAGE_SIZE } from "~/lib/constants";
import { localizePath, stripLocale, type Locale } from "~/lib/i18n";
import { getFilterData } from "~/lib/settings.server";
import { redirectWithToast } from "~/lib/toast.server";
import { listQueryFromSearch } from "~/modules/listings/property/list-query";
import { readPosition } from "~/modules/location/position.server";
import { nearFilters, savedPlacesOf } from "~/modules/location/near.server";
import { SEARCH_SAVED } from "./save-search";

/** Where to go back to: the list page the form was on, never another site. */
export function listPageOf(back: FormDataEntryValue | null, locale: Locale): string {
  const value = typeof back === "string" ? back : "";
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) {
    const path = stripLocale(value);
    if (path === "/properties" || path.startsWith("/properties?")) return localizePath(locale, path);
  }
  return localizePath(locale, "/properties");
}

export async function saveSearchAction(request: Request, locale: Locale, form: FormData) {
  const back = listPageOf(form.get("back"), locale);
  const submission = parseWithZod(form, { schema: saveSearchFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid input";
    return redirectWithToast(back, { type: "error", message: first, notice: true });
  }
  const { name, frequency, query } = submission.value;
  const search = new URLSearchParams(query.replace(/^\?/, ""));
  search.delete("page");
  const filterData = await getFilterData(locale);
  const { query: filters } = listQueryFromSearch(search, PAGE_SIZE, filterData.parameterIds);
  const [position, places] = await Promise.all([readPosition(request), savedPlacesOf(request, locale)]);
  const near = nearFilters(search, position, places);
  const { offset: _offset, limit: _limit, sort: _sort, ...searched } = { ...filters, ...near.query };
  const res = await api(
    "save-search",
    { ...searched, name, frequency, page_query: search.toString() },
    { request, locale },
  );
  if (res.error) {
    const message = Object.values(res.errors ?? {}).flat()[0] ?? res.message;
    return redirectWithToast(back, { type: "error", message, notice: true });
  }
  return redirectWithToast(back, { type: "success", message: SEARCH_SAVED, notice: true });
}
