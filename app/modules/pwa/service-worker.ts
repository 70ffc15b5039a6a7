// The site's one service worker (decision 048), bundled into a classic script by
// scripts/vite-firebase-messaging-sw.ts and started from /sw.js with the whole site as its scope:
// push messages (decision 016) and the pages kept for reading offline. A browser registered at
// the old push-only address (/firebase-messaging-sw.js, under Firebase's own scope, where no page
// of the site lives) runs the same script for its pushes and nothing else.
import { pushSupport } from "../push/firebase-messaging-sw";
import { offlineSupport } from "./offline.sw";
import { SERVICE_WORKER } from "./worker-address";
import { workerScope } from "./worker-scope";

const worker = workerScope();

pushSupport();
if (new URL(worker.registration.scope).pathname === SERVICE_WORKER.scope) offlineSupport(worker);

// A new version takes over as soon as it is installed, in every open tab (decision 048: it keeps
// nothing a page depends on, and each navigation asks the network first).
worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));
