// Where the site's service worker lives (decision 048), for the pages that register it, the push
// code that uses it and the server that writes it.

/** The one service worker: a stable address, the whole site as its scope. */
export const SERVICE_WORKER = {
  url: "/sw.js",
  scope: "/",
  /** Every check for a new version asks the server, never the browser's HTTP cache. */
  updateViaCache: "none",
} as const;

/**
 * The built worker's own file, which /sw.js imports; browsers that subscribed to push before there
 * was one worker are registered here directly, under Firebase's scope, where no page lives.
 */
export const WORKER_SCRIPT = "/firebase-messaging-sw.js";
export const LEGACY_PUSH_SCOPE = "/firebase-cloud-messaging-push-scope";

/** The global /sw.js sets to the Firebase web app (or null) before importing WORKER_SCRIPT. */
export const PUSH_CONFIG_GLOBAL = "souqPushConfig";
