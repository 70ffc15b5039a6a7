// A stored file as an HTTP answer, wherever it is kept: byte ranges (a video seeks, a download
// resumes), revalidation by ETag, and the bytes streamed from the store as the client takes them.
// The disk's own files have fileRangeResponse (video/range.ts); this serves a bucket's the same way.
import { Readable } from "node:stream";
import type { FileStorage, StoredFileInfo, StoredFileRead } from "./storage.server";
import { parseRange } from "./video/range";

export interface StoredFileResponseOptions {
  cacheControl: string;
  /** Unset: the type the file was stored with. */
  contentType?: string;
}

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function storedFileResponse(
  request: Request,
  storage: FileStorage,
  key: string,
  options: StoredFileResponseOptions,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD")
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });

  const asks = request.headers;
  const plainGet =
    method === "GET" && !asks.has("range") && !asks.has("if-none-match") && !asks.has("if-modified-since");
  // The usual request is one round trip to the store; a conditional or ranged one first learns the
  // size and validator (a 304 then reads nothing, a range is resolved against the real size).
  let read: StoredFileRead | null = plainGet ? await storage.read(key) : null;
  const found: StoredFileInfo | null = plainGet ? read : await storage.stat(key);
  if (!found) return notFound();

  const { size, etag, lastModified } = found;
  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": options.cacheControl,
    "Content-Type": options.contentType ?? found.contentType,
    ETag: etag,
    "Last-Modified": lastModified.toUTCString(),
  });

  if (notModified(asks, etag, lastModified)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }

  // If-Range: a range of the copy the client already holds, or else the whole (changed) file.
  const ifRange = asks.get("if-range");
  const range = ifRange !== null && ifRange.trim() !== etag ? "none" : parseRange(asks.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    headers.set("Content-Length", "0");
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }

  const whole = range === "none";
  const { start, end } = whole ? { start: 0, end: size - 1 } : range;
  const length = size === 0 ? 0 : end - start + 1;
  const status = whole ? 200 : 206;
  headers.set("Content-Length", String(length));
  if (!whole) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);

  if (method === "HEAD" || length === 0) {
    read?.body.destroy();
    return new Response(null, { status, headers });
  }

  try {
    read ??= await storage.read(key, whole ? undefined : { start, end });
  } catch (error) {
    // Replaced by a shorter file between the two requests: the client asks again.
    if (error instanceof RangeError)
      return new Response(null, { status: 503, headers: { "Retry-After": "1" } });
    throw error;
  }
  if (!read) return notFound();
  // Cancelling the web stream (the client went away) destroys the store's stream and its connection.
  const body = Readable.toWeb(read.body) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); weak comparison for If-None-Match. */
export function notModified(asks: Headers, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = asks.get("if-none-match");
  if (ifNoneMatch !== null) {
    const strong = etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === strong;
    });
  }
  const ifModifiedSince = asks.get("if-modified-since");
  if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}
