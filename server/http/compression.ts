// Compression of the front's answers (hono's compress: gzip or deflate, as the client asks), with
// two rules of our own: a live stream is never compressed, and a short answer is left as it is.
import type { MiddlewareHandler } from "hono";
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";

/** Below this many bytes compressing saves too little to pay for a compressor's state. */
const THRESHOLD = 1024;

/**
 * A live stream (chat events) must reach the client as it is written: compressing it would hold
 * every event in the compressor's buffer until enough bytes gathered to be worth sending.
 */
const compressible = (type: string) =>
  !/^\s*text\/event-stream/i.test(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);

/** Compresses what is worth it, for a client that asks. */
export const compression = (): MiddlewareHandler =>
  compress({ contentTypeFilter: compressible, threshold: THRESHOLD });

/**
 * The product's answer made ready for compression(), which goes by Content-Length: the handler's
 * answers (JSON, text, pages) carry none, so every one would be compressed, a 20-byte JSON answer
 * too. A compressible answer is read until it ends or passes the threshold; a short one then says
 * its length (and is left alone), a long one goes on as a stream. Each says it varies by encoding,
 * set here on its own headers: compress() setting it would copy every answer into a new one.
 */
export async function readyForCompression(res: Response, request: Request): Promise<Response> {
  const type = res.headers.get("content-type");
  if (
    !type ||
    !compressible(type) ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("cache-control") ?? "")
  )
    return res;
  const vary = res.headers.get("vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
    res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (request.method === "HEAD" || !request.headers.has("accept-encoding")) return res;
  if (!res.body || res.headers.has("content-length") || res.headers.has("content-encoding")) return res;

  const reader = res.body.getReader();
  const start: Uint8Array[] = [];
  let size = 0;
  while (size < THRESHOLD) {
    const { done, value } = await reader.read();
    if (done) {
      const headers = new Headers(res.headers);
      headers.set("Content-Length", String(size));
      return new Response(Buffer.concat(start), { status: res.status, headers });
    }
    start.push(value);
    size += value.byteLength;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of start) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: res.status, headers: res.headers });
}
