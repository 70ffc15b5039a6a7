// A folder's files as HTTP answers, in front of the product's handler: @hono/node-server's
// serveStatic reads them (types, byte ranges, HEAD, streaming from disk); this adds what it leaves
// out, revalidation (ETag, 304) and If-Range, and gives every answer of a file its headers at once.
import { createReadStream, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { diskValidators } from "../media/storage.server";
import { notModified } from "../media/stored-file-response";

/**
 * Every file under `root`, as addresses ("/favicon.svg", "/map/blank-style.json"). A build's client
 * folder does not change while the server runs, so it is read once at start: a page's request then
 * goes straight to the product's handler instead of asking the disk first (a lookup that fails, on
 * every page). Folders are left out: no folder is answered as a file.
 */
export function listFiles(root: string): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const url = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), url);
      else paths.add(url);
    }
  };
  walk(root, "");
  return paths;
}

export interface Folder {
  /** Where the files are on disk. */
  root: string;
  /** The address the folder is served under: "" for the site's root, "/uploads". */
  base: string;
  /** The addresses of its files, when they are known at start: nothing else asks the disk. */
  listed?: Set<string>;
  /** The headers every answer of the file at `address` carries (200, 206, 304, 416): caching, policies. */
  headers: (address: string) => Record<string, string>;
}

/**
 * Answers GET and HEAD for the folder's files; any other request, and an address that names no file
 * (or is written with dot segments, doubled slashes, backslashes or encoded bytes that stay encoded:
 * serveStatic refuses those), goes on to the next handler.
 */
export function serveFolder(folder: Folder): MiddlewareHandler {
  // Which file serveStatic found for a request: its validators and, for If-Range, its bytes again.
  const found = new WeakMap<Context, string>();
  const serve = serveStatic({
    // An empty root and the folder in the rewritten path: serveStatic checks at start that its root
    // exists, and the uploads' folder may only be made by the first upload.
    root: "",
    rewriteRequestPath: (address) => path.join(folder.root, address.slice(folder.base.length)),
    onFound: (file, c) => void found.set(c, file),
  });
  return async (c, next) => {
    if (folder.listed && !folder.listed.has(c.req.path)) return next();
    let missing = false;
    const res = await serve(c, async () => {
      missing = true;
    });
    const file = found.get(c);
    if (missing || !res || !file) return next();
    return fileAnswer(c.req.raw, res, file, folder.headers(c.req.path));
  };
}

/**
 * The one place a file's answer gets its headers: serveStatic's own (type, length, range), its
 * validators, and `own`. A request whose copy is current gets 304 and no bytes; a range asked
 * "if the file is still the one I have" of a file that changed gets the whole file.
 */
function fileAnswer(request: Request, res: Response, file: string, own: Record<string, string>): Response {
  const stats = statSync(file);
  const { etag, lastModified } = diskValidators(stats.size, stats.mtimeMs);
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(own)) headers.set(name, value);
  headers.set("Accept-Ranges", "bytes");
  headers.set("ETag", etag);
  headers.set("Last-Modified", lastModified.toUTCString());

  if (notModified(request.headers, etag, lastModified)) {
    void res.body?.cancel();
    for (const name of ["Content-Type", "Content-Length", "Content-Range"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  const ifRange = request.headers.get("if-range");
  if (res.status === 206 && ifRange !== null && ifRange.trim() !== etag) {
    void res.body?.cancel();
    headers.delete("Content-Range");
    headers.set("Content-Length", String(stats.size));
    const whole = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
    return new Response(whole, { status: 200, headers });
  }
  return new Response(res.body, { status: res.status, headers });
}
