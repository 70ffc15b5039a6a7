// Push messages in the site's one service worker (spec §2, decision 048), bundled into one classic
// script at build time (scripts/vite-firebase-messaging-sw.ts): nothing is fetched from Google's CDN.
// Firebase's own service worker code shows a push that arrives while no tab of the site is visible,
// opens its page on a click, and hands a push to the open tab otherwise (the site shows a toast).
// The Firebase web app is named by /sw.js, which sets it before importing this script; a browser
// still registered at the old address (/firebase-messaging-sw.js?apiKey=…) names it in that
// address's query string. Without either, push stays off.
import { initializeApp } from "firebase/app";
import { getMessaging } from "firebase/messaging/sw";
import { PUSH_CONFIG_GLOBAL } from "../pwa/worker-address";

export interface PushWorkerConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
}

const scope = self as unknown as { location: Location } & Record<string, unknown>;

function configuration(): PushWorkerConfig {
  // Set by /sw.js (app/modules/pwa/service-worker.server.ts) before it imports this script.
  const injected = scope[PUSH_CONFIG_GLOBAL] as Partial<PushWorkerConfig> | null | undefined;
  const query = new URL(scope.location.href).searchParams;
  const read = (key: keyof PushWorkerConfig) => (injected ? injected[key] : query.get(key)) ?? "";
  return {
    apiKey: read("apiKey"),
    projectId: read("projectId"),
    messagingSenderId: read("messagingSenderId"),
    appId: read("appId"),
  };
}

/** Synchronously, on the worker's first run: browsers only deliver push events to listeners added then. */
export function pushSupport() {
  const config = configuration();
  if (Object.values(config).every(Boolean)) getMessaging(initializeApp(config));
}
