// S3Storage against a real S3-compatible server on loopback (s3rver, started here on every run)
// and, when S3_TEST_BUCKET is set, against that bucket too (under a random prefix, removed after).
import { randomBytes } from "node:crypto";
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../tests/support/local-s3";
import { optional } from "../../tests/support/prerequisites";
import { ConfigurationError, storageEnv } from "../runtime/env.server";
import { S3Storage, type S3StorageOptions } from "./s3-storage.server";
import { uploadsHandler } from "./serve-uploads";
import { storedFileResponse } from "./stored-file-response";
import { storageContract, type StorageUnderTest } from "../../tests/support/storage-contract";
import { storageFromEnv } from "./storage-from-env.server";
import { LocalDiskStorage } from "./storage.server";

const MIB = 1024 * 1024;

/** A client of its own, to look at what the bucket keeps (the storage shows no headers). */
function inspector(options: S3StorageOptions) {
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  const client = new S3Client(config);
  const prefix = options.prefix ? `${options.prefix}/` : "";
  return {
    client,
    async cacheControlOf(key: string) {
      const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: prefix + key }));
      return head.CacheControl;
    },
    /** Removes everything under the prefix (a real bucket's test run). */
    async removeAll() {
      for (;;) {
        const listed = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix }),
        );
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (!keys.length) return;
        await client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: keys } }));
      }
    },
  };
}

function subjectOf(options: S3StorageOptions, removeAll = false): StorageUnderTest {
  const storage = new S3Storage(options);
  const look = inspector(options);
  return {
    storage,
    // The address as written, with its slash: publicUrl adds exactly one.
    publicBase: options.publicBase.replace(/\/+$/, ""),
    cacheControlOf: look.cacheControlOf,
    cleanup: async () => {
      if (removeAll) await look.removeAll();
      storage.destroy();
      look.client.destroy();
    },
  };
}

let local: LocalS3;
// s3rver is started once for the file; each suite below takes storage from it when it begins.
const localOptions = (more: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  bucket: local.bucket,
  endpoint: local.endpoint,
  region: local.region,
  credentials: local.credentials,
  forcePathStyle: true,
  publicBase: "/uploads",
  // S3's smallest part, so a file of a few MB goes up in several parts.
  partSize: 5 * MIB,
  ...more,
});

beforeAll(async () => {
  local = await startLocalS3();
});
afterAll(async () => {
  await local?.stop();
});

storageContract("S3Storage on a local S3-compatible server", () => subjectOf(localOptions()));

storageContract("S3Storage under a key prefix, with a public address", () =>
  subjectOf(localOptions({ prefix: "tenant-a", publicBase: "https://cdn.example/media/" })),
);

const real = process.env.S3_TEST_BUCKET;
// An account of one's own, never in CI: optional anywhere, and said so when skipped.
const noBucket = optional("The storage contract on a real bucket", !real && "S3_TEST_BUCKET is not set");
describe.skipIf(noBucket)("a real bucket (S3_TEST_BUCKET)", () => {
  storageContract(`S3Storage on ${real}`, () =>
    subjectOf(
      {
        bucket: real!,
        endpoint: process.env.S3_TEST_ENDPOINT || undefined,
        region: process.env.S3_TEST_REGION || "us-east-1",
        credentials:
          process.env.S3_TEST_ACCESS_KEY_ID && process.env.S3_TEST_SECRET_ACCESS_KEY
            ? {
                accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID,
                secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY,
              }
            : undefined,
        forcePathStyle: process.env.S3_TEST_FORCE_PATH_STYLE === "true",
        publicBase: "/uploads",
        prefix: `storage-test-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`,
        partSize: 5 * MIB,
      },
      true,
    ),
  );
});

