// The copy of a disk's uploads into a bucket (`npm run uploads:to-s3`), against a local
// S3-compatible server: what is copied, with which headers, what is skipped on a second run.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../tests/support/local-s3";
import { copyUploads } from "./copy-uploads";
import { S3Storage } from "./s3-storage.server";

const ROOT = path.resolve(import.meta.dirname, "../..");

let local: LocalS3;
let dataDir: string;
let storage: S3Storage;
let client: S3Client;

async function write(relative: string, body: string | Buffer) {
  const file = path.join(dataDir, "uploads", ...relative.split("/"));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

async function head(key: string) {
  const h = await client.send(new HeadObjectCommand({ Bucket: local.bucket, Key: key }));
  return { type: h.ContentType, cache: h.CacheControl, size: h.ContentLength };
}

beforeAll(async () => {
  local = await startLocalS3({ bucket: "copy-test" });
  dataDir = await mkdtemp(path.join(tmpdir(), "copy-uploads-"));
  const options = {
    bucket: local.bucket,
    endpoint: local.endpoint,
    region: local.region,
    credentials: local.credentials,
    forcePathStyle: true,
  };
  storage = new S3Storage({ ...options, publicBase: "/uploads" });
  client = new S3Client({ ...options, requestChecksumCalculation: "WHEN_REQUIRED" });
  await write("photos/a-320.webp", "webp");
  await write("photos/a-320.avif", "avif");
  await write("photos/b-640.webp.3f9a1c.tmp", "half written");
  await write("private/originals/a.jpg", "jpeg with exif");
  await write("projects/plan.pdf", "%PDF-1.4");
  await write("tours/m.glb", Buffer.alloc(3000, 7));
  await write("maps/static.png", "png");
  await write("demo/manifest.json", "{}");
});
afterAll(async () => {
  storage?.destroy();
  client?.destroy();
  await local?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("copyUploads", () => {
  it("copies every file with its type and cache header, skips temp files, and skips what is there on a rerun", async () => {
    const lines: string[] = [];
    const first = await copyUploads({
      root: path.join(dataDir, "uploads"),
      storage,
      log: (l) => lines.push(l),
    });
    expect(first).toEqual({ copied: 7, skipped: 0, failed: [] });
    expect(lines).toEqual([]);

    expect(await head("photos/a-320.webp")).toEqual({
      type: "image/webp",
      cache: "public, max-age=31536000, immutable",
      size: 4,
    });
    expect((await head("photos/a-320.avif")).type).toBe("image/avif");
    expect(await head("private/originals/a.jpg")).toMatchObject({
      type: "image/jpeg",
      cache: "private, no-store",
    });
    expect((await head("projects/plan.pdf")).type).toBe("application/pdf");
    expect(await head("tours/m.glb")).toMatchObject({ type: "model/gltf-binary", size: 3000 });
    expect((await head("maps/static.png")).type).toBe("image/png");
    expect((await head("demo/manifest.json")).type).toBe("application/json");
    expect(await storage.exists("photos/b-640.webp.3f9a1c.tmp")).toBe(false);

    // Interrupted and run again: only what is missing or different goes up.
    await storage.delete("maps/static.png");
    await write("demo/manifest.json", '{"photos":[]}');
    const again = await copyUploads({ root: path.join(dataDir, "uploads"), storage, concurrency: 2 });
    expect(again).toEqual({ copied: 2, skipped: 5, failed: [] });
    expect((await storage.get("demo/manifest.json"))?.toString()).toBe('{"photos":[]}');
  });

  it("as npm run uploads:to-s3: reads S3_* and DATA_DIR, prints the counts, and exits 1 when a file failed", async () => {
    const other = await mkdtemp(path.join(tmpdir(), "copy-uploads-cli-"));
    try {
      await mkdir(path.join(other, "uploads", "cli"), { recursive: true });
      await writeFile(path.join(other, "uploads", "cli", "ok.webp"), "webp");
      await writeFile(path.join(other, "uploads", "cli", "bad name.webp"), "webp");
      const run = promisify(execFile)(
        path.join(ROOT, "node_modules/.bin/tsx"),
        ["scripts/copy-uploads-to-s3.ts"],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            ...local.env,
            DATA_DIR: other,
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
          },
        },
      );
      const failure = await run.then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain("failed cli/bad name.webp: the name cannot be a storage key");
      expect(failure?.stdout).toContain("1 copied, 0 skipped, 1 failed");
      expect(failure?.stdout).not.toContain(local.credentials.secretAccessKey);
      expect(await storage.exists("cli/ok.webp")).toBe(true);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
