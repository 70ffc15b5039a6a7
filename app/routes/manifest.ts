import type { Route } from "./+types/manifest";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getSiteSettings } from "~/lib/settings.server";
import { manifestResponse } from "~/modules/pwa/manifest.server";

/** /manifest.webmanifest and /ar/manifest.webmanifest: the installed app of each language (decision 048). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getSiteSettings();
  return manifestResponse(request, { locale: getLocale(context), t: getI18n(context).t, settings });
}
