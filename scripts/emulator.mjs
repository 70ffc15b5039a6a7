// Starts the Firebase Auth emulator (offline, demo-* project) as a child process and stops it again.
import { spawn } from "node:child_process";
import net from "node:net";
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
 * @param {{ config: string, projectId: string, port: number, dataDir?: string, quiet?: boolean }} o
 * @returns {Promise<{ host: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator(o) {
  const host = `127.0.0.1:${o.port}`;
  if (await portOpen(o.port)) {
    console.log(`Using the auth emulator already running on ${host}`);
    return { host, stop: async () => {} };
  }
  const args = ["emulators:start", "--only", "auth", "--project", o.projectId, "--config", o.config];
  if (o.dataDir) args.push("--import", o.dataDir, "--export-on-exit", o.dataDir);
  const child = spawn(FIREBASE_BIN, args, {
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
  await waitForPort(o.port, child, 90_000);
  return {
    host,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            // already gone
          }
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        // The whole process group, so no helper of the emulator is left behind.
        try {
          process.kill(-child.pid, "SIGINT");
        } catch {
          resolve();
        }
      }),
  };
}
