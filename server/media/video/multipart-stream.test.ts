import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { streamVideoUpload, VIDEO_MESSAGES, VideoUploadError } from "./index.ts";
import { clips, paddedFile, uploadRequest, type Part } from "../../../tests/support/test-clips.ts";

let root: string;
let clipDir: string;
let dir: string;
let mp4: Buffer;
let mkv: Buffer;
let webm: Buffer;
let text: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "video-upload-"));
  clipDir = path.join(root, "clips");
  await mkdir(clipDir);
  const read = async (made: Promise<string>) => readFile(await made);
  [mp4, mkv, webm, text] = await Promise.all([
    read(clips.mp4(clipDir)),
    read(clips.mkv(clipDir)),
    read(clips.webm(clipDir)),
    read(clips.text(clipDir)),
  ]);
});
afterAll(() => rm(root, { recursive: true, force: true }));

let n = 0;
beforeEach(async () => {
  dir = path.join(root, `uploads-${n++}`);
  await mkdir(dir);
});

const video = (body: Part["body"], filename = "tour.mp4"): Part => ({
  name: "video",
  filename,
  contentType: "video/mp4",
  body,
});

async function refusal(request: Request, maxBytes?: number): Promise<VideoUploadError> {
  const error = await streamVideoUpload(request, { field: "video", dir, maxBytes }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VideoUploadError);
  // Whatever the failure, nothing is left behind.
  expect(await readdir(dir)).toEqual([]);
  return error as VideoUploadError;
}

describe("streamVideoUpload", () => {
  it("writes the file under our own name and collects the text fields", async () => {
    const request = uploadRequest([
      { name: "caption", body: "Living room" },
      video(mp4, "../../etc/My tour.mp4"),
      { name: "order", body: "2" },
    ]);
    const upload = await streamVideoUpload(request, { field: "video", dir });
    expect(upload).toMatchObject({
      bytes: mp4.length,
      container: "mp4",
      filename: "My tour.mp4",
      fields: { caption: "Living room", order: "2" },
    });
    expect(path.dirname(upload.path)).toBe(dir);
    expect(path.basename(upload.path)).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect((await readFile(upload.path)).equals(mp4)).toBe(true);
    expect(await readdir(dir)).toEqual([path.basename(upload.path)]);
  });

  it("takes WebM", async () => {
    const upload = await streamVideoUpload(uploadRequest([video(webm, "clip.webm")]), {
      field: "video",
      dir,
    });
    expect(upload.container).toBe("webm");
  });

  it("accepts a file of exactly the limit", async () => {
    const upload = await streamVideoUpload(
      uploadRequest([video(paddedFile(mp4.subarray(0, 4096), 100_000))]),
      { field: "video", dir, maxBytes: 100_000 },
    );
    expect(upload.bytes).toBe(100_000);
  });

  it("refuses by the bytes, not the name: a text file named .mp4, and Matroska", async () => {
    expect(await refusal(uploadRequest([video(text, "notes.mp4")]))).toMatchObject({
      status: 400,
      message: VIDEO_MESSAGES.type,
      field: "video",
    });
    expect(await refusal(uploadRequest([video(mkv, "clip.webm")]))).toMatchObject({
      status: 400,
      message: VIDEO_MESSAGES.type,
    });
  });

  it("refuses a body over the limit with 413 and leaves no file", async () => {
    const request = uploadRequest([video(paddedFile(mp4.subarray(0, 4096), 3 * 1024 * 1024))]);
    expect(await refusal(request, 1024 * 1024)).toMatchObject({ status: 413, message: VIDEO_MESSAGES.bytes });
  });

  it("refuses a declared length over the limit before reading", async () => {
    let pulled = 0;
    const request = uploadRequest(
      [
        video(async function* () {
          pulled++;
          yield mp4;
        }),
      ],
      { headers: { "content-length": String(50 * 1024 * 1024) } },
    );
    expect(await refusal(request, 1024 * 1024)).toMatchObject({ status: 413 });
    expect(pulled).toBe(0);
  });

  it("asks for a file when there is none, or it is empty", async () => {
    expect(await refusal(uploadRequest([{ name: "caption", body: "x" }]))).toMatchObject({
      status: 400,
      message: VIDEO_MESSAGES.missing,
    });
    // What a browser sends for a file input left empty.
    expect(
      await refusal(
        uploadRequest([{ name: "video", filename: "", contentType: "application/octet-stream", body: "" }]),
      ),
    ).toMatchObject({ status: 400, message: VIDEO_MESSAGES.missing });
  });

  it("refuses a second file and a file under another name", async () => {
    expect(await refusal(uploadRequest([video(mp4), video(mp4, "again.mp4")]))).toMatchObject({
      status: 400,
    });
    expect(await refusal(uploadRequest([{ ...video(mp4), name: "other" }]))).toMatchObject({ status: 400 });
  });

  it("caps text fields in size and number", async () => {
    expect(
      await refusal(uploadRequest([{ name: "caption", body: "x".repeat(10 * 1024 + 1) }, video(mp4)])),
    ).toMatchObject({ status: 400 });
    const many = Array.from({ length: 21 }, (_, i): Part => ({ name: `f${i}`, body: "x" }));
    expect(await refusal(uploadRequest([...many, video(mp4)]))).toMatchObject({ status: 400 });
    const twenty = await streamVideoUpload(uploadRequest([...many.slice(0, 20), video(mp4)]), {
      field: "video",
      dir,
    });
    expect(Object.keys(twenty.fields)).toHaveLength(20);
  });

  it("refuses malformed bodies: not multipart, cut short", async () => {
    const notMultipart = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await refusal(notMultipart)).toMatchObject({ status: 400, message: VIDEO_MESSAGES.unreadable });
    const noBoundary = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; charset=utf-8" },
      body: "x",
    });
    expect(await refusal(noBoundary)).toMatchObject({ status: 400 });
    // The connection dropped mid-file: the part already written is removed.
    expect(
      await refusal(uploadRequest([video(paddedFile(mp4.subarray(0, 4096), 500_000))], { end: false })),
    ).toMatchObject({ status: 400, message: VIDEO_MESSAGES.unreadable });
  });

  it("streams a 150 MB body to disk without holding it in memory", async () => {
    const bytes = 150 * 1024 * 1024;
    const request = uploadRequest([video(paddedFile(mp4.subarray(0, 4096), bytes))]);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const upload = await streamVideoUpload(request, { field: "video", dir });
      expect(upload.bytes).toBe(bytes);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect((peak - before) / 1024 / 1024).toBeLessThan(60);
  });
});
