// What a video file holds, read by ffprobe (demuxing only, no decoding): its length, picture size and codecs.
import { VIDEO_MAX_SECONDS, VIDEO_MESSAGES, VideoUploadError } from "./errors.ts";
import { ffprobePath, runTool, ToolError } from "./ffmpeg.ts";

export interface VideoFacts {
  durationSeconds: number;
  /** As shown: swapped when the file says to rotate by a quarter turn (phones filming upright). */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
}

export interface ProbeOptions {
  /** The form field a refusal is reported on. */
  field?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

// Containers ffmpeg may read our files as. The sniffer admits only ISO-BMFF and WebM bytes; this
// second check keeps ffmpeg from treating them as any other of the formats it can probe.
const DEMUXERS: Record<string, string> = { "mov,mp4,m4a,3gp,3g2,mj2": "mov", "matroska,webm": "matroska" };

// Containers round their durations (and some phones stop a "5:00" recording a few frames late).
const DURATION_SLACK_SECONDS = 0.5;
// Past 8K a side, a file is a decoding-cost trap more than a tour.
const MAX_SIDE = 8192;

interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  tags?: Record<string, string>;
  disposition?: { attached_pic?: number };
  side_data_list?: { rotation?: number }[];
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

/** ffprobe's JSON, or null when it cannot read the file at all. */
async function ffprobeJson(path: string, args: string[], options: ProbeOptions): Promise<unknown> {
  try {
    const { stdout } = await runTool(
      ffprobePath(),
      // "file:" so a path can never be read as an option or another protocol; only local files may be opened.
      ["-v", "error", "-protocol_whitelist", "file", "-print_format", "json", ...args, `file:${path}`],
      { timeoutMs: options.timeoutMs ?? 60_000, signal: options.signal },
    );
    return JSON.parse(stdout.toString("utf8"));
  } catch (error) {
    if (error instanceof ToolError && error.reason === "exit") return null;
    throw error;
  }
}

export interface ProbedVideo extends VideoFacts {
  /** The ffmpeg demuxer to force when reading the file ("mov" or "matroska"). */
  demuxer: string;
  /** Average frames per second, or null when the container does not say. */
  frameRate: number | null;
  /** Indexes of the streams to read in the file: the first real video, the first audio of a known codec. */
  videoStream: number;
  audioStream: number | null;
}

/** Like `probeVideo`, with the demuxer the transcoder forces. */
export async function probeVideoFile(path: string, options: ProbeOptions = {}): Promise<ProbedVideo> {
  const field = options.field ?? "video";
  const unreadable = () => new VideoUploadError(400, VIDEO_MESSAGES.unreadable, field);

  const output = (await ffprobeJson(path, ["-show_format", "-show_streams"], options)) as ProbeOutput | null;
  const demuxer = DEMUXERS[output?.format?.format_name ?? ""];
  if (!output || !demuxer) throw unreadable();

  const streams = output.streams ?? [];
  // Cover art is a "video" stream of one picture: not a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  // A track of a codec ffprobe does not know (codec_name missing) could not be decoded either: the next one is used.
  const audio = streams.find((s) => s.codec_type === "audio" && s.codec_name && s.codec_name !== "none");
  if (!video?.codec_name || video.index === undefined || !video.width || !video.height) throw unreadable();
  if (video.width > MAX_SIDE || video.height > MAX_SIDE) throw unreadable();

  const durationSeconds =
    firstDuration([output.format?.duration, video.duration, matroskaDuration(video.tags)]) ??
    (await lastPacketTime(path, options));
  if (durationSeconds === null || durationSeconds <= 0) throw unreadable();
  if (durationSeconds > VIDEO_MAX_SECONDS + DURATION_SLACK_SECONDS)
    throw new VideoUploadError(400, VIDEO_MESSAGES.long, field);

  const quarterTurn = Math.abs(rotationOf(video)) % 180 === 90;
  return {
    durationSeconds,
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    demuxer,
    frameRate: ratio(video.avg_frame_rate),
    videoStream: video.index,
    audioStream: audio?.index ?? null,
  };
}

/**
 * The facts of a video file; throws VideoUploadError(400) when it holds no readable video stream or
 * runs longer than five minutes.
 */
export async function probeVideo(path: string, options: ProbeOptions = {}): Promise<VideoFacts> {
  const { durationSeconds, width, height, videoCodec, audioCodec } = await probeVideoFile(path, options);
  return { durationSeconds, width, height, videoCodec, audioCodec };
}

function firstDuration(candidates: (string | undefined)[]): number | null {
  for (const text of candidates) {
    const seconds = Number(text);
    if (text !== undefined && Number.isFinite(seconds) && seconds > 0) return seconds;
  }
  return null;
}

/** Matroska keeps per-stream lengths in a DURATION tag ("00:01:02.500000000"). */
function matroskaDuration(tags: Record<string, string> | undefined): string | undefined {
  const text = tags?.DURATION ?? tags?.duration;
  const match = text && /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  return String(Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]));
}

/**
 * Browser recordings (MediaRecorder WebM) carry no duration at all: the time of the last video
 * packet is then the length. Demuxing a whole file is quick (no decoding); at 60 fps for five
 * minutes the listing is well under the output cap, and a longer one is refused anyway.
 */
async function lastPacketTime(path: string, options: ProbeOptions): Promise<number | null> {
  let output: { packets?: { pts_time?: string; dts_time?: string }[] } | null;
  try {
    output = (await ffprobeJson(
      path,
      ["-select_streams", "v:0", "-show_entries", "packet=pts_time,dts_time"],
      options,
    )) as typeof output;
  } catch (error) {
    // Too many packets to list: far too long for a tour.
    if (error instanceof ToolError && error.reason === "output") return VIDEO_MAX_SECONDS * 100;
    throw error;
  }
  let last: number | null = null;
  for (const packet of output?.packets ?? []) {
    const t = Number(packet.pts_time ?? packet.dts_time);
    if (Number.isFinite(t) && (last === null || t > last)) last = t;
  }
  return last;
}

/** "30000/1001" → 29.97; "0/0" (unknown) → null. */
function ratio(text: string | undefined): number | null {
  const [num, den] = (text ?? "").split("/").map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return num / den;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === "number")?.rotation;
  return fromSideData ?? (Number(stream.tags?.rotate) || 0);
}
