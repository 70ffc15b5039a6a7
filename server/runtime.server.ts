// The process-wide parts (database, auth, storage, API), created once on first use.
import path from "node:path";
import { createApi, type Api } from "./api";
import { AuthService } from "./auth/firebase.server";
import { openDatabase, type DatabaseHandle } from "./db/client.server";
import { seedIfEmpty } from "./db/seed";
import { assertReadyForProduction, derivedSecret, env } from "./env.server";
import { LocalDiskStorage, type FileStorage } from "./media/storage.server";
import { mailerFromEnv } from "./api/contact/mailer";
import { smsFromEnv } from "./api/otp/delivery";
import { messagingFromEnv } from "./api/push/fcm.server";
import { startPushDispatcher } from "./api/push/dispatcher";
import { startHousekeeping } from "./housekeeping";
import { startAlertWorker } from "./api/saved-searches/worker";
import { startJobWorker } from "./api/jobs/worker";

export interface Runtime {
  database: DatabaseHandle;
  auth: AuthService;
  storage: FileStorage;
  api: Api;
}

let runtime: Promise<Runtime> | undefined;

export function getRuntime(): Promise<Runtime> {
  runtime ??= createRuntime().catch((e) => {
    runtime = undefined;
    throw e;
  });
  return runtime;
}

/** Tests hand in their own parts (a fresh database, a temporary upload folder). */
export function provideRuntime(parts: Runtime) {
  runtime = Promise.resolve(parts);
}

async function createRuntime(): Promise<Runtime> {
  const e = env();
  assertReadyForProduction(e);
  const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.join(e.DATA_DIR, "pglite") });
  const storage = new LocalDiskStorage({ root: path.join(e.DATA_DIR, "uploads"), publicBase: "/uploads" });
  const auth = new AuthService({
    projectId: e.FIREBASE_PROJECT_ID,
    apiKey: e.FIREBASE_API_KEY,
    emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    tokenSecret: derivedSecret("emulator-tokens"),
  });
  if (e.DEMO_DATA === "on") await seedIfEmpty(database.db, storage, auth);
  const api = createApi({ db: database.db, auth, storage, mailer: mailerFromEnv(), sms: smsFromEnv(), listen: database.listen });
  const messaging = messagingFromEnv(e);
  if (messaging) await startPushDispatcher({ db: database.db, listen: database.listen, messaging, origin: e.PUBLIC_ORIGIN });
  else console.log("Web push is off: set FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS) to send notifications to browsers.");
  startHousekeeping(database.db);
  startAlertWorker({ db: database.db, listen: database.listen, mailer: mailerFromEnv() });
  // Tour videos, 3D models and imports: rows in the jobs table, taken by whichever process is free.
  startJobWorker({ db: database.db, auth, storage, mailer: mailerFromEnv(), listen: database.listen });
  return { database, auth, storage, api };
}
