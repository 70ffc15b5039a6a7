// Web push in the browser (spec §8 "Push"): the Firebase Cloud Messaging SDK gives this browser a
// token, the site keeps it on the signed-in person's profile, and a push that arrives while the site
// is open is shown as a toast. Token failures are only logged; no token is the 'token not found'
// state; a browser without messaging logs 'Messaging not supported.' and nothing else happens.
// The SDK is loaded only when it is needed: permission already given, or the person asked for it.
import type { MessagePayload } from "firebase/messaging";
import type { PublicEnv } from "~server/runtime/env.server";
import { LEGACY_PUSH_SCOPE, SERVICE_WORKER } from "~/modules/pwa/worker-address";

export type PushConfig = NonNullable<PublicEnv["push"]>;

/**
 * off: not started (no JavaScript yet, not configured); ask: supported, the person has not decided;
 * denied: blocked in the browser; on: this browser's token is on the profile. The rest are failures
 * nobody is shown: unsupported, token not found, failed.
 */
export type PushState = "off" | "unsupported" | "ask" | "denied" | "token not found" | "failed" | "on";

/** The route that keeps the token on the profile (and in a cookie the sign-out reads). */
export const SAVE_TOKEN_PATH = "/user/push-token";

let state: PushState = "off";
const listeners = new Set<() => void>();
function set(next: PushState) {
  state = next;
  listeners.forEach((l) => l());
}
export const pushState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** What Firebase's isSupported() checks that costs nothing to check before loading the SDK. */
function mayBeSupported() {
  return (
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    "indexedDB" in window &&
    navigator.cookieEnabled
  );
}

let started: Promise<void> | null = null;
let startedFor = "";
let listening = false;
let showMessage: ((payload: MessagePayload) => void) | null = null;

/**
 * On every page once React runs, for a signed-in person: resumes push when this browser already
 * allowed notifications, otherwise only finds out whether to offer them.
 */
export function resumePush(config: PushConfig, who: string, onMessage: (payload: MessagePayload) => void) {
  showMessage = onMessage;
  // Someone else signed in without the page reloading: their profile needs this browser's token too.
  if (who !== startedFor) started = null;
  startedFor = who;
  if (started) return started;
  if (!mayBeSupported()) {
    console.log("Messaging not supported.");
    set("unsupported");
    return (started = Promise.resolve());
  }
  if (Notification.permission === "denied") set("denied");
  else if (Notification.permission === "default") set("ask");
  else return (started = connect(config));
  return Promise.resolve();
}

/** The person pressed "Turn on notifications": the only moment the browser's question is asked. */
export async function enablePush(config: PushConfig) {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return set("denied");
  if (permission !== "granted") return set("ask");
  await (started = connect(config));
}

async function connect(config: PushConfig) {
  const [{ initializeApp, getApps }, m] = await Promise.all([
    import("firebase/app"),
    import("firebase/messaging"),
  ]);
  if (!(await m.isSupported())) {
    console.log("Messaging not supported.");
    return set("unsupported");
  }
  const app =
    getApps().find((a) => a.name === "push") ??
    initializeApp(
      {
        apiKey: config.apiKey,
        projectId: config.projectId,
        messagingSenderId: config.messagingSenderId,
        appId: config.appId,
      },
      "push",
    );
  const messaging = m.getMessaging(app);
  let token: string;
  try {
    // The site's one worker (decision 048), which /sw.js tells about the same Firebase web app; the
    // page registers it on load too, so this finds it already running.
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER.url, {
      scope: SERVICE_WORKER.scope,
      updateViaCache: SERVICE_WORKER.updateViaCache,
    });
    await activated(registration);
    token = await m.getToken(messaging, {
      vapidKey: config.vapidKey,
      serviceWorkerRegistration: registration,
    });
  } catch (error) {
    console.error("An error occurred while retrieving token.", error);
    return set("failed");
  }
  if (!token) {
    console.log("token not found");
    return set("token not found");
  }
  if (!listening) m.onMessage(messaging, (payload) => showMessage?.(payload));
  listening = true;
  try {
    await save(token);
  } catch (error) {
    console.error("The messaging token could not be saved.", error);
    return set("failed");
  }
  set("on");
  await retireLegacyWorker();
}

/**
 * Before there was one worker, push had its own under Firebase's scope. Its subscription is not
 * this browser's token any more (the new one is on the profile now): it goes, so that nothing
 * arrives twice.
 */
async function retireLegacyWorker() {
  try {
    const legacy = await navigator.serviceWorker.getRegistration(LEGACY_PUSH_SCOPE);
    // Asked for a scope it does not have, the browser answers with the one that covers it: "/".
    if (legacy && new URL(legacy.scope).pathname === LEGACY_PUSH_SCOPE) await legacy.unregister();
  } catch {
    // nothing to tidy, or it could not be: pushes still arrive through the new worker
  }
}

/** On every start: the route answers at once when this browser already saved this token for this person. */
async function save(token: string) {
  const res = await fetch(SAVE_TOKEN_PATH, { method: "POST", body: new URLSearchParams({ fcm_id: token }) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** Push subscriptions need an active worker; a just-registered one is still installing. */
function activated(registration: ServiceWorkerRegistration) {
  return new Promise<void>((resolve, reject) => {
    if (registration.active) return resolve();
    const incoming = registration.installing ?? registration.waiting;
    if (!incoming) return reject(new Error("No service worker is being installed"));
    const timer = setTimeout(() => reject(new Error("The service worker did not start in time")), 10_000);
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "activated") {
        clearTimeout(timer);
        resolve();
      } else if (incoming.state === "redundant") {
        clearTimeout(timer);
        reject(new Error("The service worker could not be installed"));
      }
    });
  });
}
