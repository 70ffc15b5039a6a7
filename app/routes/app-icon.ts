import type { Route } from "./+types/app-icon";
import { getSiteSettings } from "~/lib/settings.server";
import { iconResponse } from "~/modules/pwa/icons.server";

/** /app-icons/<file>: the installed app's icons, in the admin's brand colour (decision 048). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const settings = await getSiteSettings();
  return iconResponse(request, params.file, settings.svg_clr);
}