describe("GET /uploads from a bucket", () => {
  let storage: S3Storage;
  let app: Hono;
  const photo = randomBytes(5000);

  beforeAll(async () => {
    storage = new S3Storage(localOptions());
    app = new Hono().on(
      ["GET", "HEAD"],
      "/uploads/*",
      uploadsHandler(() => storage),
    );
    await storage.put("serve/a-320.webp", photo, "image/webp");
    await storage.put("private/serve/receipt.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    await storage.put("serve/empty.json", Buffer.alloc(0), "application/json");
  });
  afterAll(() => storage?.destroy());

  it("streams a public file with its type, length, validator and a year's cache", async () => {
    const res = await app.request("/uploads/serve/a-320.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-length")).toBe("5000");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(photo);

    const head = await app.request("/uploads/serve/a-320.webp", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("5000");
    expect(await head.text()).toBe("");

    const empty = await app.request("/uploads/serve/empty.json");
    expect(empty.status).toBe(200);
    expect(empty.headers.get("content-length")).toBe("0");
  });

  it("answers a Range with 206 and only those bytes, an impossible one with 416", async () => {
    const res = await app.request("/uploads/serve/a-320.webp", { headers: { Range: "bytes=100-199" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/5000");
    expect(res.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(photo.subarray(100, 200));

    const suffix = await app.request("/uploads/serve/a-320.webp", { headers: { Range: "bytes=-10" } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(photo.subarray(-10));

    const past = await app.request("/uploads/serve/a-320.webp", { headers: { Range: "bytes=6000-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */5000");
  });

  it("answers 304 to the validator the client holds, and 200 with If-Range that no longer matches", async () => {
    const first = await app.request("/uploads/serve/a-320.webp");
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await app.request("/uploads/serve/a-320.webp", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const weak = await app.request("/uploads/serve/a-320.webp", {
      headers: { "If-None-Match": `W/${etag}` },
    });
    expect(weak.status).toBe(304);

    const changed = await app.request("/uploads/serve/a-320.webp", {
      headers: { Range: "bytes=0-9", "If-Range": '"another"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("content-length")).toBe("5000");
    await changed.arrayBuffer();
  });

  it("serves a private file only when a caller that checked who asks hands it over (a tour's video)", async () => {
    await storage.put("private/serve/tour.mp4", photo, "video/mp4");
    const res = await storedFileResponse(
      new Request("http://shop.test/api/virtual-tours/1/video", { headers: { Range: "bytes=0-" } }),
      storage,
      "private/serve/tour.mp4",
      { contentType: "video/mp4", cacheControl: "private, max-age=0, must-revalidate" },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 0-4999/5000");
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(photo);
  });

  it("never serves a private file, an unsafe key or a missing one", async () => {
    expect(await storage.exists("private/serve/receipt.pdf")).toBe(true);
    for (const url of [
      "/uploads/private/serve/receipt.pdf",
      "/uploads/Private/serve/receipt.pdf",
      "/uploads/%70rivate/serve/receipt.pdf",
      "/uploads/serve/..%2Fprivate%2Fserve%2Freceipt.pdf",
      "/uploads/serve/%2e%2e/private/serve/receipt.pdf",
      "/uploads/serve/%E0%A4%A.webp",
      "/uploads/serve/gone.webp",
      "/uploads/",
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("cache-control"), url).toBe("no-store");
    }
  });
});

describe("storageFromEnv", () => {
  it("keeps files on the disk unless S3_BUCKET is set", () => {
    expect(storageFromEnv(storageEnv({ DATA_DIR: "/tmp/x" }))).toBeInstanceOf(LocalDiskStorage);
    expect(storageFromEnv(storageEnv({ DATA_DIR: "/tmp/x", S3_BUCKET: "" }))).toBeInstanceOf(
      LocalDiskStorage,
    );
  });

  it("makes an S3Storage from S3_* that works against the bucket, served at /uploads or S3_PUBLIC_URL", async () => {
    const e = storageEnv({ ...local.env, DATA_DIR: "/tmp/x" });
    expect(e).toMatchObject({ S3_FORCE_PATH_STYLE: true, S3_REGION: "us-east-1" });
    const storage = storageFromEnv(e);
    expect(storage).toBeInstanceOf(S3Storage);
    try {
      await storage.put("env/x.txt", Buffer.from("hello"), "text/plain");
      expect((await storage.get("env/x.txt"))?.toString()).toBe("hello");
      expect(storage.publicUrl("env/x.txt")).toBe("/uploads/env/x.txt");
    } finally {
      (storage as S3Storage).destroy();
    }
    const cdn = storageFromEnv(storageEnv({ ...local.env, S3_PUBLIC_URL: "https://cdn.example/" }));
    expect(cdn.publicUrl("a/b.webp")).toBe("https://cdn.example/a/b.webp");
    (cdn as S3Storage).destroy();
  });

  it("refuses settings that are not valid, without repeating a secret", () => {
    const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    const refusal = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    const bad = refusal(() =>
      storageEnv({ S3_BUCKET: "b", S3_ENDPOINT: "not a url", S3_SECRET_ACCESS_KEY: secret }),
    );
    expect(bad).toMatch(/S3_ENDPOINT/);
    expect(bad).not.toContain(secret);
    expect(refusal(() => storageEnv({ S3_FORCE_PATH_STYLE: "yes" }))).toMatch(/S3_FORCE_PATH_STYLE/);
    const half = refusal(() => storageFromEnv(storageEnv({ S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: secret })));
    expect(half).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(half).not.toContain(secret);
  });
});
