// What every page's frame needs (the site's settings, the filter panel's lists), kept by the web
// process for a while: read through the API, and dropped with the tables it was read from.
import { env } from "../runtime/env.server";
import { getRuntime } from "../runtime/runtime.server";
import { hearChanges, siteData } from "./index";

export async function keptSiteData<T extends NonNullable<unknown>>(
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
): Promise<T> {
  // A web tier in front of a separate API (API_ORIGIN) has no database to hear: entries only age.
  // Elsewhere nothing is read before this process listens, so no change can slip past unheard.
  if (!env().API_ORIGIN) await hearChanges((await getRuntime()).database.listen);
  return (await siteData.getOrLoad(key, load, () => true, ttlMs)) as T;
}

/** Drops the kept frame data of this process (a test or a console page that must see its change). */
export function forgetSiteData(): void {
  siteData.clear();
}
