// The process-wide parts (database, auth, storage, API), created once on first use.
import path from "node:path";
import { createApi, type Api } from "../api";
import { AuthService } from "../auth/firebase.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { seedIfEmpty } from "../../demo";
import { assertReadyForProduction, derivedSecret, env } from "./env.server";
import type { FileStorage } from "../media/storage.server";
import { storageFromEnv } from "../media/storage-from-env.server";
import { mailerFromEnv } from "../api/contact/mailer";
import { smsFromEnv } from "../api/otp/delivery";
import { messagingFromEnv } from "../api/push/fcm.server";
import { startQueueWorker } from "../queue/worker";
import { processRole, type ProcessRole } from "./process-role";
import { logger } from "../observability/log";

export interface Runtime {
  database: DatabaseHandle;
  auth: AuthService;
  storage: FileStorage;
  api: Api;
}

let runtime: Promise<Runtime> | undefined;
let authOnly: AuthService | undefined;
/** What stopRuntime ends: the background work this process started, then its database. */
let stoppers: (() => Promise<void> | void)[] = [];

export function getRuntime(): Promise<Runtime> {
  // A web tier in front of a separately deployed API (API_ORIGIN) answers pages only: no database,
  // no seed, no background work. Reaching for them there is a mistake to see at once, not a second
  // database opened beside the API's.
  if (env().API_ORIGIN)
    return Promise.reject(new Error("With API_ORIGIN this process opens no database: ask the API instead"));
  runtime ??= createRuntime().catch((e) => {
    runtime = undefined;
    throw e;
  });
  return runtime;
}

/**
 * Tests hand in their own parts (a fresh database, a temporary upload folder). The returned function
 * puts back what was there before: test files share a process, and one file's parts must not be
 * another's.
 */
export function provideRuntime(parts: Runtime): () => void {
  const before = runtime;
  runtime = Promise.resolve(parts);
  return () => {
    runtime = before;
  };
}

/**
 * The identity provider alone: enough to read a session cookie or exchange a sign-in token, which
 * every process does, the web tier of a separate API (API_ORIGIN) included. It opens no database.
 */
export async function getAuth(): Promise<AuthService> {
  if (runtime && !env().API_ORIGIN) return (await runtime).auth;
  authOnly ??= openAuth();
  return authOnly;
}

function openAuth() {
  const e = env();
  return new AuthService({
    projectId: e.FIREBASE_PROJECT_ID,
    apiKey: e.FIREBASE_API_KEY,
    emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    tokenSecret: derivedSecret("emulator-tokens"),
  });
}

function openParts() {
  const e = env();
  assertReadyForProduction(e);
  const storage = storageFromEnv(e);
  // One identity service per process: the one getAuth handed out before the runtime started, if any.
  authOnly ??= openAuth();
  return { e, storage, auth: authOnly };
}

/**
 * The work that must run once before any process answers: the database's migrations and, in the
 * demo, its data. A single process does it as it starts (createRuntime); several workers on one
 * PostgreSQL database have it done by their primary before the first of them starts (server.js).
 */
export async function prepareDatabase(): Promise<void> {
  const { e, storage, auth } = openParts();
  if (!e.DATABASE_URL)
    throw new Error("Only a PostgreSQL database is prepared apart from the processes that use it");
  const database = await openDatabase({ url: e.DATABASE_URL });
  try {
    // The workers start once this returns: every demo file is painted by then, as they cannot paint
    // one a visitor asks for first.
    if (e.DEMO_DATA === "on") {
      const demo = await seedIfEmpty(database.db, storage, auth);
      await demo.settled;
      await demo.stop();
    }
  } finally {
    await database.close();
  }
}

async function createRuntime(): Promise<Runtime> {
  const role = processRole();
  const parts = openParts();
  const { e, auth } = parts;
  let { storage } = parts;
  // A worker's primary already migrated and seeded the database (prepareDatabase).
  const once = role === "all";
  const database = await openDatabase(
    e.DATABASE_URL ? { url: e.DATABASE_URL, migrate: once } : { dataDir: path.join(e.DATA_DIR, "pglite") },
  );
  stoppers.push(() => database.close());
  if (once && e.DEMO_DATA === "on") {
    // The demo's rows are there now; its pictures are painted while this process answers, and the
    // storage it serves from paints one asked for before its turn.
    const demo = await seedIfEmpty(database.db, storage, auth, {
      paintFirst: e.DEMO_PICTURES === "first",
    });
    storage = demo.storage;
    stoppers.unshift(() => demo.stop());
  }
  const api = createApi({
    db: database.db,
    auth,
    storage,
    mailer: mailerFromEnv(),
    sms: smsFromEnv(),
    listen: database.listen,
    sharedReadSeconds: e.SHARED_READ_SECONDS,
  });
  // Background work runs in one process only: the single one, or the cluster's "background" worker.
  if (role !== "web") await startBackgroundWork(database, auth, storage, role);
  return { database, auth, storage, api };
}

/**
 * The background queue's worker (server/queue/): tour videos and 3D models, imports, saved-search
 * alerts and digests, web push and the hourly housekeeping, all rows of one table, each taken by
 * whichever process is free and done once.
 */
async function startBackgroundWork(
  database: DatabaseHandle,
  auth: AuthService,
  storage: FileStorage,
  role: ProcessRole,
) {
  const e = env();
  const messaging = messagingFromEnv(e);
  if (!messaging)
    logger().info(
      "Web push is off: set FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS) to send notifications to browsers.",
    );
  const queue = await startQueueWorker({
    db: database.db,
    auth,
    storage,
    mailer: mailerFromEnv(),
    listen: database.listen,
    messaging,
    origin: e.PUBLIC_ORIGIN,
  });
  stoppers.unshift(() => queue.stop());
  if (role === "background")
    logger().info(
      `Worker ${process.pid} runs the background work (the queue: housekeeping, saved-search alerts, jobs${messaging ? ", web push" : ""})`,
    );
}

/**
 * Ends the background work (waiting for a job under way) and closes the database: on shutdown,
 * after the last request. server.js gives it a deadline; a job still running then is cut off, and
 * its lease lets another process take it up again.
 */
export async function stopRuntime(): Promise<void> {
  const started = runtime;
  if (!started) return;
  await started.catch(() => {});
  const pending = stoppers;
  stoppers = [];
  runtime = undefined;
  for (const stop of pending) {
    try {
      await stop();
    } catch (error) {
      logger().warn({ err: error }, "While stopping");
    }
  }
}
