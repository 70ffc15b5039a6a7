import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeVideo, VIDEO_MESSAGES, VideoUploadError } from "./index.ts";
import { clips } from "../../../tests/support/test-clips.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "video-probe-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<VideoUploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VideoUploadError);
  return error as VideoUploadError;
}

describe("probeVideo", () => {
  it("reads length, size and codecs of an MP4", async () => {
    const facts = await probeVideo(await clips.mp4(dir));
    expect(facts).toMatchObject({ width: 320, height: 240, videoCodec: "h264", audioCodec: "aac" });
    expect(facts.durationSeconds).toBeCloseTo(3, 0);
  });

  it("reads MOV and WebM (VP8 + Opus)", async () => {
    expect(await probeVideo(await clips.mov(dir))).toMatchObject({ videoCodec: "h264", audioCodec: "aac" });
    const webm = await probeVideo(await clips.webm(dir));
    expect(webm).toMatchObject({ width: 320, height: 240, videoCodec: "vp8", audioCodec: "opus" });
    expect(webm.durationSeconds).toBeCloseTo(2, 0);
  });

  it("says when there is no sound", async () => {
    expect((await probeVideo(await clips.silent(dir))).audioCodec).toBeNull();
  });

  it("reports the shown size of a clip to be turned a quarter", async () => {
    expect(await probeVideo(await clips.rotated(dir))).toMatchObject({ width: 240, height: 320 });
  });

  it("refuses a clip longer than five minutes", async () => {
    const error = await refusal(probeVideo(await clips.long(dir), { field: "tour_video" }));
    expect(error).toMatchObject({ status: 400, message: VIDEO_MESSAGES.long, field: "tour_video" });
  });

  it("refuses what is not a video", async () => {
    expect(await refusal(probeVideo(await clips.text(dir)))).toMatchObject({
      status: 400,
      message: VIDEO_MESSAGES.unreadable,
    });
  });
});
