// Files that come with a listing: checked by their bytes (never by name or declared type), turned
// into what pages show (WebP and AVIF variants and a ThumbHash, no EXIF or GPS), and written only once every
// file of the request has passed, so a refused or failed post leaves nothing behind.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { processImage } from "../media/images.server";
import { imageWork } from "../media/work-pool";
import type { FileStorage } from "../media/storage.server";
import { ApiError } from "./envelope";

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Past this many pixels a photo is refused before it is decoded (a small file can claim a huge image). */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MIN_SIDE = 120;
/**
 * Past this side (WebP's own limit) or this shape a photo is refused before it is decoded: a strip of
 * 120 × 333 000 pixels is within the pixel cap but costs seconds and hundreds of MB to resize.
 */
export const PHOTO_MAX_SIDE = 16_383;
export const PHOTO_MAX_RATIO = 10;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** 360° photos are shown up to this width; wider ones are scaled down. */
const PANORAMA_WIDTH = 4096;
const META_IMAGE_WIDTH = 1200;
/** Tour panoramas: 512 px shows at once on a slow phone, 2048 is a phone's sharp view, 4096 a desktop's. */
export const PANORAMA_WIDTHS = [512, 2048, 4096] as const;
export const TOUR_PHOTO_WIDTHS = [320, 1280, 2048] as const;
/** A phone's 360° camera writes 8-20 MB JPEGs. */
export const TOUR_IMAGE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Originals are kept for later reprocessing, never served: the static file server refuses
 * `/uploads/private/` (server/http/front.ts), and they still carry the uploader's EXIF.
 */
export const PRIVATE_PREFIX = "private/";

export const MESSAGES = {
  photoType: "Photos must be JPEG or PNG",
  photoSmall: "Photos must be at least 120x120",
  photoBytes: "Photos must be at most 10 MB",
  tourImageBytes: "Room photos must be at most 25 MB",
  photoPixels: "Photos must be at most 40 megapixels",
  photoSide: "Photos must be at most 16383 pixels wide and high",
  photoShape: "Photos must be at most 10 times as long as they are wide",
  photoUnreadable: "This photo could not be read",
  panoramaShape: "A 360° photo must be twice as wide as it is tall",
  documentType: "Documents must be PDF files",
  documentBytes: "Documents must be at most 10 MB",
  fileType: "Files must be PDF, JPEG or PNG",
} as const;

type Kind = "jpeg" | "png" | "pdf";

/** The file's type from its first bytes. */
export function sniff(bytes: Uint8Array): Kind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  return null;
}

/** Field errors gathered over every file of a request, thrown together. */
export class UploadErrors {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  get any() {
    return Object.keys(this.errors).length > 0;
  }
  throwIfAny() {
    if (!this.any) return;
    const first = Object.values(this.errors)[0]![0]!;
    throw new ApiError(400, first, this.errors);
  }
}

/** A file ready to be written, and what the database row needs to know about it. */
export interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  thumbhash: string;
  dominant: string;
  /** Whether AVIF variants sit next to the WebP ones; always true for photos processed now. */
  avif: boolean;
}

/** A random name for a stored file: unguessable, and only characters every storage key allows. */
export const fileToken = () =>
  randomBytes(9)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "x");
const token = fileToken;

/** Collects the files of one request; nothing touches storage until `write`. */
export class UploadBatch {
  readonly files: PendingFile[] = [];
  private written: string[] = [];
  constructor(
    private readonly storage: FileStorage,
    readonly problems = new UploadErrors(),
  ) {}

