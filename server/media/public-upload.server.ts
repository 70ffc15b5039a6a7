// The bytes of a public upload, given the address pages show for it: `/uploads/<key>`, or the
// bucket's own address (S3_PUBLIC_URL) followed by the key. For the pictures the server draws from
// a listing's photo (its share card): read from storage, never fetched from an address, so no page
// data can make the server fetch anything else. Private files and foreign addresses give null.
import { env } from "../env.server";
import { storageFromEnv, UPLOADS_BASE } from "./storage-from-env.server";
import { isPrivateKey, isSafeKey, type FileStorage } from "./storage.server";

/** The storage key of a public upload's address, or null when the address is not one. */
export function publicUploadKey(url: string): string | null {
  const bucket = env().S3_PUBLIC_URL?.replace(/\/+$/, "");
  const path = url.split(/[?#]/)[0]!;
  let rest: string | null = null;
  if (path.startsWith(`${UPLOADS_BASE}/`)) rest = path.slice(UPLOADS_BASE.length + 1);
  else if (bucket && path.startsWith(`${bucket}/`)) rest = path.slice(bucket.length + 1);
  if (rest === null) return null;
  let key: string;
  try {
    key = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return isSafeKey(key) && !isPrivateKey(key) ? key : null;
}

let ownStorage: FileStorage | undefined;

/** This process's storage, as serve-uploads.ts finds it: the runtime's, or a web tier's own. */
async function processStorage(): Promise<FileStorage> {
  const e = env();
  if (e.API_ORIGIN) return (ownStorage ??= storageFromEnv(e));
  const { getRuntime } = await import("../runtime.server");
  return (await getRuntime()).storage;
}

export async function readPublicUpload(url: string): Promise<Buffer | null> {
  const key = publicUploadKey(url);
  if (!key) return null;
  return (await processStorage()).get(key);
}
