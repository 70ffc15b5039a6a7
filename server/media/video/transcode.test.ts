import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffprobePath, runTool } from "./ffmpeg.ts";
import { probeVideo, transcodeForWeb } from "./index.ts";
import { clips, topLevelBoxes } from "../../../tests/support/test-clips.ts";

async function formatTags(file: string): Promise<Record<string, string>> {
  const { stdout } = await runTool(
    ffprobePath(),
    ["-v", "error", "-print_format", "json", "-show_format", `file:${file}`],
    { timeoutMs: 10_000 },
  );
  return (JSON.parse(stdout.toString()) as { format: { tags?: Record<string, string> } }).format.tags ?? {};
}

let root: string;
let clipDir: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "video-transcode-"));
  clipDir = path.join(root, "clips");
  await mkdir(clipDir);
});
afterAll(() => rm(root, { recursive: true, force: true }));

let n = 0;
async function outDir(): Promise<string> {
  const dir = path.join(root, `out-${n++}`);
  await mkdir(dir);
  return dir;
}

describe("transcodeForWeb", () => {
  it("makes an H.264/AAC MP4 with its index first, and a JPEG poster", async () => {
    const source = await clips.mp4(clipDir);
    // ffmpeg's default puts the index last: the transcode has to move it.
    const sourceBoxes = await topLevelBoxes(source);
    expect(sourceBoxes.indexOf("moov")).toBeGreaterThan(sourceBoxes.indexOf("mdat"));

    const dir = await outDir();
    const web = await transcodeForWeb(source, dir);
    expect(web).toMatchObject({
      width: 320,
      height: 240,
      mp4Path: path.join(dir, "clip.web.mp4"),
      posterPath: path.join(dir, "clip.poster.jpg"),
    });
    expect(web.durationSeconds).toBeCloseTo(3, 0);
    expect(web.bytes).toBeGreaterThan(0);
    expect(web.millis).toBeGreaterThan(0);

    const facts = await probeVideo(web.mp4Path);
    expect(facts).toMatchObject({ videoCodec: "h264", audioCodec: "aac" });
    const boxes = await topLevelBoxes(web.mp4Path);
    expect(boxes[0]).toBe("ftyp");
    expect(boxes.indexOf("moov")).toBeGreaterThan(-1);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

    const poster = await readFile(web.posterPath);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(poster).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    // Only the two results: no partial files.
    expect((await readdir(dir)).sort()).toEqual(["clip.poster.jpg", "clip.web.mp4"]);
  });

  it("scales Full HD to 1280×720", async () => {
    const web = await transcodeForWeb(await clips.fullHd(clipDir), await outDir());
    expect(web).toMatchObject({ width: 1280, height: 720 });
    expect((await sharp(web.posterPath).metadata()).width).toBe(1280);
  });

  it("makes odd sizes even, turns upright clips, and leaves out sound that is not there", async () => {
    const odd = await transcodeForWeb(await clips.odd(clipDir), await outDir());
    expect(odd.width % 2).toBe(0);
    expect(odd.height % 2).toBe(0);
    expect(Math.abs(odd.width - 333)).toBeLessThanOrEqual(1);
    expect(Math.abs(odd.height - 251)).toBeLessThanOrEqual(1);

    const rotated = await transcodeForWeb(await clips.rotated(clipDir), await outDir());
    expect(rotated).toMatchObject({ width: 240, height: 320 });
    expect(await sharp(rotated.posterPath).metadata()).toMatchObject({ width: 240, height: 320 });

    const silent = await transcodeForWeb(await clips.silent(clipDir), await outDir());
    expect((await probeVideo(silent.mp4Path)).audioCodec).toBeNull();
  });

  it("reads WebM and MOV", async () => {
    const webm = await transcodeForWeb(await clips.webm(clipDir), await outDir());
    expect(await probeVideo(webm.mp4Path)).toMatchObject({ videoCodec: "h264", audioCodec: "aac" });
    const source = await clips.mov(clipDir);
    const mov = await transcodeForWeb(source, await outDir());
    expect(await probeVideo(mov.mp4Path)).toMatchObject({ videoCodec: "h264", audioCodec: "aac" });
    // The place it was filmed is not passed on.
    expect(await formatTags(source)).toHaveProperty("location");
    expect(await formatTags(mov.mp4Path)).not.toHaveProperty("location");
  });

  it("stops ffmpeg on abort and on timeout, leaving nothing behind", async () => {
    const source = await clips.tenSeconds(clipDir);
    const aborted = await outDir();
    const controller = new AbortController();
    const run = transcodeForWeb(source, aborted, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("cancelled")), 300);
    await expect(run).rejects.toThrow("cancelled");
    expect(await readdir(aborted)).toEqual([]);

    const late = await outDir();
    await expect(transcodeForWeb(source, late, { timeoutMs: 400 })).rejects.toThrow(/longer than/);
    expect(await readdir(late)).toEqual([]);
  });
});
