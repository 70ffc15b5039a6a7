// Several server processes on one machine when the database is a PostgreSQL server: Node's cluster,
// one worker per core (WEB_CONCURRENCY to choose how many). The embedded PGlite database lives inside
// its one process, so without DATABASE_URL there is one process that does everything, as before.
//
// Who does what (server/runtime/process-role.ts names the roles):
// - The primary answers no request. Before it starts any worker it runs the start-up work that must
//   happen once: the database's migrations and, in the demo, the demo data (prepareDatabase). Then
//   it starts the workers, starts another in place of one that ends, and on SIGTERM or SIGINT stops
//   them all and waits for them.
// - Exactly one worker, "background", answers requests and runs the background queue's worker
//   (server/queue/: jobs, saved-search alerts, web push, housekeeping). One that ends is replaced by
//   another "background" worker.
// - The other workers, "web", only answer requests.
// Plain JavaScript: server.js loads it before (and without) the build.
import cluster from "node:cluster";
import os from "node:os";
import { AggregatorRegistry } from "prom-client";
import { processLog } from "./log.js";

/** server/runtime/process-role.ts reads it (PROCESS_ROLE_ENV). */
const ROLE_ENV = "SERVER_PROCESS_ROLE";
/** How long the primary waits for its workers to finish their requests before it ends them. */
const SHUTDOWN_MS = 10_000;
/** A worker that ends is replaced after this pause, so that one failing at once cannot spin the machine. */
const RESTART_DELAY_MS = 1_000;

/**
 * Metrics (docs/decisions/040): each worker records in prom-client's global registry
 * (server/observability/metrics.ts). Making an AggregatorRegistry in a worker is what makes it
 * answer its primary's requests for them; the primary's own adds every worker's answers up.
 */
if (cluster.isWorker) new AggregatorRegistry();
let aggregator;

/** The cluster's metrics, for the primary's metrics server: every worker's, gathered over IPC. */
export async function clusterMetrics() {
  aggregator ??= new AggregatorRegistry();
  return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() };
}

/** How many processes should answer requests: 1 on the embedded database, otherwise WEB_CONCURRENCY or one per core. */
export function workerCount(env = process.env) {
  const asked = env.WEB_CONCURRENCY?.trim();
  const n = Number(asked);
  const valid = Boolean(asked) && Number.isInteger(n) && n >= 1;
  if (asked && !valid)
    processLog().warn(
      `WEB_CONCURRENCY must be a whole number of at least 1, not "${asked}": using the default`,
    );
  if (!env.DATABASE_URL) {
    if (valid && n > 1)
      processLog().warn(
        "WEB_CONCURRENCY is ignored: the embedded database (no DATABASE_URL) is used by one process only",
      );
    return 1;
  }
  return valid ? n : os.availableParallelism();
}

/** This process's role as the primary gave it; a process started on its own does everything. */
export function workerRole() {
  return cluster.isWorker ? process.env[ROLE_ENV] : "all";
}

/**
 * The primary: prepares the database once, then starts and watches `workers` workers (each runs
 * server.js again, as a worker). Resolves once every worker listens; rejects if preparing fails or
 * a worker ends before it ever listened (a start-up failure would only repeat).
 */
export async function runPrimary({ workers, prepare }) {
  await prepare();

  const roles = new Map(); // worker id → role
  const listened = new Set(); // ids of workers that got as far as listening
  let stopping = false;
  const start = (role) => roles.set(cluster.fork({ [ROLE_ENV]: role }).id, role);

  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    if (!roles.size) process.exit();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit();
    }, SHUTDOWN_MS).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));

  return new Promise((resolve, reject) => {
    cluster.on("listening", (worker) => {
      listened.add(worker.id);
      if (listened.size === workers) resolve();
    });
    cluster.on("exit", (worker, code, signal) => {
      const role = roles.get(worker.id);
      roles.delete(worker.id);
      if (stopping) {
        if (!roles.size) process.exit();
        return;
      }
      if (!listened.has(worker.id)) {
        reject(
          new Error(
            `A worker ended while starting (${signal ?? `exit code ${code}`}); see its messages above`,
          ),
        );
        stopAll(1);
        return;
      }
      processLog().warn(
        `Worker ${worker.process.pid} (${role}) ended (${signal ?? `exit code ${code}`}); starting another`,
      );
      setTimeout(() => stopping || start(role), RESTART_DELAY_MS);
    });
    start("background");
    for (let i = 1; i < workers; i++) start("web");
  });
}
