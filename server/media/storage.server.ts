// File storage behind a small interface: the local disk here, an S3-compatible bucket in
// s3-storage.server.ts (decision 039).
import { randomBytes } from "node:crypto";
import {
  copyFile,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { contentTypeOf } from "./content-type";

/** What is known of a stored file without reading it. */
export interface StoredFileInfo {
  /** Bytes of the whole file. */
  size: number;
  contentType: string;
  /** A strong validator, quoted as HTTP sends it: it changes whenever the bytes do. */
  etag: string;
  lastModified: Date;
}

/** A byte range, both ends included (as in HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileRead extends StoredFileInfo {
  /** The bytes asked for, as they arrive: destroy it to stop early. */
  body: Readable;
  /** The range the body holds; null for the whole file. */
  range: ByteRange | null;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file that is on disk already (a video): it is never read into memory whole. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Where the stored file can be read from disk, for streaming with ranges; null when not on this disk. */
  localPath(key: string): string | null;
  get(key: string): Promise<Buffer | null>;
  /** Size, type and validator of a stored file; null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /**
   * Streams a stored file, or the range of it (which must lie inside the file: take it from `stat`,
   * else a RangeError); null when there is none. Nothing is read into memory whole.
   */
  read(key: string, range?: ByteRange): Promise<StoredFileRead | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  publicUrl(key: string): string;
}

export interface LocalDiskStorageOptions {
  /** Directory that holds the files, e.g. `./data/uploads`. */
  root: string;
  /** URL prefix the files are served under, e.g. `/uploads`. */
  publicBase: string;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** A relative path of plain segments: no key can leave the root, on a disk or in a bucket. */
export function isSafeKey(key: string): boolean {
  return key.split("/").every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}

/** Throws unless `key` is a relative path of plain segments, so no key can leave the root. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Files under `private/` (originals with EXIF, chat files, receipts, documents) are never served by
 * address, only through the API's own checks: the same prefix as PRIVATE_PREFIX of the uploads, and
 * matched in any case, as the front does (a case-insensitive disk would find `Private/x` too).
 */
export function isPrivateKey(key: string): boolean {
  return /^private(\/|$)/i.test(key);
}

/** Public files change name whenever their bytes do; private ones must stay out of every shared cache. */
export function cacheControlFor(key: string): string {
  return isPrivateKey(key) ? "private, no-store" : "public, max-age=31536000, immutable";
}

/** Throws a RangeError unless `range` lies inside a file of `size` bytes. */
export function assertRangeWithin(range: ByteRange, size: number): void {
  const { start, end } = range;
  const ok =
    Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end < size;
  if (!ok) throw new RangeError(`Range ${start}-${end} is not inside a file of ${size} bytes`);
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export class LocalDiskStorage implements FileStorage {
  /** Where the files live (tests look inside). */
  readonly root: string;
  private readonly publicBase: string;

  constructor(options: LocalDiskStorageOptions) {
    this.root = path.resolve(options.root);
    this.publicBase = options.publicBase.replace(/\/+$/, "");
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  // contentType is unused on disk: the static file server derives it from the extension.
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Same-directory temp file + rename, so readers never see a half-written file.
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, source: string, _contentType: string): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      // A copy (not a rename): the source may sit on another file system (the system's temp folder).
      await copyFile(source, temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  localPath(key: string): string {
    return this.resolve(key);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const stats = await stat(this.resolve(key));
      return stats.isFile() ? diskInfo(key, stats.size, stats.mtimeMs) : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredFileRead | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.resolve(key), "r");
    } catch (error) {
      if (isNotFound(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw error;
    }
    let handedOver = false;
    try {
      // Size and date from the open file, so they describe exactly the bytes sent even if the key
      // is written again meanwhile (a write replaces the file, this handle keeps the old one).
      const stats = await handle.stat();
      if (!stats.isFile()) return null;
      if (range) assertRangeWithin(range, stats.size);
      // An empty file has no byte to start at: an empty stream, not a read of one byte.
      const body =
        stats.size === 0
          ? Readable.from([])
          : handle.createReadStream({ start: range?.start ?? 0, end: range?.end ?? stats.size - 1 });
      handedOver = stats.size > 0;
      return { ...diskInfo(key, stats.size, stats.mtimeMs), body, range: range ?? null };
    } finally {
      // The read stream closes the file when it ends, fails or is destroyed.
      if (!handedOver) await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }
}

/** The disk keeps no type and no hash: the type from the name, the validator from size and time. */
function diskInfo(key: string, size: number, mtimeMs: number): StoredFileInfo {
  return { size, contentType: contentTypeOf(key), ...diskValidators(size, mtimeMs) };
}

/**
 * A file on disk's validators, from its size and time: the same for the files the handler serves
 * from storage and those served in front of it (server/http/files.ts). Last-Modified is sent in whole
 * seconds, so it is kept in whole seconds and a client's If-Modified-Since compares equal.
 */
export function diskValidators(size: number, mtimeMs: number): Pick<StoredFileInfo, "etag" | "lastModified"> {
  const mtime = Math.floor(mtimeMs);
  return {
    etag: `"${size.toString(16)}-${mtime.toString(16)}"`,
    lastModified: new Date(Math.floor(mtime / 1000) * 1000),
  };
}
