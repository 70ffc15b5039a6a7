// Which public upload an address names, as pages show it: `/uploads/<key>`, or the
// bucket's own address (S3_PUBLIC_URL) followed by the key. For the pictures the server draws from
// a listing's photo (its share card, through GET /api/public-upload): read from storage, never fetched from an address, so no page
// data can make the server fetch anything else. Private files and foreign addresses give null.
import { env } from "../runtime/env.server";
import { UPLOADS_BASE } from "./storage-from-env.server";
import { isPrivateKey, isSafeKey } from "./storage.server";

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
