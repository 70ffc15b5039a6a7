// The front as browsers and caches meet it over real connections: the build's files and the uploads
// with their caching, revalidation and ranges, compression (but never of a live stream), the private
// uploads out of reach however their address is written, and the service worker's own policy.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import { LOCKED_DOWN_CSP, SERVICE_WORKER_CSP, UPLOADED_FILE_CSP } from "../security/headers";
import { createFront } from "./front";

const ASSET = "/assets/entry.client-Ab12Cd34.js";
const SECRET = "the original photo, with its GPS position";
/** Bytes that differ along the file, so a range shows which part it holds. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `console.log(${i});`).join("\n");
const PHOTO = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

let dir: string;
let server: Server;
let port: number;
/** What the product's handler was asked, in order. */
const handled: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "front-"));
  const client = path.join(dir, "client");
  const uploads = path.join(dir, "uploads");
  mkdirSync(path.join(client, "assets"), { recursive: true });
  mkdirSync(path.join(client, "map"), { recursive: true });
  mkdirSync(path.join(uploads, "private", "originals"), { recursive: true });
  mkdirSync(path.join(uploads, "photos"), { recursive: true });
  writeFileSync(path.join(client, ASSET), SCRIPT);
  writeFileSync(path.join(client, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(client, "map", "blank-style.json"), '{"version":8}');
  writeFileSync(path.join(client, "firebase-messaging-sw.js"), "self.addEventListener('push', () => {});");
  writeFileSync(path.join(uploads, "private", "originals", "a.jpg"), SECRET);
  writeFileSync(path.join(uploads, "private", "x.txt"), SECRET);
  writeFileSync(path.join(uploads, "photos", "a.webp"), PHOTO);
  const past = new Date("2026-01-02T03:04:05Z");
  utimesSync(path.join(client, ASSET), past, past);

  // The product's handler: a page long enough to be worth compressing, and a live event stream.
  const app = new Hono();
  app.use(async (c, next) => {
    handled.push(c.req.path);
    await next();
  });
  app.get("/events", () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`id: ${++sent}\ndata: hello\n\n`));
        timer = setInterval(() => {
          controller.enqueue(new TextEncoder().encode(`id: ${++sent}\ndata: hello\n\n`));
          if (sent === 3) {
            clearInterval(timer);
            controller.close();
          }
        }, 300);
      },
      cancel: () => clearInterval(timer),
    });
    return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
  });
  app.get("/short", (c) => c.json({ error: false, message: "ok", data: null }));
  app.all("*", (c) => c.html(`<!doctype html><p>${"A page of the product. ".repeat(200)}</p>`));
  const front = createFront({ app, uploads, client });
  // Added after the start: the client folder is read once, so no request reaches it.
  writeFileSync(path.join(client, "added-later.txt"), "late");
  server = createServer(getRequestListener(front.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (still compressed, if they were). */
  body: Buffer;
}

/** A request written as given (the address is not normalised on the way), its answer read whole. */
function ask(address: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: address, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build's files", () => {
  it("keeps a hashed asset for a year, and the other files for an hour", async () => {
    const asset = await ask(ASSET);
    expect(asset.status).toBe(200);
    expect(asset.body.toString()).toBe(SCRIPT);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    const icon = await ask("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await ask("/map/blank-style.json")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("gives files the security headers of every answer, and a policy under which they can do nothing", async () => {
    const { headers } = await ask("/favicon.svg");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cross-origin-resource-policy"]).toBe("same-site");
    expect(headers["content-security-policy"]).toBe(LOCKED_DOWN_CSP);
  });

  it("gives the push service worker its own policy", async () => {
    const worker = await ask("/firebase-messaging-sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers["content-security-policy"]).toBe(SERVICE_WORKER_CSP);
  });

  it("sends pages, and files not in the build as it started, to the product's handler", async () => {
    handled.length = 0;
    for (const address of ["/properties", "/added-later.txt", "/map", "/assets/missing.js", "/favicon.svg/"])
      expect((await ask(address)).body.toString(), address).toContain("A page of the product");
    expect(handled).toEqual([
      "/properties",
      "/added-later.txt",
      "/map",
      "/assets/missing.js",
      "/favicon.svg/",
    ]);
    // Files never reach it.
    await ask(ASSET);
    await ask("/uploads/photos/a.webp");
    expect(handled).toHaveLength(5);
  });
});

describe("revalidation and ranges", () => {
  it("answers 304 without the bytes to a copy that is current, by ETag or by date", async () => {
    const first = await ask(ASSET);
    const etag = String(first.headers.etag);
    const modified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(modified).toBe("Fri, 02 Jan 2026 03:04:05 GMT");

    const byTag = await ask(ASSET, { "if-none-match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toHaveLength(0);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A compressed copy's tag (weak) is the same file.
    expect((await ask(ASSET, { "if-none-match": `W/${etag}` })).status).toBe(304);

    const byDate = await ask(ASSET, { "if-modified-since": modified });
    expect(byDate.status).toBe(304);
    expect(byDate.body).toHaveLength(0);

    // A copy older than the file, or another file's tag, gets the file.
    expect((await ask(ASSET, { "if-modified-since": "Thu, 01 Jan 2026 00:00:00 GMT" })).status).toBe(200);
    expect((await ask(ASSET, { "if-none-match": '"other"' })).status).toBe(200);
    // An upload is revalidated the same way.
    const photo = await ask("/uploads/photos/a.webp");
    expect(
      (await ask("/uploads/photos/a.webp", { "if-none-match": String(photo.headers.etag) })).status,
    ).toBe(304);
  });

  it("answers a range with 206 and exactly those bytes", async () => {
    const part = await ask("/uploads/photos/a.webp", { range: "bytes=1000-1099" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1099/${PHOTO.length}`);
    expect(part.headers["content-length"]).toBe("100");
    expect(part.body.equals(PHOTO.subarray(1000, 1100))).toBe(true);

    const tail = await ask(ASSET, { range: "bytes=-10", "accept-encoding": "gzip" });
    expect(tail.status).toBe(206);
    expect(tail.headers["content-encoding"]).toBeUndefined();
    expect(tail.body.toString()).toBe(SCRIPT.slice(-10));

    const beyond = await ask(ASSET, { range: `bytes=${SCRIPT.length + 5}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${SCRIPT.length}`);
  });

  it("sends the whole file when a range is asked of a copy the file no longer is", async () => {
    const stale = await ask("/uploads/photos/a.webp", { range: "bytes=0-9", "if-range": '"not-this-file"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(PHOTO)).toBe(true);
    const { headers } = await ask("/uploads/photos/a.webp");
    const current = await ask("/uploads/photos/a.webp", {
      range: "bytes=0-9",
      "if-range": String(headers.etag),
    });
    expect(current.status).toBe(206);
    expect(current.body.equals(PHOTO.subarray(0, 10))).toBe(true);
  });

  it("answers HEAD with the headers and no bytes", async () => {
    const head = await ask("/uploads/photos/a.webp", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(PHOTO.length));
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(head.body).toHaveLength(0);
    expect((await ask("/properties", {}, "HEAD")).status).toBe(200);
  });
});

describe("compression", () => {
  it("compresses a page and a script for a client that asks, and not for one that does not", async () => {
    for (const address of ["/properties", ASSET]) {
      const zipped = await ask(address, { "accept-encoding": "gzip, deflate, br" });
      expect(zipped.headers["content-encoding"], address).toBe("gzip");
      expect(zipped.headers.vary, address).toMatch(/accept-encoding/i);
      const plain = await ask(address);
      expect(plain.headers["content-encoding"], address).toBeUndefined();
      expect(gunzipSync(zipped.body).equals(plain.body), address).toBe(true);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  it("leaves a short answer as it is, with its length", async () => {
    const short = await ask("/short", { "accept-encoding": "gzip, deflate, br" });
    expect(short.headers["content-encoding"]).toBeUndefined();
    expect(short.headers["content-length"]).toBe(String(short.body.length));
    expect(JSON.parse(short.body.toString())).toEqual({ error: false, message: "ok", data: null });
    // A file under the threshold too.
    expect(
      (await ask("/map/blank-style.json", { "accept-encoding": "gzip" })).headers["content-encoding"],
    ).toBeUndefined();
  });

  it("never compresses a live event stream, and sends each event as it is written", async () => {
    const arrivals: { at: number; text: string }[] = [];
    const started = performance.now();
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/events", headers: { "accept-encoding": "gzip, deflate, br" } },
        (res) => {
          res.on("data", (chunk: Buffer) =>
            arrivals.push({ at: performance.now() - started, text: chunk.toString() }),
          );
          res.on("end", () => resolve(res.headers));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["content-encoding"]).toBeUndefined();
    const text = arrivals.map((a) => a.text).join("");
    expect(text).toBe("id: 1\ndata: hello\n\nid: 2\ndata: hello\n\nid: 3\ndata: hello\n\n");
    // The first event arrived on its own, well before the stream ended 600 ms later.
    expect(arrivals[0]!.text).toBe("id: 1\ndata: hello\n\n");
    expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThan(400);
  });
});

describe("uploads", () => {
  it("serves an uploaded photo for a year, under the uploads' own policy", async () => {
    const photo = await ask("/uploads/photos/a.webp");
    expect(photo.status).toBe(200);
    expect(photo.body.equals(PHOTO)).toBe(true);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(photo.headers["content-security-policy"]).toBe(UPLOADED_FILE_CSP);
    expect(photo.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("never serves a private upload, however its address is written", async () => {
    for (const address of [
      "/uploads/private/x.txt",
      "/uploads/private/originals/a.jpg",
      "/uploads/Private/x.txt",
      "/uploads/%70rivate/x.txt",
      "/uploads/%2e%2e/uploads/private/x.txt",
      "/uploads/photos/%2E%2E/private/x.txt",
      "/uploads/photos/../private/x.txt",
      "/uploads/photos/..%2fprivate%2fx.txt",
      "/uploads/photos%2f..%2fprivate%2fx.txt",
      "/uploads/%5cprivate/x.txt",
      "/uploads/photos/..%5cprivate%5cx.txt",
      "/uploads//private/x.txt",
      "/uploads///private//x.txt",
      "/uploads/./private/x.txt",
      "/uploads/private",
    ]) {
      const answer = await ask(address);
      expect(answer.status, address).toBe(404);
      expect(answer.body.toString(), address).not.toContain(SECRET);
      expect(answer.headers["cache-control"], address).toBeUndefined();
    }
    // Written in ways the front does not read as an upload at all: the product's handler answers.
    for (const address of [
      "/uploads%2fprivate/x.txt",
      "/%75ploads/private/x.txt",
      "/uploads/%252e%252e/private/x.txt",
    ])
      expect((await ask(address)).body.toString(), address).not.toContain(SECRET);
    // Backslashes as sent are refused before any handler.
    const backslash = await ask("/uploads/\\private/x.txt");
    expect(backslash.status).toBe(400);
    expect(backslash.body.toString()).not.toContain(SECRET);
    // Nor by a method other than GET.
    expect((await ask("/uploads/private/x.txt", {}, "POST")).status).toBe(404);
    // An address that cannot be decoded names no file.
    expect((await ask("/uploads/%E0%A4%A/x.txt")).status).toBe(400);
  });
});
