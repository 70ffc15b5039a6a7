// Where ffmpeg and ffprobe are, and one way to run them: an argument array (never a shell), bounded
// output, a deadline, an AbortSignal, and a lower CPU priority so the web process stays responsive.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";

const require = createRequire(import.meta.url);

// The installer packages carry static binaries for the platform. They are required lazily, and only
// when no path is configured: a deployment with its own ffmpeg (FFMPEG_PATH) never loads them, and
// their import throws on a platform they have no binary for.
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || (require("@ffprobe-installer/ffprobe") as { path: string }).path;
}

/**
 * How much lower than the web process ffmpeg runs (0 = same, 19 = lowest). At 10 the kernel gives a
 * busy web process about nine times ffmpeg's share of a contended core.
 */
export const MEDIA_NICENESS = 10;

export class ToolError extends Error {
  constructor(
    message: string,
    readonly reason: "exit" | "timeout" | "output" | "spawn",
    readonly stderr: string,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

export interface RunOptions {
  /** Killed (SIGKILL) past this many milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Killed when stdout grows past this; stdout is kept in memory, so callers size it. */
  maxStdoutBytes?: number;
  nice?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

// Only the end of stderr is kept: ffmpeg's last lines say why it failed, and a corrupt input can make
// it print a line per frame.
const STDERR_KEEP = 8 * 1024;

/** Runs `binary` with `args` (no shell) and resolves with its output once it exits with status 0. */
export function runTool(binary: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { timeoutMs, signal, maxStdoutBytes = 16 * 1024 * 1024, nice = MEDIA_NICENESS } = options;
  return new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    if (child.pid !== undefined && nice > 0) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not permitted here (or it already exited): it runs at normal priority, which only costs responsiveness.
      }
    }

    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let failure: unknown = null;
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      child.kill("SIGKILL");
    };

    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) {
        fail(new ToolError(`${label(binary)} wrote more than ${maxStdoutBytes} bytes`, "output", stderr));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
    });

    const timer = setTimeout(
      () => fail(new ToolError(`${label(binary)} took longer than ${timeoutMs} ms`, "timeout", stderr)),
      timeoutMs,
    );
    const onAbort = () => fail(signal!.reason);
    signal?.addEventListener("abort", onAbort, { once: true });

    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error) => {
      settle();
      reject(failure ?? new ToolError(`${label(binary)} could not start: ${error.message}`, "spawn", stderr));
    });
    // "close", not "exit": stdout and stderr are fully read by then.
    child.on("close", (code, sig) => {
      settle();
      if (failure) reject(failure);
      else if (code === 0) resolve({ stdout: Buffer.concat(chunks), stderr });
      else
        reject(
          new ToolError(`${label(binary)} failed (${code ?? sig}): ${lastLine(stderr)}`, "exit", stderr),
        );
    });
  });
}

function label(binary: string): string {
  return binary.split(/[\\/]/).pop() ?? binary;
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] ?? "";
}

/** Threads for ffmpeg's decoder and x264: every core, at most 4, so a larger machine keeps cores for its other work. */
export function mediaThreads(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}
