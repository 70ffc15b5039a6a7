import type { Route } from "./+types/manifest";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getSiteSettings } from "~/lib/settings.server";
import { manifestResponse } from "~/modules/pwa/manifest.server";

/** /manifest.webmanifest and /ar/manifest.webmanifest: the installed app of each language (decision 048). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // "/en/…" and "/xx/…" are not addresses of ours (the locale layout's rule, which a file does not pass through).
  if (params.lang !== undefined && (!isLocale(params.lang) || params.lang === DEFAULT_LOCALE))
    throw new Response("Not found", { status: 404 });
  const settings = await getSiteSettings();
  return manifestResponse(request, { locale: getLocale(context), t: getI18n(context).t, settings });
}
