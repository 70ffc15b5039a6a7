import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffVideo } from "./index.ts";
import { SNIFF_BYTES } from "./sniff.ts";
import { clips } from "../../../tests/support/test-clips.ts";

/** An ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((brand, i) => box.write(brand, 16 + i * 4, "latin1"));
  box.writeUInt32BE(8, size); // the next box begins
  box.write("free", size + 4, "latin1");
  return box;
}

/** An EBML header as Matroska and WebM begin: EBMLVersion, ReadVersion, MaxIDLength, MaxSizeLength, DocType… */
function ebml(docType: string): Uint8Array {
  const children = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]),
    Buffer.from([0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, "latin1"),
    Buffer.from([0x42, 0x87, 0x81, 0x04]),
    Buffer.from([0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]),
    children,
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
  ]);
}

describe("sniffVideo", () => {
  it("reads MP4 brands", () => {
    for (const brand of ["isom", "iso2", "mp41", "mp42", "avc1", "M4V ", "dash"])
      expect(sniffVideo(ftyp(brand)), brand).toBe("mp4");
  });

  it("reads QuickTime as MOV, also when only a compatible brand says so", () => {
    expect(sniffVideo(ftyp("qt  ", ["qt  "]))).toBe("mov");
    expect(sniffVideo(ftyp("XYZ1", ["qt  "]))).toBe("mov");
  });

  it("decides an unknown major brand by its compatible brands", () => {
    expect(sniffVideo(ftyp("XYZ1", ["isom", "avc1"]))).toBe("mp4");
    expect(sniffVideo(ftyp("XYZ1", ["abcd"]))).toBeNull();
  });

  it("refuses HEIF and AVIF images, which are ISO files too", () => {
    expect(sniffVideo(ftyp("heic", ["mif1", "heic"]))).toBeNull();
    expect(sniffVideo(ftyp("avif", ["avif", "mif1", "miaf"]))).toBeNull();
  });

  it("accepts WebM and refuses Matroska by the EBML DocType", () => {
    expect(sniffVideo(ebml("webm"))).toBe("webm");
    expect(sniffVideo(ebml("matroska"))).toBeNull();
  });

  it("refuses other bytes, empty input and truncated headers", () => {
    expect(sniffVideo(new TextEncoder().encode("These are not the bytes of a video."))).toBeNull();
    expect(sniffVideo(new Uint8Array())).toBeNull();
    expect(
      sniffVideo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])),
    ).toBeNull(); // JPEG
    expect(sniffVideo(ebml("webm").subarray(0, 12))).toBeNull();
    expect(sniffVideo(ftyp("isom").subarray(0, 8))).toBeNull();
  });

  describe("files made by ffmpeg", () => {
    let dir: string;
    const heads: Record<string, Uint8Array> = {};
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "video-sniff-"));
      for (const kind of ["mp4", "mov", "webm", "mkv", "text"] as const) {
        const file = await clips[kind](dir);
        const handle = await open(file, "r");
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
        await handle.close();
        heads[kind] = buffer.subarray(0, bytesRead);
      }
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it("tells them apart by their first bytes", () => {
      expect(sniffVideo(heads.mp4!)).toBe("mp4");
      expect(sniffVideo(heads.mov!)).toBe("mov");
      expect(sniffVideo(heads.webm!)).toBe("webm");
      expect(sniffVideo(heads.mkv!)).toBeNull();
      expect(sniffVideo(heads.text!)).toBeNull();
    });
  });
});
