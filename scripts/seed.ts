// `npm run seed`: fills an empty database with the demo catalogue (and makes the demo accounts
// sign-in-able when the auth emulator runs). `--reset` empties the database first.
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.server";
import { seedContent, seedDemo, ensureDemoAccounts } from "../demo";
import { storageFromEnv } from "../server/media/storage-from-env.server";
import { AuthService } from "../server/auth/firebase.server";
import { derivedSecret, env } from "../server/env.server";

const e = env();
const handle = await openDatabase(
  e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.join(e.DATA_DIR, "pglite") },
);
// The same storage the server uses: a bucket when S3_BUCKET is set.
const storage = storageFromEnv(e);
try {
  if (process.argv.includes("--reset")) {
    await handle.db.execute(
      sql`truncate users, categories, parameters, facilities, languages, settings, articles, article_categories, faqs, contact_messages, rate_limits restart identity cascade`,
    );
  }
  const [row] = await handle.db
    .execute<{ n: number }>(sql`select count(*)::int as n from users`)
    .then((r) => r.rows);
  if (Number(row?.n ?? 0) > 0)
    console.log("The database already has data; run `npm run seed -- --reset` to start over.");
  else {
    await seedDemo(handle.db, storage);
    await seedContent(handle.db, storage);
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    await ensureDemoAccounts(
      handle.db,
      new AuthService({
        projectId: e.FIREBASE_PROJECT_ID,
        apiKey: e.FIREBASE_API_KEY,
        emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
        tokenSecret: derivedSecret("emulator-tokens"),
      }),
    );
  }
} finally {
  await handle.close();
}
