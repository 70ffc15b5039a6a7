import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./storage.server";

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
