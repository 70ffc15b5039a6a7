// Measures the web transcode on this machine:
// `npx tsx server/media/video/measure.ts [--matrix] [--threads] [--source=<file>]`.
// Generates a one-minute 1920×1080 30 fps clip with audio (a moving test pattern with light
// temporal noise, standing in for camera grain), transcodes it with the production settings and
// reports time, size and how responsive this process stayed meanwhile. `--matrix` also compares
// presets and CRFs by time, size and SSIM against the source; `--threads` compares thread counts.
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ffmpegPath, mediaThreads, runTool } from "./ffmpeg.ts";
import { transcodeForWeb, transcodeWith, WEB_ENCODER, type EncoderSettings } from "./transcode.ts";

const SECONDS = 60;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "video-measure-"));
  try {
    // --source=<file> measures an existing clip instead (and saves generating one on every run).
    const given = process.argv.find((a) => a.startsWith("--source="))?.slice("--source=".length);
    const source = given ?? path.join(dir, "source.mp4");
    const t = performance.now();
    if (!given)
      await runTool(
        ffmpegPath(),
        [
          "-v",
          "error",
          "-y",
          "-f",
          "lavfi",
          "-i",
          `testsrc2=size=1920x1080:rate=30:duration=${SECONDS},noise=alls=3:allf=t`,
          "-f",
          "lavfi",
          "-i",
          `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-crf",
          "18",
          "-pix_fmt",
          "yuv420p",
          "-c:a",
          "aac",
          "-b:a",
          "192k",
          "-ac",
          "2",
          `file:${source}`,
        ],
        { timeoutMs: 30 * 60_000, nice: 0 },
      );
    if (!given)
      console.log(
        `source: ${SECONDS} s 1920x1080 30 fps + AAC, ${mb((await stat(source)).size)}, generated in ${secs(performance.now() - t)}`,
      );
    console.log(
      `cores: ${os.availableParallelism()}, ffmpeg threads: ${mediaThreads()}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );

    const idle = await responsiveness(async () => {
      await sleep(5_000);
    });
    console.log(`responsiveness idle: ${idle}`);

    const out = path.join(dir, "out");
    await mkdir(out);
    let result!: Awaited<ReturnType<typeof transcodeForWeb>>;
    let cpu = 0;
    const busy = await responsiveness(async () => {
      cpu = await childCpuMillis(async () => {
        result = await transcodeForWeb(source, out);
      });
    });
    console.log(
      `production (${WEB_ENCODER.preset} crf ${WEB_ENCODER.crf}): ${secs(result.millis)} wall, ${secs(cpu)} CPU, ${result.width}x${result.height}, ${mb(result.bytes)}` +
        ` (${((result.bytes * 8) / result.durationSeconds / 1e6).toFixed(2)} Mbit/s), poster ${kb((await stat(result.posterPath)).size)}`,
    );
    console.log(`responsiveness while transcoding: ${busy}`);

    if (process.argv.includes("--matrix")) {
      console.log("preset     crf  wall     CPU      size      SSIM (vs source scaled to 1280x720)");
      for (const preset of ["veryfast", "faster", "fast", "medium"]) {
        for (const crf of [23, 24, 26]) {
          const settings: EncoderSettings = { preset, crf, threads: mediaThreads() };
          const target = path.join(dir, `${preset}-${crf}`);
          await mkdir(target);
          let r!: Awaited<ReturnType<typeof transcodeWith>>;
          const cpuMs = await childCpuMillis(async () => {
            r = await transcodeWith(source, target, settings);
          });
          const score = await ssim(r.mp4Path, source);
          console.log(
            `${preset.padEnd(10)} ${String(crf).padEnd(4)} ${secs(r.millis).padEnd(8)} ${secs(cpuMs).padEnd(8)} ${mb(r.bytes).padEnd(9)} ${score}`,
          );
          await rm(target, { recursive: true, force: true });
        }
      }
    }
    if (process.argv.includes("--threads")) {
      console.log(
        `threads (${WEB_ENCODER.preset} crf ${WEB_ENCODER.crf}): wall, CPU, responsiveness meanwhile`,
      );
      for (const threads of [1, 2, 3]) {
        const target = path.join(dir, `threads-${threads}`);
        await mkdir(target);
        let r!: Awaited<ReturnType<typeof transcodeWith>>;
        let cpuMs = 0;
        const felt = await responsiveness(async () => {
          cpuMs = await childCpuMillis(async () => {
            r = await transcodeWith(source, target, { ...WEB_ENCODER, threads });
          });
        });
        console.log(`${threads}  ${secs(r.millis)}  ${secs(cpuMs)}  ${felt}`);
        await rm(target, { recursive: true, force: true });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** SSIM of an encode against the source scaled to the encode's size. */
async function ssim(encoded: string, source: string): Promise<string> {
  const { stderr } = await runTool(
    ffmpegPath(),
    [
      "-hide_banner",
      "-nostats",
      "-i",
      `file:${encoded}`,
      "-i",
      `file:${source}`,
      "-lavfi",
      "[1:v]scale=1280:720:flags=bicubic,format=yuv420p[ref];[0:v]format=yuv420p[enc];[enc][ref]ssim",
      "-f",
      "null",
      "-",
    ],
    { timeoutMs: 30 * 60_000 },
  );
  return /All:([\d.]+)/.exec(stderr)?.[1] ?? "?";
}

/**
 * How long a 10 ms piece of JavaScript work takes to run and finish when started every 50 ms,
 * i.e. what a request handler in this process would feel: p50 / p95 / max in ms.
 */
async function responsiveness(during: () => Promise<void>): Promise<string> {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const scheduled = performance.now();
      await sleep(50);
      const woke = performance.now();
      while (performance.now() - woke < 10) {
        // busy work standing in for rendering a page
      }
      samples.push(performance.now() - scheduled - 50);
    }
  })();
  await during();
  running = false;
  await loop;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${samples.length} samples)`;
}

/**
 * CPU time (user + system) the child processes started during `work` used, sampled from /proc
 * every 100 ms (Linux only; a machine shared with other work makes wall times noisy, CPU time much
 * less so). The last 100 ms of each child can be missed.
 */
async function childCpuMillis(work: () => Promise<void>): Promise<number> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const seen = new Map<number, number>();
  const sample = async () => {
    let pids: string[];
    try {
      pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[1]) !== process.pid) continue; // fields: state, ppid, … utime (12), stime (13)
        seen.set(Number(pid), Number(fields[11]) + Number(fields[12]));
      } catch {
        // gone meanwhile
      }
    }
  };
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sample();
      await sleep(100);
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return ([...seen.values()].reduce((a, b) => a + b, 0) / ticksPerSecond) * 1000;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

await main();
