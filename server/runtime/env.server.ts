// Environment, parsed once at start-up. Only the values in `publicEnv` ever reach the browser.
import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** A variable set but empty (`S3_ENDPOINT=` in an env file) counts as not set. */
const blankIsUnset = (v: unknown) => (v === "" ? undefined : v);

/**
 * Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads (decision 039). The access
 * keys are optional: unset, the SDK's own chain finds them (an instance or task role, AWS_* variables).
 */
const storageSettings = {
  /** Set: uploads live in this bucket. */
  S3_BUCKET: z.preprocess(blankIsUnset, z.string().min(1).optional()),
  /** Another service than AWS (MinIO, R2, …): its address. */
  S3_ENDPOINT: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(blankIsUnset, z.string().min(1).default("us-east-1")),
  S3_ACCESS_KEY_ID: z.preprocess(blankIsUnset, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankIsUnset, z.string().optional()),
  /** "true" for MinIO and most local servers: the bucket in the path, not the host name. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    blankIsUnset,
    z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  ),
  /** Where public files are read from (a CDN, the bucket's public address); unset: this server's /uploads. */
  S3_PUBLIC_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/ }).optional()),
};

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** A PostgreSQL server; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  /**
   * How long a web process may answer visitors who are not signed in from its copy of a shared read
   * (home's sections, a listing, a list of results), unless the content changes first; 0 turns the
   * copies off.
   */
  SHARED_READ_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Send API requests over HTTP to a separately deployed API instead of dispatching in-process. */
  API_ORIGIN: z.url().optional(),
  /** "off" in production: never fill an empty database with the demo catalogue. */
  DEMO_DATA: z.enum(["on", "off"]).default("on"),
  /**
   * When the demo's pictures are painted on a fresh data folder: while the site already answers
   * (`background`), or all of them before its first answer (`first`: the browser tests, which open
   * many pictures at once on a busy machine).
   */
  DEMO_PICTURES: z.enum(["background", "first"]).default("background"),
  FIREBASE_PROJECT_ID: z.string().default("demo-souq"),
  /** Web API key of the Firebase project; any string works against the emulator. */
  FIREBASE_API_KEY: z.string().default("demo-api-key"),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /**
   * Signs cookies and, with the emulator, the tokens the server hands out. Required in production;
   * elsewhere a random one is made once and kept in DATA_DIR (see `resolveSessionSecret`).
   */
  SESSION_SECRET: z.string().optional(),
  /** Key of the hash of one-time sign-in codes; unset: derived from SESSION_SECRET. */
  OTP_SECRET: z.string().optional(),
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
  /**
   * An OSRM-compatible router (`https://osrm.example`) for compute-route and travel times: asked
   * `/route/v1/{driving|foot|bicycle}/…`. Unset, or when it fails: an estimate from the straight line.
   */
  ROUTING_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Raster tiles for static-map images, an OpenStreetMap-style template
   * (`https://tile.example/{z}/{x}/{y}.png`). Unset: a drawn map with the pin, no network.
   */
  TILE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), "TILE_URL must hold {z}, {x} and {y}")
    .optional(),
  /** Credit printed on static-map images made from TILE_URL's tiles (the tiles' licence asks for it). */
  TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  /** How much the JSON log says (server/observability/log.ts); the tests keep it silent. */
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /**
   * Prometheus's metrics at http://METRICS_HOST:METRICS_PORT/metrics (server/node/metrics-server.js),
   * never on the site's own port. Unset: no metrics are served.
   */
  METRICS_PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  /** Loopback unless told otherwise: a scraper on another machine needs it opened on purpose. */
  METRICS_HOST: z.preprocess(blankIsUnset, z.string().min(1).default("127.0.0.1")),
  ...storageSettings,
});

export type Env = Omit<z.infer<typeof schema>, "SESSION_SECRET"> & { SESSION_SECRET: string };

/** A setting that stops the server from starting: its message says what to set. */
export class ConfigurationError extends Error {}

const storageSchema = z.object({ DATA_DIR: schema.shape.DATA_DIR, ...storageSettings });
export type StorageEnv = z.infer<typeof storageSchema>;

/** The storage settings alone, for a command that needs no others (no secret, no database). */
export function storageEnv(source: NodeJS.ProcessEnv = process.env): StorageEnv {
  const result = storageSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigurationError(
      `Some settings are not valid:\n- ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n- ")}`,
    );
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  if (!cached) {
    const result = schema.safeParse(process.env);
    if (!result.success) {
      throw new ConfigurationError(
        `Some settings are not valid:\n- ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n- ")}`,
      );
    }
    cached = { ...result.data, SESSION_SECRET: resolveSessionSecret(result.data) };
  }
  return cached;
}

