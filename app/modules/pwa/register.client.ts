// The page's side of the site's service worker (decision 048): registered once the page has loaded
// (it must never compete with the page's own requests), in production builds only (app/entry.client.tsx).
import { SERVICE_WORKER } from "./worker-address";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register(SERVICE_WORKER.url, {
        scope: SERVICE_WORKER.scope,
        updateViaCache: SERVICE_WORKER.updateViaCache,
      })
      // No worker (a private window that refuses one, the server away): the site works as before.
      .catch(() => undefined);
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
  window.addEventListener("click", followLinksAsPageLoads, true);
}

/**
 * Offline, React Router would fetch a link's data itself, fail, and show its error page. A page
 * load instead reaches the worker, which answers with the listing's kept copy or the offline page.
 */
function followLinksAsPageLoads(e: MouseEvent) {
  if (navigator.onLine || !navigator.serviceWorker.controller) return;
  if (!document.documentElement.hasAttribute("data-hydrated")) return; // a plain link already loads a page
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.hasAttribute("download") ||
    link.origin !== location.origin
  )
    return;
  if (link.target && link.target !== "_self") return;
  if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
  e.preventDefault();
  location.assign(link.href);
}
