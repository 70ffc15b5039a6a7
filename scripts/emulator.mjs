// Starts the Firebase Auth emulator (offline, demo-* project) as a child process and stops it again.
import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const FIREBASE_BIN = path.resolve("node_modules/.bin/firebase");

export function portOpen(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited with code ${child.exitCode}`);
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The auth emulator did not open port ${port} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the emulator and waits until it answers.
 * @param {{ config: string, projectId: string, port: number, dataDir?: string, quiet?: boolean }} o
 * @returns {Promise<{ host: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator(o) {
  const emulator = launchAuthEmulator(o);
  await emulator.ready;
  return emulator;
}

/**
 * Starts the emulator without waiting for it: `ready` settles once it answers (or rejects if it
 * cannot start), and `stop` ends it at any moment, while it is still starting too. `nice` lowers its
 * priority (0-19), so what starts beside it goes first.
 * @param {{ config: string, projectId: string, port: number, dataDir?: string, quiet?: boolean, nice?: number }} o
 * @returns {{ host: string, ready: Promise<void>, stop: () => Promise<void> }}
 */
export function launchAuthEmulator(o) {
  const host = `127.0.0.1:${o.port}`;
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  let stopped = false;
  const ready = (async () => {
    if (await portOpen(o.port)) {
      console.log(`Using the auth emulator already running on ${host}`);
      return;
    }
    if (stopped) return;
    const args = ["emulators:start", "--only", "auth", "--project", o.projectId, "--config", o.config];
    if (o.dataDir) args.push("--import", o.dataDir, "--export-on-exit", o.dataDir);
    child = spawn(FIREBASE_BIN, args, {
      stdio: o.quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
      // No update checks or telemetry: the demo runs offline.
      env: {
        ...process.env,
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
        FIREBASE_CLI_EXPERIMENTS: "",
        CI: process.env.CI ?? "",
      },
      detached: true,
    });
    if (o.nice) {
      try {
        os.setPriority(child.pid, o.nice);
      } catch {
        // Not allowed here: it starts at the usual priority, only later.
      }
    }
    // At a lower priority on a busy machine it may take longer to be given the CPU it needs.
    await waitForPort(o.port, child, o.nice ? 180_000 : 90_000);
  })();
  return {
    host,
    ready,
    stop: () =>
      new Promise((resolve) => {
        stopped = true;
        const running = child;
        if (!running || running.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-running.pid, "SIGKILL");
          } catch {
            // already gone
          }
        }, 10_000);
        running.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        // The whole process group, so no helper of the emulator is left behind.
        try {
          process.kill(-running.pid, "SIGINT");
        } catch {
          resolve();
        }
      }),
  };
}
