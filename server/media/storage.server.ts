// File storage behind a small interface, so an S3-compatible store can replace the local disk.
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file that is on disk already (a video): it is never read into memory whole. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Where the stored file can be read from disk, for streaming with ranges; null when not on this disk. */
  localPath(key: string): string | null;
  get(key: string): Promise<Buffer | null>;
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

/** Throws unless `key` is a relative path of plain segments, so no key can leave the root. */
function assertSafeKey(key: string): void {
  const segments = key.split("/");
  const ok = segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
  if (!ok) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
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
