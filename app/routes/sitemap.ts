import type { Route } from "./+types/sitemap";
import { env } from "~server/runtime/env.server";
import { sitemapResponse } from "~/modules/seo/sitemap.server";

export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(env().PUBLIC_ORIGIN ?? new URL(request.url).origin);
}
