// A chat message's file or voice message: judged by its bytes, photos re-encoded without their EXIF
// (a phone photo carries where it was taken), kept in private storage that only the two people reach.
import { randomBytes } from "node:crypto";
import { HEADER_MESSAGES, judgeImageHeader } from "../../media/images.server";
import { imageWork } from "../../media/work-pool";
import sharp from "sharp";
import type { FileStorage } from "../../media/storage.server";
import { ApiError } from "../envelope";
import { sniff } from "../uploads.server";
import { CHAT_AUDIO_MAX_BYTES, CHAT_FILE_MAX_BYTES, CHAT_MESSAGES } from "./schema";

export interface StoredAttachment {
  key: string;
  type: string;
  name: string;
  size: number;
}

const AUDIO_TYPES = {
  webm: "audio/webm",
  ogg: "audio/ogg",
  mp4: "audio/mp4",
  mp3: "audio/mpeg",
  wav: "audio/wav",
} as const;
type AudioKind = keyof typeof AUDIO_TYPES;

/** The recording's container from its first bytes (MediaRecorder gives WebM or Ogg, Safari MP4). */
export function sniffAudio(b: Uint8Array): AudioKind | null {
  const at = (offset: number, sig: number[]) => sig.every((x, i) => b[offset + i] === x);
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  if (at(0, [0x4f, 0x67, 0x67, 0x53])) return "ogg";
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return "mp4";
  if (at(0, [0x49, 0x44, 0x33]) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return "mp3";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x41, 0x56, 0x45])) return "wav";
  return null;
}

const newKey = (ext: string) => `private/chat/${randomBytes(12).toString("hex")}.${ext}`;

/** A name safe to show and to send back in Content-Disposition. */
function cleanName(name: string, fallback: string) {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim();
  return (base || fallback).slice(0, 120);
}

export async function storeFile(storage: FileStorage, file: File): Promise<StoredAttachment> {
  if (file.size > CHAT_FILE_MAX_BYTES)
    throw new ApiError(400, CHAT_MESSAGES.fileSize, { file: [CHAT_MESSAGES.fileSize] });
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = sniff(bytes);
  if (!kind) throw new ApiError(400, CHAT_MESSAGES.fileType, { file: [CHAT_MESSAGES.fileType] });
  if (kind === "pdf") {
    const key = newKey("pdf");
    await storage.put(key, bytes, "application/pdf");
    return { key, type: "application/pdf", name: cleanName(file.name, "document.pdf"), size: bytes.length };
  }
  const header = await judgeImageHeader(bytes);
  if (!header.ok)
    throw new ApiError(400, HEADER_MESSAGES[header.reason], { file: [HEADER_MESSAGES[header.reason]] });
  let out: Buffer;
  try {
    out = await imageWork.run(() =>
      sharp(bytes, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  } catch {
    throw new ApiError(400, "This photo could not be read", { file: ["This photo could not be read"] });
  }
  const key = newKey("webp");
  await storage.put(key, out, "image/webp");
  const name = cleanName(file.name, "photo").replace(/\.(jpe?g|png)$/i, "") + ".webp";
  return { key, type: "image/webp", name, size: out.length };
}

export async function storeAudio(storage: FileStorage, audio: File): Promise<StoredAttachment> {
  if (audio.size > CHAT_AUDIO_MAX_BYTES)
    throw new ApiError(400, CHAT_MESSAGES.audioSize, { audio: [CHAT_MESSAGES.audioSize] });
  const bytes = Buffer.from(await audio.arrayBuffer());
  const kind = sniffAudio(bytes);
  if (!kind) throw new ApiError(400, CHAT_MESSAGES.audioType, { audio: [CHAT_MESSAGES.audioType] });
  const key = newKey(kind === "mp4" ? "m4a" : kind);
  await storage.put(key, bytes, AUDIO_TYPES[kind]);
  return { key, type: AUDIO_TYPES[kind], name: `voice.${kind === "mp4" ? "m4a" : kind}`, size: bytes.length };
}
