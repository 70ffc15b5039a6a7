// `npm run uploads:to-s3`: copies DATA_DIR/uploads into the bucket of S3_BUCKET (and the other S3_*
// settings), so a disk deployment can move its files before it starts with the bucket. Safe to run
// again: files already there with the same size are skipped. Exits 1 when any file failed.
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigurationError, storageEnv, type StorageEnv } from "../server/runtime/env.server";
import { copyUploads } from "../server/media/copy-uploads";
import { S3Storage } from "../server/media/s3-storage.server";
import { storageFromEnv } from "../server/media/storage-from-env.server";

let e: StorageEnv;
try {
  e = storageEnv();
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const root = path.join(e.DATA_DIR, "uploads");
const storage = storageFromEnv(e);
if (!(storage instanceof S3Storage)) {
  console.error(
    "S3_BUCKET is not set: there is no bucket to copy to (see docs/decisions/039-object-storage.md).",
  );
  process.exit(2);
}
if (!existsSync(root)) {
  console.error(`${root} does not exist: nothing to copy.`);
  process.exit(2);
}

console.log(`Copying ${root} to the bucket ${storage.bucket}…`);
try {
  const report = await copyUploads({ root, storage, log: (line) => console.log(line) });
  console.log(`${report.copied} copied, ${report.skipped} skipped, ${report.failed.length} failed`);
  if (report.failed.length) process.exitCode = 1;
} finally {
  storage.destroy();
}
