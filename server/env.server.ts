// Environment, parsed once at start-up. Only the values in `publicEnv` ever reach the browser.
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** A PostgreSQL server; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  /** Send API requests over HTTP to a separately deployed API instead of dispatching in-process. */
  API_ORIGIN: z.url().optional(),
  /** "off" in production: never fill an empty database with the demo catalogue. */
  DEMO_DATA: z.enum(["on", "off"]).default("on"),
  FIREBASE_PROJECT_ID: z.string().default("demo-souq"),
  /** Web API key of the Firebase project; any string works against the emulator. */
  FIREBASE_API_KEY: z.string().default("demo-api-key"),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  SESSION_SECRET: z.string().default("dev-only-secret-change-me"),
  PUBLIC_ORIGIN: z.string().optional(),
  /**
   * Web push (Firebase Cloud Messaging), sending side: a service account's JSON, or the path of its
   * file. GOOGLE_APPLICATION_CREDENTIALS (Google's own default credentials) works as well. Neither
   * set: no push is sent (in-app notifications still are).
   */
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  /** Web push, browser side: all three from the Firebase console's web app and Cloud Messaging pages, or push stays off. */
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  FIREBASE_VAPID_KEY: z.string().optional(),
  /** A MapLibre style for the map search and listing maps: OpenStreetMap data, no API key. */
  MAP_STYLE_URL: z.string().min(1).default("https://tiles.openfreemap.org/styles/liberty"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;
export function env(): Env {
  cached ??= schema.parse(process.env);
  return cached;
}

/** Tests change variables between cases; everything else reads them once. */
export function resetEnv() {
  cached = undefined;
}

export function publicEnv() {
  const e = env();
  return {
    firebase: {
      apiKey: e.FIREBASE_API_KEY,
      projectId: e.FIREBASE_PROJECT_ID,
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    mapStyleUrl: e.MAP_STYLE_URL,
    push: webPushConfig(e),
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

/** What the browser needs for web push, or null when it is not configured (the browser then does nothing). */
function webPushConfig(e: Env) {
  if (!e.FIREBASE_MESSAGING_SENDER_ID || !e.FIREBASE_APP_ID || !e.FIREBASE_VAPID_KEY) return null;
  return { apiKey: e.FIREBASE_API_KEY, projectId: e.FIREBASE_PROJECT_ID, messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID, appId: e.FIREBASE_APP_ID, vapidKey: e.FIREBASE_VAPID_KEY };
}
