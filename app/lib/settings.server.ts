import { api, apiData } from "./api.server";
import { memo } from "./memo.server";
import { CACHE_FRESH_MS as FRESH_MS } from "./constants";

/** The public settings every page needs. */
export function getSiteSettings() {
  return memo("web-settings", FRESH_MS, async () => {
    const res = await api("web-settings", {});
    const d = res.data;
    return {
      svg_clr: String(d.svg_clr),
      currency_symbol: String(d.currency_symbol),
      currency_code: String(d.selected_currency_data.code),
      number_with_suffix: Boolean(d.number_with_suffix),
      company_name: String(d.company_name),
    };
  });
}

/** Categories (id and name in the page's language) for filter panels. */
export function getCategoryOptions(locale: string) {
  return memo(`categories:${locale}`, FRESH_MS, async () => {
    const res = await apiData("get_categories", { limit: 100 }, { locale });
    return res.data.map((c) => ({ id: c.id, name: c.category }));
  });
}
