// A file sent the way video players ask for it: in byte ranges (seeking fetches only what is
// needed), revalidated by ETag, and read from disk as it is sent.
import { open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";

export interface FileResponseOptions {
  contentType: string;
  cacheControl: string;
}

type ByteRange = { start: number; end: number };
/** "none": no usable Range header (absent, malformed, several ranges, another unit): the whole file. */
type RangeRequest = ByteRange | "none" | "unsatisfiable";

export async function fileRangeResponse(
  request: Request,
  file: string,
  options: FileResponseOptions,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }

  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR")
      return new Response(null, { status: 404 });
    throw error;
  }

  // Size and date from the open file, so the answer describes exactly the bytes that will be sent
  // even if the path is replaced meanwhile.
  let keepOpen = false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return new Response(null, { status: 404 });
    const size = stats.size;
    const etag = `"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const lastModified = new Date(Math.floor(stats.mtimeMs / 1000) * 1000);
    const headers = new Headers({
      "Accept-Ranges": "bytes",
      "Cache-Control": options.cacheControl,
      "Content-Type": options.contentType,
      ETag: etag,
      "Last-Modified": lastModified.toUTCString(),
    });

    if (notModified(request.headers, etag, lastModified)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }

    // If-Range: a range of the copy the client already holds, or else the whole (changed) file.
    const ifRange = request.headers.get("if-range");
    const range: RangeRequest =
      ifRange !== null && ifRange.trim() !== etag ? "none" : parseRange(request.headers.get("range"), size);

    if (range === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${size}`);
      headers.set("Content-Length", "0");
      headers.delete("Content-Type");
      return new Response(null, { status: 416, headers });
    }

    const { start, end } = range === "none" ? { start: 0, end: size - 1 } : range;
    const length = size === 0 ? 0 : end - start + 1;
    headers.set("Content-Length", String(length));
    const status = range === "none" ? 200 : 206;
    if (status === 206) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);

    if (method === "HEAD" || length === 0) return new Response(null, { status, headers });

    // The read stream closes the file when it ends, fails, or the client goes away (the web stream
    // is cancelled, which destroys it). Readable.toWeb reads only as fast as the answer is sent.
    const stream = handle.createReadStream({ start, end, autoClose: true });
    keepOpen = true;
    const body = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  } finally {
    if (!keepOpen) await handle.close();
  }
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); weak comparison for If-None-Match. */
function notModified(requestHeaders: Headers, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = requestHeaders.get("if-none-match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === etag;
    });
  }
  const ifModifiedSince = requestHeaders.get("if-modified-since");
  if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110 §14.1.2); anything else is ignored. */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (header === null) return "none";
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return "none"; // malformed, another unit, or several ranges (a comma)
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return "none";
  // Digit strings too long for a safe integer are still numbers past any file size.
  const a = first === "" ? null : Number(first);
  const b = last === "" ? null : Number(last);

  if (a === null) {
    // Suffix: the last n bytes (all of them when n is larger than the file); n = 0 asks for nothing.
    if (b === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - b!), end: size - 1 };
  }
  if (b !== null && b < a) return "none"; // invalid: the header is ignored
  if (a >= size) return "unsatisfiable";
  return { start: a, end: b === null ? size - 1 : Math.min(b, size - 1) };
}
