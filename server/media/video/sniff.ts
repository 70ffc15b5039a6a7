// Which container a file is, from its first bytes only: names and declared types are the sender's
// word, the bytes are what ffmpeg will read.
import type { VideoContainer } from "./errors.ts";

/** How many leading bytes the sniffer wants; fewer are fine when the file is shorter. */
export const SNIFF_BYTES = 4096;

// Brands of ISO base media files that browsers and ffmpeg read as MP4. Image brands (heic, avif,
// mif1…) and 3GPP are left out on purpose: they are not videos an owner means to upload as MP4.
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "msnv",
  "mmp4",
]);
const QUICKTIME_BRAND = "qt  ";
const IMAGE_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);
// Atoms that may open a QuickTime file written before ftyp existed (older cameras): a `wide`
// placeholder then `mdat`, or the movie atom first.
const LEGACY_QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip"]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE = 0x4282;

export function sniffVideo(head: Uint8Array): VideoContainer | null {
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") return isoBrand(head);
  if (EBML_MAGIC.every((b, i) => head[i] === b)) return ebmlDocType(head) === "webm" ? "webm" : null;
  if (head.length >= 8 && LEGACY_QUICKTIME_ATOMS.has(ascii(head, 4, 8)) && boxSize(head) >= 8) return "mov";
  return null;
}

function isoBrand(head: Uint8Array): VideoContainer | null {
  const size = boxSize(head);
  // size 0 means "to the end of the file", 1 a 64-bit size: neither is a sane ftyp.
  if (size < 16) return null;
  const major = ascii(head, 8, 12);
  if (major === QUICKTIME_BRAND) return "mov";
  if (MP4_BRANDS.has(major)) return "mp4";
  if (IMAGE_BRANDS.has(major)) return null;
  // An unknown major brand: the compatible brands (after the 4-byte minor version) decide.
  const end = Math.min(size, head.length);
  let compatibleMp4 = false;
  for (let at = 16; at + 4 <= end; at += 4) {
    const brand = ascii(head, at, at + 4);
    if (brand === QUICKTIME_BRAND) return "mov";
    if (MP4_BRANDS.has(brand)) compatibleMp4 = true;
  }
  return compatibleMp4 ? "mp4" : null;
}

/** The DocType string of an EBML header ("webm", "matroska"), or null when it cannot be read from `head`. */
function ebmlDocType(head: Uint8Array): string | null {
  const headerSize = readVint(head, 4, false);
  if (!headerSize) return null;
  const start = 4 + headerSize.length;
  const end = headerSize.value === null ? head.length : Math.min(head.length, start + headerSize.value);
  let at = start;
  while (at < end) {
    const id = readVint(head, at, true);
    if (!id || id.length > 4) return null;
    const size = readVint(head, at + id.length, false);
    if (!size || size.value === null) return null;
    const dataStart = at + id.length + size.length;
    const dataEnd = dataStart + size.value;
    if (id.value === EBML_DOCTYPE) {
      if (dataEnd > head.length) return null;
      return ascii(head, dataStart, dataEnd).replace(/\0+$/, "");
    }
    at = dataEnd;
  }
  return null;
}

/**
 * An EBML variable-length integer at `at`: its length comes from the leading zero bits of the first
 * byte. Element IDs keep the length marker bit (`keepMarker`); sizes drop it, and a size of all ones
 * means "unknown" (value null).
 */
function readVint(
  bytes: Uint8Array,
  at: number,
  keepMarker: boolean,
): { value: number | null; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // clz32 of a byte is 24..31 → length 1..8
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  if (!keepMarker && allOnes) return { value: null, length };
  return { value, length };
}

function boxSize(head: Uint8Array): number {
  return ((head[0]! << 24) >>> 0) + (head[1]! << 16) + (head[2]! << 8) + head[3]!;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
