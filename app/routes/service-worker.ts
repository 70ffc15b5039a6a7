import type { Route } from "./+types/service-worker";
import { serviceWorkerResponse } from "~/modules/pwa/service-worker.server";

/** /sw.js: the site's one service worker (decision 048). */
export function loader({ request }: Route.LoaderArgs) {
  return serviceWorkerResponse(request);
}
