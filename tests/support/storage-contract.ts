// What every FileStorage promises, as one suite run against each of them: the disk
// (storage.test.ts), a local S3-compatible server and, when configured, a real bucket
// (s3-storage.test.ts). Callers rely on these answers, not on where the bytes are.
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStorage } from "../../server/media/storage.server";

export interface StorageUnderTest {
  storage: FileStorage;
  /** What publicUrl puts before the key. */
  publicBase: string;
  /** The Cache-Control the store keeps with an object, where it keeps one (a bucket). */
  cacheControlOf?: (key: string) => Promise<string | undefined>;
  cleanup?: () => Promise<void>;
}

/** A few MB: more than one part of a multipart upload at S3's smallest part size (5 MB). */
const LARGE_BYTES = 6 * 1024 * 1024 + 12_345;

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function sha256(body: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of body) hash.update(chunk as Uint8Array);
  return hash.digest("hex");
}

export function storageContract(
  name: string,
  makeStorage: () => Promise<StorageUnderTest> | StorageUnderTest,
) {
  describe(`${name}: the FileStorage contract`, () => {
    let subject: StorageUnderTest;
    let storage: FileStorage;
    let scratch: string;
    // Keys of this run only, so a shared bucket's other objects are never touched.
    const run = `contract-${randomBytes(4).toString("hex")}`;
    const key = (name: string) => `${run}/${name}`;
    // Private keys are private by their first folder.
    const privateKey = (name: string) => `private/${run}/${name}`;

    beforeAll(async () => {
      subject = await makeStorage();
      storage = subject.storage;
      scratch = await mkdtemp(path.join(tmpdir(), "storage-contract-"));
    });
    afterAll(async () => {
      await rm(scratch, { recursive: true, force: true });
      await subject?.cleanup?.();
    });

    it("answers a missing key with null and false, and deletes it without complaint", async () => {
      const k = key("missing/nothing.webp");
      expect(await storage.get(k)).toBeNull();
      expect(await storage.exists(k)).toBe(false);
      expect(await storage.stat(k)).toBeNull();
      expect(await storage.read(k)).toBeNull();
      expect(await storage.read(k, { start: 0, end: 0 })).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it("round-trips put, get, stat, exists and delete under nested keys", async () => {
      const k = key("demo/exterior-3-640.webp");
      const body = Buffer.from("image bytes");
      await storage.put(k, body, "image/webp");
      expect(await storage.exists(k)).toBe(true);
      expect(await storage.get(k)).toEqual(body);
      const info = await storage.stat(k);
      expect(info).toMatchObject({ size: body.length, contentType: "image/webp" });
      expect(info!.etag).toMatch(/^"[^"]+"$/);
      expect(info!.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(5 * 60_000);

      await storage.delete(k);
      expect(await storage.exists(k)).toBe(false);
      expect(await storage.get(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it("does not take a folder of keys for a stored file", async () => {
      await storage.put(key("dir/file.txt"), Buffer.from("x"), "text/plain");
      expect(await storage.exists(key("dir"))).toBe(false);
      expect(await storage.read(key("dir"))).toBeNull();
    });

    it("overwrites: the latest bytes win, with a new validator", async () => {
      const k = key("a/b.json");
      await storage.put(k, Buffer.from('{"v":1}'), "application/json");
      const first = await storage.stat(k);
      await storage.put(k, Buffer.from('{"v":22}'), "application/json");
      expect((await storage.get(k))?.toString()).toBe('{"v":22}');
      const second = await storage.stat(k);
      expect(second?.size).toBe(8);
      expect(second?.etag).not.toBe(first?.etag);
    });

    it("keeps an empty file", async () => {
      const k = key("empty.txt");
      await storage.put(k, Buffer.alloc(0), "text/plain");
      expect(await storage.get(k)).toEqual(Buffer.alloc(0));
      const read = await storage.read(k);
      expect(read?.size).toBe(0);
      expect(await collect(read!.body)).toEqual(Buffer.alloc(0));
    });

    it("stores a file of a few MB from disk and streams it back whole and in ranges", async () => {
      const source = path.join(scratch, "clip.mp4");
      // Written in slices so the test itself never holds the file either.
      const slices = Array.from({ length: 7 }, (_, i) =>
        randomBytes(i < 6 ? 1024 * 1024 : LARGE_BYTES - 6 * 1024 * 1024),
      );
      await pipeline(slices.values(), createWriteStream(source));
      const expected = createHash("sha256");
      for (const s of slices) expected.update(s);

      const k = privateKey("tours/clip.mp4");
      await storage.putFile(k, source, "video/mp4");
      expect((await stat(source)).size).toBe(LARGE_BYTES); // the source stays where it was

      const info = await storage.stat(k);
      expect(info).toMatchObject({ size: LARGE_BYTES, contentType: "video/mp4" });
      // A multipart upload keeps the headers too (they go with its first request, not its parts).
      if (subject.cacheControlOf) expect(await subject.cacheControlOf(k)).toBe("private, no-store");
      const whole = await storage.read(k);
      expect(whole).toMatchObject({ size: LARGE_BYTES, range: null, contentType: "video/mp4" });
      expect(await sha256(whole!.body)).toBe(expected.digest("hex"));

      // A range across the boundary of the first 5 MB part, and the very last bytes.
      const start = 5 * 1024 * 1024 - 10;
      const middle = await storage.read(k, { start, end: start + 19 });
      expect(middle).toMatchObject({ size: LARGE_BYTES, range: { start, end: start + 19 } });
      const want = Buffer.concat([slices[4]!.subarray(1024 * 1024 - 10), slices[5]!.subarray(0, 10)]);
      expect(await collect(middle!.body)).toEqual(want);
      const tail = await storage.read(k, { start: LARGE_BYTES - 3, end: LARGE_BYTES - 1 });
      expect(await collect(tail!.body)).toEqual(slices[6]!.subarray(-3));
    });

    it("reads ranges of a small file and refuses a range outside it", async () => {
      const k = key("ranges.bin");
      const body = randomBytes(1000);
      await storage.put(k, body, "application/octet-stream");
      const part = await storage.read(k, { start: 10, end: 19 });
      expect(part).toMatchObject({ size: 1000, range: { start: 10, end: 19 } });
      expect(await collect(part!.body)).toEqual(body.subarray(10, 20));
      const one = await storage.read(k, { start: 999, end: 999 });
      expect(await collect(one!.body)).toEqual(body.subarray(999));
      // Stopping early is allowed: the stream is destroyed, nothing is left waiting.
      const early = await storage.read(k);
      early!.body.destroy();

      await expect(storage.read(k, { start: 990, end: 1000 })).rejects.toThrow(RangeError);
      await expect(storage.read(k, { start: 1000, end: 1001 })).rejects.toThrow(RangeError);
      await expect(storage.read(k, { start: 20, end: 10 })).rejects.toThrow(RangeError);
      await expect(storage.read(k, { start: -1, end: 10 })).rejects.toThrow(RangeError);
    });

    it("builds public URLs under the public base", () => {
      expect(storage.publicUrl("demo/x-320.webp")).toBe(`${subject.publicBase}/demo/x-320.webp`);
    });

    it.each(["../x", "a/../../x", "/etc/passwd", "a\\b", "", "a//b", "./x", "a/", "a b", "a/%2e%2e/b"])(
      "refuses the key %j for every operation",
      async (bad) => {
        const refused = /Invalid storage key/;
        await expect(storage.put(bad, Buffer.from("x"), "text/plain")).rejects.toThrow(refused);
        await expect(storage.putFile(bad, path.join(scratch, "none"), "text/plain")).rejects.toThrow(refused);
        await expect(storage.get(bad)).rejects.toThrow(refused);
        await expect(storage.stat(bad)).rejects.toThrow(refused);
        await expect(storage.read(bad)).rejects.toThrow(refused);
        await expect(storage.exists(bad)).rejects.toThrow(refused);
        await expect(storage.delete(bad)).rejects.toThrow(refused);
        expect(() => storage.publicUrl(bad)).toThrow(refused);
      },
    );

    it("keeps private files out of shared caches and lets public ones be cached for a year", async (ctx) => {
      if (!subject.cacheControlOf) return ctx.skip(); // the disk keeps no headers: the front sets them
      const publicKey = key("photos/a-320.webp");
      const receipt = privateKey("receipts/r.pdf");
      await storage.put(publicKey, Buffer.from("webp"), "image/webp");
      await storage.put(receipt, Buffer.from("%PDF-"), "application/pdf");
      expect(await subject.cacheControlOf(publicKey)).toBe("public, max-age=31536000, immutable");
      expect(await subject.cacheControlOf(receipt)).toBe("private, no-store");
      // The streamed upload says the same as the one from memory.
      const file = path.join(scratch, "small.mp4");
      await writeFile(file, "not really a film");
      await storage.putFile(privateKey("tours/small.mp4"), file, "video/mp4");
      await storage.putFile(key("tours/small-poster.jpg"), file, "image/jpeg");
      expect(await subject.cacheControlOf(privateKey("tours/small.mp4"))).toBe("private, no-store");
      expect(await subject.cacheControlOf(key("tours/small-poster.jpg"))).toBe(
        "public, max-age=31536000, immutable",
      );
    });
  });
}
