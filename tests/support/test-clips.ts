// Test clips made by the ffmpeg binary itself at test time (nothing binary is kept in the repository),
// and helpers the video tests share.
import { open, writeFile } from "node:fs/promises";
import path from "node:path";
import { ffmpegPath, runTool } from "../../server/media/video/ffmpeg.ts";

const video = (size: string, rate: number, seconds: number) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const tone = (seconds: number) => [
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
];
const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
const aac = ["-c:a", "aac", "-b:a", "64k"];

async function ffmpeg(args: string[], output: string): Promise<string> {
  await runTool(ffmpegPath(), ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args, `file:${output}`], {
    timeoutMs: 60_000,
    nice: 0,
  });
  return output;
}

export const clips = {
  /** 3 s, 320×240, H.264 + AAC, the index (moov) written last as ffmpeg does by default. */
  mp4: (dir: string) =>
    ffmpeg(
      [...video("320x240", 15, 3), ...tone(3), ...h264, ...aac, "-shortest"],
      path.join(dir, "clip.mp4"),
    ),
  /** With the place it was filmed, as phones write it. */
  mov: (dir: string) =>
    ffmpeg(
      [
        ...video("320x240", 15, 2),
        ...tone(2),
        ...h264,
        ...aac,
        "-shortest",
        "-metadata",
        "location=+48.8577+002.2950/",
        "-f",
        "mov",
      ],
      path.join(dir, "clip.mov"),
    ),
  /** VP8 + Opus, what browsers record. */
  webm: (dir: string) =>
    ffmpeg(
      [
        ...video("320x240", 15, 2),
        ...tone(2),
        "-c:v",
        "libvpx",
        "-b:v",
        "300k",
        "-c:a",
        "libopus",
        "-shortest",
      ],
      path.join(dir, "clip.webm"),
    ),
  mkv: (dir: string) =>
    ffmpeg([...video("320x240", 15, 2), ...h264, "-f", "matroska"], path.join(dir, "clip.mkv")),
  silent: (dir: string) => ffmpeg([...video("320x240", 15, 2), ...h264], path.join(dir, "silent.mp4")),
  /** 301 s: one second too long; tiny and at 1 fps so it takes a moment to make. */
  long: (dir: string) => ffmpeg([...video("32x32", 1, 301), ...h264], path.join(dir, "long.mp4")),
  /** Full HD with odd-sized neighbours below: the transcode scales it to 1280×720. */
  fullHd: (dir: string) =>
    ffmpeg(
      [...video("1920x1080", 30, 1), ...tone(1), ...h264, ...aac, "-shortest"],
      path.join(dir, "fullhd.mp4"),
    ),
  /** Long enough (to transcode) to be stopped midway. */
  tenSeconds: (dir: string) =>
    ffmpeg(
      [...video("640x360", 30, 10), ...tone(10), ...h264, ...aac, "-shortest"],
      path.join(dir, "ten.mp4"),
    ),
  /** 333×251: odd sides, which 4:2:0 H.264 cannot have. */
  odd: (dir: string) =>
    ffmpeg(
      [...video("333x251", 15, 1), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p"],
      path.join(dir, "odd.mp4"),
    ),
  /** Landscape pixels marked to be shown turned a quarter (as phones filming upright do). */
  // Made in two steps: when encoding, this ffmpeg drops a rotation given on the command line; when copying, it keeps it.
  rotated: async (dir: string) => {
    const upright = await ffmpeg([...video("320x240", 15, 1), ...h264], path.join(dir, "upright.mp4"));
    return ffmpeg(
      ["-i", `file:${upright}`, "-c", "copy", "-metadata:s:v:0", "rotate=90"],
      path.join(dir, "rotated.mp4"),
    );
  },
  /** A text file named like a video. */
  text: async (dir: string) => {
    const file = path.join(dir, "notes.mp4");
    await writeFile(file, "These are not the bytes of a video.\n".repeat(200));
    return file;
  },
};

/** The top-level boxes of an ISO-BMFF file, in order (read from the file, box by box). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= size) {
      await handle.read(header, 0, 16, at);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - at;
      if (boxSize < 8) throw new Error(`Bad box size at ${at}`);
      boxes.push(type);
      at += boxSize;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  /** The part's bytes, produced lazily so a large body never exists whole. */
  body: string | Uint8Array | (() => AsyncIterable<Uint8Array>);
}

/** A multipart/form-data body produced as a stream, part by part. */
export function multipartBody(
  parts: Part[],
  options: { end?: boolean } = {},
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----video-test-${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
      if (part.filename !== undefined) head += `; filename="${part.filename}"`;
      head += "\r\n";
      if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
      yield encoder.encode(`${head}\r\n`);
      if (typeof part.body === "string") yield encoder.encode(part.body);
      else if (part.body instanceof Uint8Array) yield part.body;
      else yield* part.body();
      yield encoder.encode("\r\n");
    }
    if (options.end !== false) yield encoder.encode(`--${boundary}--\r\n`);
  }
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await iterator.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadRequest(
  parts: Part[],
  options: { end?: boolean; headers?: Record<string, string> } = {},
): Request {
  const { body, contentType } = multipartBody(parts, options);
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": contentType, ...options.headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** `head` followed by zeros up to `bytes` in total, in 64 KB chunks made as they are asked for. */
export function paddedFile(head: Uint8Array, bytes: number): () => AsyncIterable<Uint8Array> {
  return async function* () {
    yield head;
    let left = bytes - head.length;
    while (left > 0) {
      const n = Math.min(left, 64 * 1024);
      yield new Uint8Array(n);
      left -= n;
    }
  };
}
