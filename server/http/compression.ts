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

export function compression(): MiddlewareHandler {
  const gzip = compress({ contentTypeFilter: compressible, threshold: THRESHOLD });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      if (c.req.method !== "HEAD" && c.req.header("accept-encoding")) c.res = await measured(c.res);
    });
}

/**
 * compress() goes by Content-Length, which the handler's answers (JSON, text, pages) do not carry:
 * every one would be compressed, a 20-byte JSON answer too. This reads a compressible answer until
 * it ends or passes the threshold; a short one then says its length, a long one goes on as a stream.
 */
async function measured(res: Response): Promise<Response> {
  if (!res.body || res.headers.has("content-length") || !compressible(res.headers.get("content-type") ?? ""))
    return res;
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
