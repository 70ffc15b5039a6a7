// What Prometheus reads from this process (server/node/metrics-server.js serves it on METRICS_PORT):
// request durations, the database pool, open chat streams, the background queue, and Node's own. Everything
// lives in prom-client's global registry: a cluster's primary asks each worker for it over IPC
// (prom-client's AggregatorRegistry, server/node/cluster.js) and adds them up (docs/decisions/040).
import { collectDefaultMetrics, Gauge, Histogram, register } from "prom-client";
import { cacheStats } from "../cache/cache";
import type { DatabaseHandle } from "../db/client.server";
import { liveStreamsOpen } from "../api/chat/live";
import { dueCount, JOB_KINDS, waiting, type WaitingStatus } from "../queue/queue";

/**
 * A module evaluated again (development's reloads, another test file in the same worker) replaces
 * its metrics rather than failing on a name the registry already holds.
 */
function replacing<T>(name: string, make: () => T): T {
  register.removeSingleMetric(name);
  return make();
}

if (!register.getSingleMetric("process_cpu_user_seconds_total")) collectDefaultMetrics();

const requestDuration = replacing(
  "http_request_duration_seconds",
  () =>
    new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's headers (a stream's end is not waited for)",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

/** Any other method a client makes up shares one label value. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A route label is a name from a fixed set (a call, a route pattern); this is a guard, not a limit met. */
const MAX_ROUTE_LABEL = 120;

export interface ObservedRequest {
  method: string;
  /** An API call's name or a route pattern: never a raw path, whose ids would make a series each. */
  route: string | undefined;
  status: number;
  seconds: number;
}

export function observeRequest({ method, route, status, seconds }: ObservedRequest): void {
  requestDuration.observe(
    {
      method: METHODS.has(method) ? method : "other",
      route: route && route.length <= MAX_ROUTE_LABEL ? route : "other",
      status_class: status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other",
    },
    seconds,
  );
}

replacing(
  "chat_live_streams_open",
  () =>
    new Gauge({
      name: "chat_live_streams_open",
      help: "Live chat streams (Server-Sent Events) open in this process",
      collect() {
        this.set(liveStreamsOpen());
      },
    }),
);

// Each cache's hits and misses since the process started (server/cache): a cluster's figure is the
// sum of its workers'. A hit rate is hits / (hits + misses).
replacing(
  "cache_lookups",
  () =>
    new Gauge({
      name: "cache_lookups",
      help: "Lookups in each of the process's caches since it started, by result (hit, miss, dropped)",
      labelNames: ["cache", "result"],
      aggregator: "sum",
      collect() {
        for (const s of cacheStats()) {
          this.set({ cache: s.name, result: "hit" }, s.hits);
          this.set({ cache: s.name, result: "miss" }, s.misses);
          this.set({ cache: s.name, result: "dropped" }, s.dropped);
        }
      },
    }),
);

/** A scrape waits this long for the database at most; the last count stands when it does not answer. */
const QUERY_TIMEOUT_MS = 1_000;

let database: DatabaseHandle | undefined;

/**
 * The database whose pool and queue the metrics report: the runtime's (server/app.ts), once open.
 * Its gauges exist from then on only: a web tier without a database reports none rather than zeros.
 */
export function watchDatabase(handle: DatabaseHandle): void {
  // Asked again by every page (server/app.ts's ready): the gauges are made once per database.
  if (database === handle) return;
  database = handle;
  const gauge = (name: string, help: string, read: (p: PoolCounts) => number) =>
    replacing(name, () =>
      pool()
        ? new Gauge({
            name,
            help,
            collect() {
              const p = pool();
              if (p) this.set(read(p));
            },
          })
        : null,
    );
  gauge("db_pool_connections", "Connections the PostgreSQL pool holds, idle or busy", (p) => p.totalCount);
  gauge("db_pool_connections_idle", "Connections of the pool waiting for a query", (p) => p.idleCount);
  gauge(
    "db_pool_waiting_requests",
    "Queries waiting for a free connection of the pool",
    (p) => p.waitingCount,
  );
  // Made after the pool's gauges, so read after them (a scrape reads in that order): its own query,
  // waiting a tick for an idle connection, would otherwise count as a query waiting.
  replacing(
    "jobs_queue_length",
    () =>
      new Gauge({
        name: "jobs_queue_length",
        help: "Rows of the background queue due and waiting to be taken, every kind together",
        // Every worker counts the same table: the cluster's figure is one count, not their sum.
        aggregator: "max",
        async collect() {
          const n = await readQueue(dueCount);
          if (n !== null) this.set(n);
        },
      }),
  );
  replacing(
    "queue_jobs",
    () =>
      new Gauge({
        name: "queue_jobs",
        help: "Unfinished rows of the background queue by kind and status: queued (due, waiting to be taken), scheduled (due later: a retry, the next recurring round), processing",
        labelNames: ["kind", "status"] as const,
        aggregator: "max",
        async collect() {
          const rows = await readQueue(waiting);
          if (!rows) return;
          // Every kind and status, nothing waiting included: a series that vanished would read as unknown.
          for (const kind of JOB_KINDS) for (const status of STATUSES) this.set({ kind, status }, 0);
          for (const r of rows) if (r.kind && r.status) this.set({ kind: r.kind, status: r.status }, r.count);
        },
      }),
  );
}

const STATUSES: WaitingStatus[] = ["queued", "scheduled", "processing"];

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** node-postgres's pool behind the query builder; PGlite, one connection in this process, has none. */
function pool(): PoolCounts | null {
  const client = (database?.db as { $client?: Partial<PoolCounts> } | undefined)?.$client;
  return typeof client?.totalCount === "number" ? (client as PoolCounts) : null;
}

/** A read of the queue (server/queue/queue.ts), or null when the database does not answer in time. */
async function readQueue<T>(read: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T | null> {
  if (!database) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUERY_TIMEOUT_MS)));
    return await Promise.race([read(database.db), late]);
  } catch {
    // The database is away (its own alerts say so); a scrape does not fail for it.
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The metrics' text in Prometheus's format, for a single process's metrics server (server.js). */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}
