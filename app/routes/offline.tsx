import type { Route } from "./+types/offline";
import type { ScriptsHandle } from "~/root";
import { getI18n } from "~/lib/i18n.server";
import { publicCacheHeaders } from "~/lib/cache";
import { pageMeta, rootData } from "~/lib/seo";
import { OfflinePage } from "~/modules/pwa/offline-page";

// Shown by the service worker at other pages' addresses too: React Router must not start there.
export const handle: ScriptsHandle = { scripts: false };

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("You are offline") };
}

// Public: the service worker keeps it as a visitor without an account sees it.
export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "You are offline", noindex: true });
}

export default function Offline() {
  return <OfflinePage />;
}
