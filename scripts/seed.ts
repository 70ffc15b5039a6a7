// `npm run seed`: fills an empty database with the demo catalogue and paints its pictures (and makes
// the demo accounts sign-in-able when the auth emulator runs). `--reset` empties the database first.
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.server";
import { seedIfEmpty } from "../demo";
import { storageFromEnv } from "../server/media/storage-from-env.server";
import { AuthService } from "../server/auth/firebase.server";
import { derivedSecret, env } from "../server/runtime/env.server";

const e = env();
const handle = await openDatabase(
  e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.join(e.DATA_DIR, "pglite") },
);
// The same storage the server uses: a bucket when S3_BUCKET is set.
const storage = storageFromEnv(e);
try {
  if (process.argv.includes("--reset")) {
    await handle.db.execute(
      sql`truncate users, categories, parameters, facilities, languages, settings, articles, article_categories, faqs, contact_messages, rate_limits, jobs restart identity cascade`,
    );
  }
  const [row] = await handle.db
    .execute<{ n: number }>(sql`select count(*)::int as n from users`)
    .then((r) => r.rows);
  if (Number(row?.n ?? 0) > 0)
    console.log("The database already has data; run `npm run seed -- --reset` to start over.");
  const auth = e.FIREBASE_AUTH_EMULATOR_HOST
    ? new AuthService({
        projectId: e.FIREBASE_PROJECT_ID,
        apiKey: e.FIREBASE_API_KEY,
        emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
        tokenSecret: derivedSecret("emulator-tokens"),
      })
    : null;
  // What a start adds to an older demo database is added here too; then every picture is painted.
  const demo = await seedIfEmpty(handle.db, storage, auth);
  await demo.settled;
  await demo.stop();
} finally {
  await handle.close();
}
