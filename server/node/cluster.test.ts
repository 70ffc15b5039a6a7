// The production server on PostgreSQL with two workers (server.js, server/node/cluster.js): both answer,
// the background work runs in exactly one of them (also after that one dies), and SIGTERM stops
// them all. Needs DATABASE_URL (a server where a database may be created) and the production build
// (`react-router build`, which `npm test` runs first); reads process trees from /proc (Linux).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_CHANNEL } from "../queue/queue";
import { missing, postgresMissing } from "../../tests/support/prerequisites";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, process.env.BUILD_DIR ?? "build", "server", "index.js");
const url = process.env.DATABASE_URL;
const lack =
  postgresMissing() ||
  (!existsSync(BUILD) && "no production build (npm run build)") ||
  (process.platform !== "linux" && "it reads process trees from /proc, which only Linux has");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Child processes of `pid`, from /proc. */
function children(pid: number): number[] {
  const out: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.push(
        ...readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number),
      );
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** CPU time a process has used so far, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const skip = missing("The cluster test", lack);
describe.skipIf(skip)("the production server on PostgreSQL with two workers", () => {
  const dbName = `souq_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "souq-cluster-"));
  let server: ChildProcess;
  let output = "";
  let base = "";
  let dbUrl = "";

  async function admin<T>(work: (c: pg.Client) => Promise<T>, database?: string): Promise<T> {
    const u = new URL(url!);
    if (database) u.pathname = `/${database}`;
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  }

  /** How many connections of the test database LISTEN on the background queue's channel. */
  const listeners = () =>
    admin(async (c) => {
      const { rows } = await c.query<{ query: string }>(
        "select query from pg_stat_activity where datname = $1 and query ilike 'listen %'",
        [dbName],
      );
      return { queue: rows.filter((r) => r.query.includes(`"${QUEUE_CHANNEL}"`)).length };
    });

  const backgroundWorkers = () =>
    [...output.matchAll(/Worker (\d+) runs the background work/g)].map((m) => Number(m[1]));

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        INSECURE_COOKIES: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        WEB_CONCURRENCY: "2",
        // The workers say which of them runs the background work in an info line (the logger is
        // silent under the tests unless told otherwise).
        LOG_LEVEL: "info",
        // An empty marketplace: seeding the demo would take a minute and is not what is tested here.
        DEMO_DATA: "off",
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test",
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    await until("the server to answer", async () => (await fetch(`${base}/healthz`)).ok, 120_000).catch(
      (error) => {
        throw new Error(`${(error as Error).message}\n${output}`);
      },
    );
  }, 150_000);

  afterAll(async () => {
    if (server?.exitCode === null && server.pid) {
      for (const pid of [server.pid, ...children(server.pid)]) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts two workers, both of which answer, after the primary migrated the database", async () => {
    const workers = children(server.pid!);
    expect(workers).toHaveLength(2);
    // The migrations ran (in the primary, before any worker started).
    const tables = await admin(
      async (c) =>
        (
          await c.query(
            "select count(*)::int as n from information_schema.tables where table_name = 'properties'",
          )
        ).rows[0].n,
      dbName,
    );
    expect(tables).toBe(1);

    const before = workers.map(cpuTicks);
    // Many connections at once: the primary hands them to the workers in turn.
    const pages = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}/properties`, { headers: { connection: "close" } }).then(async (r) => [
          r.status,
          (await r.text()).length,
        ]),
      ),
    );
    expect(pages.every(([status]) => status === 200)).toBe(true);
    const used = workers.map((pid, i) => cpuTicks(pid) - before[i]!);
    // Each rendered pages: far more CPU than an idle worker uses in that time.
    for (const ticks of used) expect(ticks).toBeGreaterThan(5);
  });

  it("runs the background work in exactly one worker", async () => {
    const workers = children(server.pid!);
    await until("the background work to listen", async () => {
      const l = await listeners();
      return l.queue >= 1 && l;
    });
    expect(await listeners()).toEqual({ queue: 1 });
    expect(backgroundWorkers()).toHaveLength(1);
    expect(workers).toContain(backgroundWorkers()[0]);
  });

  it("replaces a worker that dies, and the background work with it", async () => {
    const [background] = backgroundWorkers();
    process.kill(background!, "SIGKILL");
    const replacement = await until("a new background worker", () =>
      backgroundWorkers().find((pid) => pid !== background),
    );
    expect(children(server.pid!)).toContain(replacement);
    expect(children(server.pid!)).toHaveLength(2);
    await until("the new worker's listeners", async () => {
      const l = await listeners();
      return l.queue === 1;
    });
    expect((await fetch(`${base}/healthz`)).ok).toBe(true);
  }, 90_000);

  it("stops every worker on SIGTERM", async () => {
    const workers = children(server.pid!);
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    await until("the workers to end", () => workers.every((pid) => !alive(pid)), 15_000);
  }, 30_000);
});