/**
 * A demo project (`demo-*`) can only ever talk to the Auth emulator: Firebase reserves the prefix
 * for it. Everything else with NODE_ENV=production is a real deployment, held to `productionProblems`.
 */
export const isDemoProject = (e: Pick<Env, "FIREBASE_PROJECT_ID">) =>
  e.FIREBASE_PROJECT_ID.startsWith("demo-");
export const isProduction = (e: Pick<Env, "NODE_ENV" | "FIREBASE_PROJECT_ID">) =>
  e.NODE_ENV === "production" && !isDemoProject(e);

const MIN_SECRET_LENGTH = 32;

/**
 * In production the secret must be given. Elsewhere (the demo, development) a random one is made on
 * the first start and kept in DATA_DIR, so sessions survive a restart and no two installations share
 * a key; a secret written in the source would let anyone who read it sign cookies and tokens.
 * Tests get a fresh one per process.
 */
function resolveSessionSecret(e: z.infer<typeof schema>): string {
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  if (isProduction(e)) return ""; // refused by productionProblems with a message that says what to set
  if (e.NODE_ENV === "test") return randomBytes(32).toString("hex");
  const file = path.join(e.DATA_DIR, "session-secret");
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= MIN_SECRET_LENGTH) return kept;
  } catch {
    // first start
  }
  const made = randomBytes(32).toString("hex");
  mkdirSync(e.DATA_DIR, { recursive: true });
  writeFileSync(file, made, { mode: 0o600 });
  try {
    chmodSync(file, 0o600);
  } catch {
    // a file system without modes
  }
  return made;
}

/** A key for one purpose, derived from SESSION_SECRET, so one leaked purpose key reveals no other. */
export function derivedSecret(purpose: string): string {
  return createHmac("sha256", env().SESSION_SECRET).update(`souq:${purpose}`).digest("hex");
}

/**
 * What a production start must not go ahead with, each naming the variable to set. An empty list
 * means ready. The demo and development are exempt (they run the emulator on purpose).
 */
export function productionProblems(e: Env = env()): string[] {
  if (!isProduction(e)) {
    // A demo project without the emulator would send every sign-in to Google, which refuses it.
    return isDemoProject(e) && e.NODE_ENV === "production" && !e.FIREBASE_AUTH_EMULATOR_HOST
      ? [
          `FIREBASE_PROJECT_ID is "${e.FIREBASE_PROJECT_ID}", a demo project that only the Auth emulator serves: set FIREBASE_PROJECT_ID to your Firebase project (or start the demo with npm start).`,
        ]
      : [];
  }
  const problems: string[] = [];
  if (e.SESSION_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(
      `SESSION_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters (e.g. the output of \`openssl rand -hex 32\`).`,
    );
  }
  if (e.OTP_SECRET !== undefined && e.OTP_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(
      `OTP_SECRET, when set, must be at least ${MIN_SECRET_LENGTH} characters (or leave it unset to derive it from SESSION_SECRET).`,
    );
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      "FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator signs nothing and must never serve production. Unset it.",
    );
  }
  if (e.FIREBASE_API_KEY === "demo-api-key") {
    problems.push(
      "FIREBASE_API_KEY is the demo's placeholder: set it to your Firebase project's Web API key.",
    );
  }
  return problems;
}

/** Refuses to start a production server that is set up like the demo. */
export function assertReadyForProduction(e: Env = env()) {
  const problems = productionProblems(e);
  if (problems.length)
    throw new ConfigurationError(`Refusing to start in production:\n- ${problems.join("\n- ")}`);
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
      /** The Auth emulator is in use: sign-in stays on the server (the browser is never told its address). */
      emulator: Boolean(e.FIREBASE_AUTH_EMULATOR_HOST),
    },
    mapStyleUrl: e.MAP_STYLE_URL,
    push: webPushConfig(e),
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

/** What the browser needs for web push, or null when it is not configured (the browser then does nothing). */
function webPushConfig(e: Env) {
  if (!e.FIREBASE_MESSAGING_SENDER_ID || !e.FIREBASE_APP_ID || !e.FIREBASE_VAPID_KEY) return null;
  return {
    apiKey: e.FIREBASE_API_KEY,
    projectId: e.FIREBASE_PROJECT_ID,
    messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID,
    appId: e.FIREBASE_APP_ID,
    vapidKey: e.FIREBASE_VAPID_KEY,
  };
}