  /** Reads a photo and checks it: JPEG or PNG by its bytes, size caps, at least 120×120. */
  private async readPhoto(file: File, field: string, maxBytes = PHOTO_MAX_BYTES) {
    if (file.size > maxBytes)
      return this.problems.add(
        field,
        maxBytes === PHOTO_MAX_BYTES ? MESSAGES.photoBytes : MESSAGES.tourImageBytes,
      );
    const body = Buffer.from(await file.arrayBuffer());
    const kind = sniff(body);
    if (kind !== "jpeg" && kind !== "png") return this.problems.add(field, MESSAGES.photoType);
    let meta;
    try {
      // Header only: the pixel count is known before anything is decoded.
      meta = await sharp(body, { limitInputPixels: false }).metadata();
    } catch {
      return this.problems.add(field, MESSAGES.photoUnreadable);
    }
    const { width = 0, height = 0 } = meta;
    if (width * height > PHOTO_MAX_PIXELS) return this.problems.add(field, MESSAGES.photoPixels);
    if (Math.max(width, height) > PHOTO_MAX_SIDE) return this.problems.add(field, MESSAGES.photoSide);
    if (Math.max(width, height) > PHOTO_MAX_RATIO * Math.max(1, Math.min(width, height)))
      return this.problems.add(field, MESSAGES.photoShape);
    if (width < PHOTO_MIN_SIDE || height < PHOTO_MIN_SIDE)
      return this.problems.add(field, MESSAGES.photoSmall);
    return { body, kind, width, height };
  }

  /** A listing photo (or, in `folder`, an article's cover): WebP and AVIF variants and a placeholder; the original is kept privately. */
  async photo(file: File, field: string, folder = "listings"): Promise<StoredPhoto | null> {
    const read = await this.readPhoto(file, field);
    if (!read) return null;
    let processed;
    try {
      processed = await processImage(read.body);
    } catch {
      // A header that promises more than the file holds (truncated, corrupt) ends here.
      this.problems.add(field, MESSAGES.photoUnreadable);
      return null;
    }
    const key = `${folder}/${token()}`;
    for (const v of processed.variants) {
      this.files.push({ key: `${key}-${v.width}.webp`, body: v.webp, contentType: "image/webp" });
      this.files.push({ key: `${key}-${v.width}.avif`, body: v.avif, contentType: "image/avif" });
    }
    this.files.push({
      key: `${PRIVATE_PREFIX}originals/${key}.${read.kind === "jpeg" ? "jpg" : "png"}`,
      body: read.body,
      contentType: `image/${read.kind}`,
    });
    return {
      key,
      width: processed.width,
      height: processed.height,
      widths: processed.variants.map((v) => v.width),
      thumbhash: processed.thumbhash,
      dominant: processed.dominant,
      avif: true,
    };
  }

  /** One WebP of a photo (a 360° room or a share image): its storage key. */
  private async single(
    file: File,
    field: string,
    width: number,
    suffix: string,
    check?: (w: number, h: number) => string | null,
  ): Promise<string | null> {
    const read = await this.readPhoto(file, field);
    if (!read) return null;
    const problem = check?.(read.width, read.height);
    if (problem) {
      this.problems.add(field, problem);
      return null;
    }
    let body: Buffer;
    try {
      // Decoded to raw pixels first, so no metadata of the upload survives into the WebP.
      body = await imageWork.run(async () => {
        const { data, info } = await sharp(read.body, { autoOrient: true })
          .resize({ width, withoutEnlargement: true })
          .toColourspace("srgb")
          .raw()
          .toBuffer({ resolveWithObject: true });
        return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .webp({ quality: 78 })
          .toBuffer();
      });
    } catch {
      this.problems.add(field, MESSAGES.photoUnreadable);
      return null;
    }
    const key = `listings/${token()}-${suffix}.webp`;
    this.files.push({ key, body, contentType: "image/webp" });
    this.files.push({
      key: `${PRIVATE_PREFIX}originals/${key.replace(/\.webp$/, read.kind === "jpeg" ? ".jpg" : ".png")}`,
      body: read.body,
      contentType: `image/${read.kind}`,
    });
    return key;
  }

  /** An equirectangular 360° photo: twice as wide as tall (a little slack for rounding). */
  panorama(file: File, field: string) {
    return this.single(file, field, PANORAMA_WIDTH, "360", (w, h) =>
      Math.abs(w / h - 2) > 0.02 ? MESSAGES.panoramaShape : null,
    );
  }

