import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// The uploads' own prefix, imported so the two can never drift apart.
import { PRIVATE_PREFIX } from "../api/uploads.server";
import { uploadsHandler } from "./serve-uploads";
import { storageContract } from "../../tests/support/storage-contract";
import { cacheControlFor, isPrivateKey, LocalDiskStorage } from "./storage.server";

storageContract("LocalDiskStorage", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "storage-contract-disk-"));
  return {
    storage: new LocalDiskStorage({ root, publicBase: "/uploads" }),
    publicBase: "/uploads",
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe("LocalDiskStorage", () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "storage-test-"));
    storage = new LocalDiskStorage({ root, publicBase: "/uploads/" });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("round-trips put, get, exists and delete under nested keys", async () => {
    const key = "demo/exterior-3-640.webp";
    const body = Buffer.from("image bytes");
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, body, "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual(body);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("overwrites atomically and leaves no temp files behind", async () => {
    await storage.put("a/b.txt", Buffer.from("one"), "text/plain");
    await storage.put("a/b.txt", Buffer.from("two"), "text/plain");
    expect((await storage.get("a/b.txt"))?.toString()).toBe("two");
    expect(await readdir(path.join(root, "a"))).toEqual(["b.txt"]);
  });

  it("does not treat a directory as a stored file", async () => {
    await storage.put("dir/file.txt", Buffer.from("x"), "text/plain");
    expect(await storage.exists("dir")).toBe(false);
  });

  it("builds public URLs under the public base", () => {
    expect(storage.publicUrl("demo/x-320.webp")).toBe("/uploads/demo/x-320.webp");
  });

  it.each(["../x", "a/../../x", "/etc/passwd", "a\\b", "", "a//b", "./x", "a/"])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
    },
  );
});

describe("private keys", () => {
  it("are the uploads' private folder, in any case, and are never cached by others", () => {
    expect(isPrivateKey(`${PRIVATE_PREFIX}originals/a.jpg`)).toBe(true);
    expect(isPrivateKey("Private/originals/a.jpg")).toBe(true);
    expect(isPrivateKey("private")).toBe(true);
    expect(isPrivateKey("privately/a.webp")).toBe(false);
    expect(isPrivateKey("photos/private/a.webp")).toBe(false);
    expect(cacheControlFor("private/chat/a.pdf")).toBe("private, no-store");
    expect(cacheControlFor("photos/a-320.webp")).toBe("public, max-age=31536000, immutable");
  });
});

describe("GET /uploads on the local disk", () => {
  it("serves a file the front would have served, and 404 for one that is not there", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "storage-serve-"));
    try {
      const storage = new LocalDiskStorage({ root, publicBase: "/uploads" });
      await storage.put("photos/a-320.webp", Buffer.from("webp bytes"), "image/webp");
      await storage.put("private/originals/a.jpg", Buffer.from("exif"), "image/jpeg");
      const app = new Hono().on(
        ["GET", "HEAD"],
        "/uploads/*",
        uploadsHandler(() => storage),
      );

      const found = await app.request("/uploads/photos/a-320.webp");
      expect(found.status).toBe(200);
      expect(found.headers.get("content-type")).toBe("image/webp");
      expect(await found.text()).toBe("webp bytes");
      expect((await app.request("/uploads/photos/gone-320.webp")).status).toBe(404);
      expect((await app.request("/uploads/private/originals/a.jpg")).status).toBe(404);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
