import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileRangeResponse } from "./index.ts";
import { parseRange } from "./range.ts";

let dir: string;
let file: string;
const SIZE = 10_000;
const bytes = Buffer.from(Array.from({ length: SIZE }, (_, i) => i % 251));
const options = { contentType: "video/mp4", cacheControl: "public, max-age=31536000, immutable" };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "video-range-"));
  file = path.join(dir, "clip.mp4");
  await writeFile(file, bytes);
  await utimes(file, new Date("2026-01-02T03:04:05Z"), new Date("2026-01-02T03:04:05Z"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const get = (headers: Record<string, string> = {}, method = "GET") =>
  fileRangeResponse(new Request("http://localhost/v.mp4", { method, headers }), file, options);
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("fileRangeResponse", () => {
  it("sends the whole file with its validators", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "accept-ranges": "bytes",
      "content-length": String(SIZE),
      "content-type": "video/mp4",
      "cache-control": options.cacheControl,
      "last-modified": "Fri, 02 Jan 2026 03:04:05 GMT",
    });
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await body(response)).equals(bytes)).toBe(true);
  });

  it("answers a range with 206 and exactly those bytes", async () => {
    const response = await get({ range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-199/${SIZE}`);
    expect(response.headers.get("content-length")).toBe("100");
    expect((await body(response)).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it("answers open and suffix ranges, clamping past the end", async () => {
    const open = await get({ range: "bytes=9990-" });
    expect(open.headers.get("content-range")).toBe(`bytes 9990-9999/${SIZE}`);
    expect((await body(open)).equals(bytes.subarray(9990))).toBe(true);

    const suffix = await get({ range: "bytes=-500" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes 9500-9999/${SIZE}`);
    expect((await body(suffix)).equals(bytes.subarray(9500))).toBe(true);

    const past = await get({ range: "bytes=9000-20000" });
    expect(past.headers.get("content-range")).toBe(`bytes 9000-9999/${SIZE}`);
    const longSuffix = await get({ range: "bytes=-20000" });
    expect(longSuffix.headers.get("content-range")).toBe(`bytes 0-9999/${SIZE}`);
  });

  it("answers 416 for a range past the end", async () => {
    for (const range of ["bytes=10000-", "bytes=20000-20010", "bytes=-0"]) {
      const response = await get({ range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${SIZE}`);
      expect((await body(response)).length).toBe(0);
    }
  });

  it("sends the whole file for malformed, multiple or foreign ranges", async () => {
    for (const range of ["bytes=abc", "bytes=0-1,5-9", "items=0-10", "bytes=500-100", "bytes=-", "0-10"]) {
      const response = await get({ range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(SIZE));
      await response.body?.cancel();
    }
  });

  it("answers HEAD with headers only", async () => {
    const whole = await get({}, "HEAD");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(SIZE));
    expect(whole.body).toBeNull();
    const part = await get({ range: "bytes=0-9" }, "HEAD");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-length")).toBe("10");
  });

  it("revalidates by ETag and date", async () => {
    const etag = (await get({}, "HEAD")).headers.get("etag")!;
    const same = await get({ "if-none-match": etag });
    expect(same.status).toBe(304);
    expect(same.headers.get("etag")).toBe(etag);
    expect((await get({ "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get({ "if-none-match": '"other"' }, "HEAD")).status).toBe(200);
    expect((await get({ "if-modified-since": "Fri, 02 Jan 2026 03:04:05 GMT" }, "HEAD")).status).toBe(304);
    expect((await get({ "if-modified-since": "Thu, 01 Jan 2026 00:00:00 GMT" }, "HEAD")).status).toBe(200);
  });

  it("honours If-Range: the range only for the copy the client holds", async () => {
    const etag = (await get({}, "HEAD")).headers.get("etag")!;
    expect((await get({ range: "bytes=0-9", "if-range": etag }, "HEAD")).status).toBe(206);
    expect((await get({ range: "bytes=0-9", "if-range": '"stale"' }, "HEAD")).status).toBe(200);
  });

  it("answers 404 for a missing file and 405 for other methods", async () => {
    expect(
      (await fileRangeResponse(new Request("http://localhost/x"), path.join(dir, "none.mp4"), options))
        .status,
    ).toBe(404);
    expect((await fileRangeResponse(new Request("http://localhost/x"), dir, options)).status).toBe(404);
    expect((await get({}, "POST")).status).toBe(405);
  });

  it("parses ranges as RFC 9110 says", () => {
    expect(parseRange(null, 10)).toBe("none");
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=-5", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=99999999999999999999-", 10)).toBe("unsatisfiable");
  });
});
