// GET /uploads/<key> when the files are in a bucket without a public address of its own (no
// S3_PUBLIC_URL): this server streams them from the bucket (decision 039). On the local disk the
// front (server/http/front.ts) answers first from DATA_DIR/uploads, so this only ever says 404 there.
import type { Context } from "hono";
import { env } from "../runtime/env.server";
import { storageFromEnv, UPLOADS_BASE } from "./storage-from-env.server";
import { storedFileResponse } from "./stored-file-response";
import { cacheControlFor, isPrivateKey, isSafeKey, type FileStorage } from "./storage.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/** The key of `/uploads/<key>`, or null for anything else (encoded bytes that are not UTF-8 included). */
export function uploadKeyOf(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(`${UPLOADS_BASE}/`)) return null;
  try {
    return decodeURIComponent(pathname.slice(UPLOADS_BASE.length + 1));
  } catch {
    return null;
  }
}

/** The handler, given where the files are: `storage` is asked on every request (it may still be opening). */
export function uploadsHandler(storage: () => FileStorage | Promise<FileStorage>) {
  return async (c: Context): Promise<Response> => {
    const key = uploadKeyOf(c.req.url);
    // Private files have no address at all: they are served only through the API's own checks.
    if (key === null || !isSafeKey(key) || isPrivateKey(key)) return notFound();
    return storedFileResponse(c.req.raw, await storage(), key, { cacheControl: cacheControlFor(key) });
  };
}

let ownStorage: FileStorage | undefined;

/**
 * This process's storage: the runtime's, or, in a web tier in front of a separate API (API_ORIGIN,
 * no runtime), one of its own made from the same settings.
 */
async function processStorage(): Promise<FileStorage> {
  const e = env();
  if (e.API_ORIGIN) return (ownStorage ??= storageFromEnv(e));
  // Imported when first asked: the runtime's module graph (the API, the database) is not this module's.
  const { getRuntime } = await import("../runtime/runtime.server");
  return (await getRuntime()).storage;
}

/** The product's handler (server/app.ts). */
export const serveUploads = uploadsHandler(processStorage);
