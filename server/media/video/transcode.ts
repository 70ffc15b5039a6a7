// The one video format visitors are sent: H.264/AAC in MP4 with the index first, at most 720p-class
// size, plus a JPEG poster. Run by a background job, never while the owner's request waits.
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { ffmpegPath, mediaThreads, runTool } from "./ffmpeg.ts";
import { probeVideoFile, type ProbedVideo } from "./probe.ts";

export interface WebVideo {
  mp4Path: string;
  posterPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  bytes: number;
  /** Wall time of the whole job (probe, transcode, poster). */
  millis: number;
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  /** For everything (probe, encode, poster); by default scaled with the clip's length. */
  timeoutMs?: number;
}

export interface EncoderSettings {
  /** x264 preset. */
  preset: string;
  /** x264 constant rate factor: lower is better looking and larger. */
  crf: number;
  /** Threads for decoding and encoding. */
  threads: number;
}

/**
 * Chosen by measurement on a 2-core machine (`measure.ts` here): a minute of 1920×1080 30 fps with
 * sound becomes 1280×720 at 9.2 MB (1.3 Mbit/s) in ~25 s (34 s of CPU). Against the source, "faster"
 * reached about the SSIM of "veryfast" (CRF 23) with ~9% fewer bytes for ~30% more CPU; "fast" and "medium" gained
 * under 0.1% SSIM at equal CRF for 15-30% more CPU and larger files. CRF 24 rather than x264's 23:
 * 14% fewer bytes for an SSIM drop of 0.0007; 26 saved 29% more for a further drop of 0.0016, a
 * larger step than the bytes seemed worth. (The clip is a test pattern with grain: real footage
 * compresses differently, the ranking is the useful part.)
 * Two threads instead of one: 24 s instead of 34 s, and a request in the web process (with ffmpeg
 * at niceness 10) meanwhile took 14 ms instead of 13 at p95 for 10 ms of work, 11 when idle.
 */
export const WEB_ENCODER: Readonly<EncoderSettings> = { preset: "faster", crf: 24, threads: mediaThreads() };

export const WEB_MAX_SIDE = 1280;
/** Higher frame rates (phones' 60 fps) are halved or more: twice the encoding time and bytes for a walk through rooms. */
export const WEB_MAX_FPS = 30;
const AUDIO_BITRATE = "128k";
/** A keyframe at least every 4 s at 30 fps, so a seek fetches and decodes little before the point asked for. */
const KEYFRAME_INTERVAL = 120;
const POSTER_MAX_WIDTH = 1280;
const POSTER_QUALITY = 80;

/**
 * Default deadline: a fixed allowance plus four times the clip's length. A minute of Full HD took
 * ~25 s on an idle 2-core machine and ~50 s on one busy with other work; 4K or HEVC sources decode
 * slower still. This leaves room for that without letting a stuck ffmpeg hold a job for ever.
 */
function defaultTimeoutMs(durationSeconds: number): number {
  return 60_000 + durationSeconds * 4_000;
}

export async function transcodeForWeb(
  input: string,
  outDir: string,
  options: TranscodeOptions = {},
): Promise<WebVideo> {
  return transcodeWith(input, outDir, WEB_ENCODER, options);
}

