import { siteOrigin } from "~/lib/origin.server";
import type { Route } from "./+types/sitemap";
import { sitemapResponse } from "~/modules/seo/sitemap.server";

export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(siteOrigin(request));
}
