// Run by `npm start` beside the first build: the embedded database is made, migrated and given the
// demo's rows while the app is built, so the server started after the build answers at once (the
// pictures and the demo accounts are its work). Made in a folder of its own and moved into place
// when complete, so a start stopped half-way leaves no half-made database behind.
import { renameSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../server/db/client.server";
import { seedIfEmpty } from "../demo";
import { storageFromEnv } from "../server/media/storage-from-env.server";
import { env } from "../server/runtime/env.server";

const e = env();
const target = path.join(e.DATA_DIR, "pglite");
const making = path.join(e.DATA_DIR, "pglite-preparing");
rmSync(making, { recursive: true, force: true });
const handle = await openDatabase({ dataDir: making });
try {
  await seedIfEmpty(handle.db, storageFromEnv(e), null, { paint: false });
} finally {
  await handle.close();
}
renameSync(making, target);
