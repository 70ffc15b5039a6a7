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
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
