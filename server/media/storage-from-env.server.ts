// Which storage this process uses: a bucket when S3_BUCKET is set, else DATA_DIR/uploads (decision 039).
import path from "node:path";
import { ConfigurationError, type StorageEnv } from "../runtime/env.server";
import { S3Storage } from "./s3-storage.server";
import { LocalDiskStorage, type FileStorage } from "./storage.server";

/** Where files are served when the bucket has no public address of its own: server/media/serve-uploads.ts. */
export const UPLOADS_BASE = "/uploads";

export function storageFromEnv(e: StorageEnv): FileStorage {
  if (!e.S3_BUCKET)
    return new LocalDiskStorage({ root: path.join(e.DATA_DIR, "uploads"), publicBase: UPLOADS_BASE });
  // One key without the other is a mistake (the SDK would quietly look elsewhere): say which.
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigurationError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials (a role).",
    );
  }
  return new S3Storage({
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicBase: e.S3_PUBLIC_URL ?? UPLOADS_BASE,
  });
}