/** `transcodeForWeb` with other encoder settings (for measuring them). */
export async function transcodeWith(
  input: string,
  outDir: string,
  encoder: EncoderSettings,
  options: TranscodeOptions = {},
): Promise<WebVideo> {
  const started = performance.now();
  const { signal } = options;
  const source = await probeVideoFile(input, { signal, timeoutMs: options.timeoutMs });
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(source.durationSeconds);
  const remaining = () => Math.max(1, timeoutMs - (performance.now() - started));

  // Named after the input (our own file name, never the uploaded one), so jobs sharing outDir do not collide.
  const base = path.basename(input).replace(/\.[^.]*$/, "");
  const mp4Path = path.join(outDir, `${base}.web.mp4`);
  const posterPath = path.join(outDir, `${base}.poster.jpg`);
  // Written under temporary names and renamed at the end: a file with the final name is always complete.
  const mp4Partial = `${mp4Path}.partial`;
  const posterPartial = `${posterPath}.partial`;

  const written: string[] = [mp4Partial, posterPartial];
  try {
    const args = transcodeArgs(input, mp4Partial, encoder, source);
    await runTool(ffmpegPath(), args, { timeoutMs: remaining(), signal, maxStdoutBytes: 1024 * 1024 });

    const output = await probeVideoFile(mp4Partial, { signal, timeoutMs: remaining() });
    await writePoster(mp4Partial, posterPartial, output.durationSeconds, { signal, timeoutMs: remaining() });

    written.push(mp4Path, posterPath);
    await rename(mp4Partial, mp4Path);
    await rename(posterPartial, posterPath);
    const { size } = await stat(mp4Path);
    return {
      mp4Path,
      posterPath,
      durationSeconds: output.durationSeconds,
      width: output.width,
      height: output.height,
      bytes: size,
      millis: Math.round(performance.now() - started),
    };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

function transcodeArgs(
  input: string,
  output: string,
  encoder: EncoderSettings,
  source: ProbedVideo,
): string[] {
  // The long side to at most WEB_MAX_SIDE, from the displayed size (sample aspect ratio applied;
  // rotation is already applied by ffmpeg before filters), both sides even as 4:2:0 needs, never upscaled.
  // Commas inside expressions are escaped: in a filter graph they separate filters.
  const fit = `min(1\\,${WEB_MAX_SIDE}/max(iw*sar\\,ih))`;
  const filters = [
    `scale=w='max(2\\,trunc(iw*sar*${fit}/2)*2)':h='max(2\\,trunc(ih*${fit}/2)*2)'`,
    "setsar=1",
    ...(source.frameRate !== null && source.frameRate > WEB_MAX_FPS + 0.5 ? [`fps=${WEB_MAX_FPS}`] : []),
    "format=yuv420p",
  ];
  const audio =
    source.audioStream !== null
      ? ["-map", `0:${source.audioStream}`, "-c:a", "aac", "-b:a", AUDIO_BITRATE, "-ac", "2"]
      : ["-an"];
  return [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-y",
    // Only local files, the demuxer the probe found (never ffmpeg's guess), "file:" so the path is never an option.
    "-protocol_whitelist",
    "file",
    "-threads",
    String(encoder.threads),
    "-f",
    source.demuxer,
    "-i",
    `file:${input}`,
    // Streams by index, as the probe chose them: "0:v:0" could be a file's cover picture.
    "-map",
    `0:${source.videoStream}`,
    "-vf",
    filters.join(","),
    "-c:v",
    "libx264",
    "-preset",
    encoder.preset,
    "-crf",
    String(encoder.crf),
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    "-g",
    String(KEYFRAME_INTERVAL),
    "-threads",
    String(encoder.threads),
    ...audio,
    // Phones write the place a clip was filmed into its metadata: none of it is copied.
    "-map_metadata",
    "-1",
    "-map_chapters",
    "-1",
    "-sn",
    "-dn",
    // Index (moov) before the media, so playback starts before the whole file has arrived.
    "-movflags",
    "+faststart",
    // Sources with sparse audio or video at the start otherwise stop ffmpeg with "Too many packets buffered".
    "-max_muxing_queue_size",
    "4096",
    "-f",
    "mp4",
    `file:${output}`,
  ];
}

/** A frame at 1 s (or the middle of shorter clips), taken from the web MP4 (already small, so quick to decode). */
async function writePoster(
  mp4: string,
  poster: string,
  durationSeconds: number,
  run: { signal?: AbortSignal; timeoutMs: number },
): Promise<void> {
  const at = durationSeconds >= 2 ? 1 : durationSeconds / 2;
  let png = await frameAt(mp4, at, run);
  // Seeking can land past the last frame of a very short or oddly timed clip: the first frame then.
  if (png.length === 0) png = await frameAt(mp4, 0, run);
  if (png.length === 0) throw new Error("No frame to make a poster from");
  // sharp writes no metadata unless asked to.
  await sharp(png)
    .resize({ width: POSTER_MAX_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: POSTER_QUALITY, mozjpeg: true })
    .toFile(poster);
}

async function frameAt(
  mp4: string,
  seconds: number,
  run: { signal?: AbortSignal; timeoutMs: number },
): Promise<Buffer> {
  const args = [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-protocol_whitelist",
    "file",
    "-ss",
    seconds.toFixed(3),
    "-f",
    "mov",
    "-i",
    `file:${mp4}`,
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    "-f",
    "image2pipe",
    "-c:v",
    "png",
    "pipe:1",
  ];
  // A 1280 px PNG of a noisy frame is a few MB; the cap only guards against a runaway.
  const { stdout } = await runTool(ffmpegPath(), args, { ...run, maxStdoutBytes: 64 * 1024 * 1024 });
  return stdout;
}
