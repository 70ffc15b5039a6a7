// The service worker at /firebase-messaging-sw.js (spec §2), bundled into one classic script at
// build time (scripts/vite-firebase-messaging-sw.ts): nothing is fetched from Google's CDN.
// Firebase's own service worker code shows a push that arrives while no tab of the site is visible,
// opens its page on a click, and hands a push to the open tab otherwise (the site shows a toast).
// The page that registers it names the Firebase web app in the script's query string, so one built
// file serves any configuration; without one the worker does nothing.
import { initializeApp } from "firebase/app";
import { getMessaging } from "firebase/messaging/sw";

// The DOM's types are in scope here, not the worker's: just what this file uses.
const worker = self as unknown as {
  location: Location;
  addEventListener(
    type: "install" | "activate",
    listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
};

const query = new URL(worker.location.href).searchParams;
const config = {
  apiKey: query.get("apiKey") ?? "",
  projectId: query.get("projectId") ?? "",
  messagingSenderId: query.get("messagingSenderId") ?? "",
  appId: query.get("appId") ?? "",
};

// Synchronously, on the worker's first run: browsers only deliver push events to listeners added then.
if (Object.values(config).every(Boolean)) getMessaging(initializeApp(config));

// A new configuration (a new script address) takes over at once instead of after every tab closed.
worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));
