// What a connection meets first (server.js runs it under Node's HTTP server): compression, the
// build's files and the uploads straight from disk, then the product's handler (server/app.ts) for
// everything else. Files never reach the handler, so they are not logged or counted as requests.
import path from "node:path";
import { Hono } from "hono";
import { contentTypeOf, DEFAULT_CONTENT_TYPE } from "../media/content-type";
import { isPrivateKey } from "../media/storage.server";
import { logger } from "../observability/log";
import {
  SERVICE_WORKER_CSP,
  UPLOADED_FILE_CSP,
  servedOverHttps,
  staticFileHeaders,
} from "../security/headers";
import { compression, readyForCompression } from "./compression";
import { listFiles, serveFolder } from "./files";

export interface FrontOptions {
  /** The product's handler: pages, the API, health. Asked for everything that is not a file. */
  app: { fetch: (request: Request, env: unknown) => Response | Promise<Response> };
  /** Uploaded and demo photos (DATA_DIR/uploads). */
  uploads: string;
  /** The build's client folder; unset in development, where Vite serves the modules. */
  client?: string;
}

/** Hashed build files and uploads: a new file gets a new name, so a copy never goes stale. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The rest of the client folder (the icon, the map's style) keeps its name across releases. */
const AN_HOUR = "public, max-age=3600";
/** The push service worker's own file: the one file that runs, under its own policy. */
const SERVICE_WORKER_FILE = "/firebase-messaging-sw.js";

/**
 * Whether an address under /uploads reaches the private files, however it is written: encoded,
 * with backslashes, doubled slashes or dot segments. Null when it cannot be decoded at all.
 */
function reachesPrivateUpload(pathname: string): boolean | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const key = /^\/uploads\/(.*)$/i.exec(path.posix.normalize(decoded.replace(/\\/g, "/")))?.[1];
  return key !== undefined && isPrivateKey(key);
}

export function createFront({ app, uploads, client }: FrontOptions): Hono {
  // Files carry the same security headers as the handler's answers, with a policy under which a
  // file can do nothing; an uploaded photo's lets the browser style the page it shows it in.
  const fileHeaders = staticFileHeaders({ https: servedOverHttps() });
  const front = new Hono();

  front.onError((error, c) => {
    logger().error({ err: error }, "Unexpected error");
    return c.text("Internal Server Error", 500);
  });

  front.use(compression());

  // Private uploads (originals with their EXIF and GPS, chat files, receipts, documents) have no
  // address: they reach a person only through the API's own checks.
  front.use("/uploads/*", async (c, next) => {
    const reaches = reachesPrivateUpload(new URL(c.req.url).pathname);
    if (reaches === null) return readyForCompression(c.text("Bad Request", 400, fileHeaders), c.req.raw);
    if (reaches) return readyForCompression(c.text("Not Found", 404, fileHeaders), c.req.raw);
    return next();
  });
  // Uploaded and demo photos: their names change whenever their bytes do. Their types are the
  // storage's own (a video or a voice note the generic table does not know would not play).
  front.use(
    "/uploads/*",
    serveFolder({
      root: uploads,
      base: "/uploads",
      headers: (address) => {
        const type = contentTypeOf(address);
        return {
          ...fileHeaders,
          "Content-Security-Policy": UPLOADED_FILE_CSP,
          "Cache-Control": IMMUTABLE,
          ...(type === DEFAULT_CONTENT_TYPE ? {} : { "Content-Type": type }),
        };
      },
    }),
  );
  if (client) {
    front.use(
      serveFolder({
        root: client,
        base: "",
        listed: listFiles(client),
        headers: (address) => ({
          ...fileHeaders,
          ...(address === SERVICE_WORKER_FILE ? { "Content-Security-Policy": SERVICE_WORKER_CSP } : {}),
          "Cache-Control": address.startsWith("/assets/") ? IMMUTABLE : AN_HOUR,
        }),
      }),
    );
  }

  // The handler sets its own headers (a page's policy differs from a file's); the node bindings
  // go along, for the connection's address.
  front.all("*", async (c) => readyForCompression(await app.fetch(c.req.raw, c.env), c.req.raw));
  return front;
}
