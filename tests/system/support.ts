// System tests run the product as shipped: the production build, started with `node server.js` in
// processes of their own, on a PostgreSQL server. They need the build (`npm run build`) and a
// PostgreSQL server (DATABASE_URL): without them they are skipped and say so, and in CI they fail.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresMissing } from "../support/prerequisites";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILT = existsSync(path.join(ROOT, "build/server/index.js"));
/** The server the data-layer tests use; system tests make databases of their own on it. */
export const SERVER_URL = process.env.DATABASE_URL;
/** What the tests on the shared server lack here ("" when nothing): for `missing` of ../support/prerequisites. */
export const LACKING = postgresMissing() || (!BUILT && "no production build (npm run build)") || "";

/** A port nobody listens on now (the OS's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A new empty database on the shared server, dropped by `drop`. */
export async function freshDatabase(label: string) {
  const name = `souq_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`).catch(() => {});
      await c.end();
    },
  };
}

export interface Instance {
  origin: string;
  port: number;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The settings every instance of one deployment shares (sessions made by one are good on the other). */
export function deploymentEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    SESSION_SECRET: "system-test-secret-0123456789abcdef0123456789abcdef",
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test",
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199",
    DEMO_DATA: "off",
    INSECURE_COOKIES: "1",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** Starts `node server.js` (the build) and resolves once it is ready (/readyz answers 200). */
export async function startInstance(
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "souq-instance-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (d) => (printed += d));
  child.stderr!.on("data", (d) => (printed += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The instance ended before it was ready:\n${printed}`);
    const ok = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The instance was not ready in time:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    port,
    process: child,
    output: () => printed,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
