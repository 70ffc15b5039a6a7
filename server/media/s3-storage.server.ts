// Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) instead of the local
// disk, so several machines share them (decision 039).
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type {
  GetObjectCommandOutput,
  HeadObjectCommandOutput,
  S3Client,
  S3ClientConfig,
} from "@aws-sdk/client-s3";
import { contentTypeOf } from "./content-type";
import {
  assertRangeWithin,
  assertSafeKey,
  cacheControlFor,
  type ByteRange,
  type FileStorage,
  type StoredFileInfo,
  type StoredFileRead,
} from "./storage.server";

type Sdk = typeof import("@aws-sdk/client-s3") & Pick<typeof import("@aws-sdk/lib-storage"), "Upload">;
let sdk: Promise<Sdk> | undefined;

/**
 * The SDK is loaded when a bucket is first used: every process imports this module, and one that
 * keeps its files on disk should not pay a quarter of a second at start for it.
 */
function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, lib]) => ({
    ...s3,
    Upload: lib.Upload,
  }));
  return sdk;
}

export interface S3StorageOptions {
  bucket: string;
  /** Another service than AWS (MinIO, R2, …): its address. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, shared files, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path instead of the host name, as MinIO and most local servers need. */
  forcePathStyle?: boolean;
  /** Where key `k` is served as `${publicBase}/${k}`: a CDN, the bucket's public address, or `/uploads`. */
  publicBase: string;
  /** Every key lives under this folder of the bucket (a bucket shared with others, the tests). */
  prefix?: string;
  /** Bytes of each part of a multipart upload (at least 5 MB, S3's minimum). */
  partSize?: number;
}

const MIB = 1024 * 1024;

export class S3Storage implements FileStorage {
  readonly bucket: string;
  readonly prefix: string;
  private readonly publicBase: string;
  private readonly partSize: number;
  private readonly connect: () => Promise<{ sdk: Sdk; client: S3Client }>;
  private opened: S3Client | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
    if (this.prefix) assertSafeKey(this.prefix.slice(0, -1));
    this.publicBase = options.publicBase.replace(/\/+$/, "");
    this.partSize = Math.max(5 * MIB, options.partSize ?? 8 * MIB);
    // The credentials stay in this closure and then in the client: no field of the storage holds them.
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      // The SDK's default checksums (CRC32 trailers on every upload) are refused by many
      // S3-compatible services; S3 itself checks the MD5 or signed payload hash as before.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // No overall request timeout: a download streams as fast as its reader (a slow phone) takes it.
      requestHandler: { connectionTimeout: 5_000 },
    };
    let client: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
    this.connect = () =>
      (client ??= loadSdk().then((loaded) => {
        this.opened = new loaded.S3Client(config);
        return { sdk: loaded, client: this.opened };
      }));
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
        CacheControl: cacheControlFor(key),
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    const source = createReadStream(file);
    // Read a part at a time (a few parts in flight): a 200 MB video costs tens of MB, not 200.
    const upload = new sdk.Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key,
        Body: source,
        ContentType: contentType,
        CacheControl: cacheControlFor(key),
      },
      partSize: this.partSize,
      queueSize: 4,
      // A failed multipart upload is aborted, so no parts are left behind to be paid for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } finally {
      source.destroy();
    }
  }

  localPath(): null {
    return null;
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.getObject(key);
    if (!found?.Body) return null;
    return Buffer.from(await found.Body.transformToByteArray());
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const Key = this.objectKey(key);
    let head: HeadObjectCommandOutput;
    try {
      const { sdk, client } = await this.connect();
      head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return info(key, head, head.ContentLength ?? 0);
  }

  async read(key: string, range?: ByteRange): Promise<StoredFileRead | null> {
    // The shape is checked before asking; the end only after, as S3 shortens a range that runs
    // past the end instead of refusing it.
    if (range) assertRangeWithin(range, Number.MAX_SAFE_INTEGER);
    const found = await this.getObject(key, range);
    if (!found) return null;
    const size = totalOf(found.ContentRange) ?? found.ContentLength ?? 0;
    if (range && range.end >= size) {
      destroyBody(found);
      throw new RangeError(`Range ${range.start}-${range.end} is not inside a file of ${size} bytes`);
    }
    const body = found.Body instanceof Readable ? found.Body : Readable.from([]);
    return { ...info(key, found, size), body, range: range ?? null };
  }

  async delete(key: string): Promise<void> {
    try {
      const Key = this.objectKey(key);
      const { sdk, client } = await this.connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      // S3 answers 204 for a key that is not there; some compatible services answer 404.
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }

  /** Closes the client's kept-alive connections (tests, the copy command). */
  destroy(): void {
    this.opened?.destroy();
  }

  private async getObject(key: string, range?: ByteRange): Promise<GetObjectCommandOutput | null> {
    const Key = this.objectKey(key);
    try {
      const { sdk, client } = await this.connect();
      return await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      if (statusOf(error) === 416)
        throw new RangeError(`Range ${range?.start}-${range?.end} is not inside ${key}`, { cause: error });
      throw error;
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** GetObject says NoSuchKey; HeadObject, which has no body to say it in, NotFound. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

/** The size of the whole object from `bytes 0-9/1234`. */
function totalOf(contentRange: string | undefined): number | undefined {
  const total = /\/(\d+)\s*$/.exec(contentRange ?? "")?.[1];
  return total === undefined ? undefined : Number(total);
}

function destroyBody(found: GetObjectCommandOutput): void {
  if (found.Body instanceof Readable) found.Body.destroy();
}

function info(
  key: string,
  object: Pick<HeadObjectCommandOutput, "ContentType" | "ETag" | "LastModified">,
  size: number,
): StoredFileInfo {
  return {
    size,
    contentType: object.ContentType || contentTypeOf(key),
    // A multipart upload's ETag is not an MD5 (`"…-3"`), but it is still strong: it changes with the bytes.
    etag: object.ETag ?? `"${size.toString(16)}"`,
    lastModified: object.LastModified ?? new Date(0),
  };
}