  /**
   * A tour room's picture: a 360° panorama (checked 2:1 by its decoded size) or a flat photo, as WebP
   * at a small first width a slow phone shows at once, a phone width and a desktop width.
   */
  async tourImage(file: File, field: string, kind: "panorama" | "photo"): Promise<StoredPhoto | null> {
    const read = await this.readPhoto(file, field, TOUR_IMAGE_MAX_BYTES);
    if (!read) return null;
    if (kind === "panorama" && Math.abs(read.width / read.height - 2) > 0.02) {
      this.problems.add(field, MESSAGES.panoramaShape);
      return null;
    }
    let processed;
    try {
      processed = await processImage(read.body, {
        widths: kind === "panorama" ? PANORAMA_WIDTHS : TOUR_PHOTO_WIDTHS,
        avif: false,
        fullWidth: true,
      });
    } catch {
      this.problems.add(field, MESSAGES.photoUnreadable);
      return null;
    }
    const key = `tours/${token()}`;
    for (const v of processed.variants)
      this.files.push({ key: `${key}-${v.width}.webp`, body: v.webp, contentType: "image/webp" });
    this.files.push({
      key: `${PRIVATE_PREFIX}originals/${key}.${read.kind === "jpeg" ? "jpg" : "png"}`,
      body: read.body,
      contentType: `image/${read.kind}`,
    });
    return {
      key,
      width: processed.width,
      height: processed.height,
      widths: processed.variants.map((v) => v.width),
      thumbhash: processed.thumbhash,
      dominant: processed.dominant,
      avif: false,
    };
  }

  metaImage(file: File, field: string) {
    return this.single(file, field, META_IMAGE_WIDTH, "share");
  }

  /** A PDF document, stored as sent (its name kept for display). */
  async document(file: File, field: string): Promise<{ key: string; name: string } | null> {
    if (file.size > DOCUMENT_MAX_BYTES) {
      this.problems.add(field, MESSAGES.documentBytes);
      return null;
    }
    const body = Buffer.from(await file.arrayBuffer());
    if (sniff(body) !== "pdf") {
      this.problems.add(field, MESSAGES.documentType);
      return null;
    }
    const key = `listings/docs/${token()}.pdf`;
    this.files.push({ key, body, contentType: "application/pdf" });
    return { key, name: documentName(file.name) };
  }

  /** A file parameter: a PDF as it is, a photo as one WebP. */
  async parameterFile(file: File, field: string): Promise<string | null> {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    const kind = sniff(head);
    if (kind === "pdf") return (await this.document(file, field))?.key ?? null;
    if (kind === "jpeg" || kind === "png") return this.single(file, field, 1280, "file");
    this.problems.add(field, MESSAGES.fileType);
    return null;
  }

  /** Writes every file; if one fails, the ones already written are removed again. */
  async write() {
    try {
      for (const f of this.files) {
        await this.storage.put(f.key, f.body, f.contentType);
        this.written.push(f.key);
      }
    } catch (e) {
      await this.discard();
      throw e;
    }
  }

  /** Removes what `write` wrote (the database refused the listing). */
  async discard() {
    const keys = this.written;
    this.written = [];
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => {})));
  }
}

/** A display name from an uploaded file's name: its last path segment, printable, at most 120 characters. */
export function documentName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 120);
  return clean || "document.pdf";
}

/**
 * Every stored file of a photo row: its variants and its private original. AVIF is listed whether or
 * not the row has it (older photos do not), like the original's two possible names: deleting a file
 * that is not there is harmless, and callers need not select the row's `avif` flag.
 */
export function photoFiles(photo: { key: string; widths: number[] }): string[] {
  return [
    ...photo.widths.flatMap((w) => [`${photo.key}-${w}.webp`, `${photo.key}-${w}.avif`]),
    `${PRIVATE_PREFIX}originals/${photo.key}.jpg`,
    `${PRIVATE_PREFIX}originals/${photo.key}.png`,
  ];
}

/** A single-WebP upload and its private original. */
export function singleFiles(key: string): string[] {
  return [
    key,
    `${PRIVATE_PREFIX}originals/${key.replace(/\.webp$/, ".jpg")}`,
    `${PRIVATE_PREFIX}originals/${key.replace(/\.webp$/, ".png")}`,
  ];
}

/** The stored files of a file parameter's value (a PDF, or a WebP with its original). */
export function parameterFiles(key: string): string[] {
  return key.endsWith(".pdf") ? [key] : singleFiles(key);
}
