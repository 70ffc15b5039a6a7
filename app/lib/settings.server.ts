import { api } from "./api.server";

type Settings = { svg_clr: string; currency_symbol: string; currency_code: string; number_with_suffix: boolean; company_name: string };
let cache: { at: number; value: Settings } | undefined;
const FRESH_MS = 60_000;

/** The public settings every page needs, kept for a minute (they change only by an admin). */
export async function getSiteSettings(): Promise<Settings> {
  if (cache && Date.now() - cache.at < FRESH_MS) return cache.value;
  const res = await api("web-settings", {});
  const d = res.data;
  const value: Settings = {
    svg_clr: String(d.svg_clr),
    currency_symbol: String(d.currency_symbol),
    currency_code: String(d.selected_currency_data.code),
    number_with_suffix: Boolean(d.number_with_suffix),
    company_name: String(d.company_name),
  };
  cache = { at: Date.now(), value };
  return value;
}
