// One database handle per process: PGlite on disk by default, node-postgres when DATABASE_URL is set.
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { PreparingClient } from "./prepared-client.server";
import { logger } from "../observability/log";
import { noteStatement } from "../cache/track";
import { DefaultLogger, type Logger } from "drizzle-orm";

// Both drivers expose the same query builder; the node-postgres type stands for either.
export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: where it is, to open another handle as a second process would. */
  url?: string;
  close(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process using this database, and
   * `onReconnect` after a lost listening connection was replaced (notifications may have been missed
   * meanwhile: listeners catch up from the tables). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball, to open copies of it later (tests). */
  dump?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** PGlite: start from a tarball made by `dump` instead of an empty database. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: run the migrations (the default). A cluster's workers leave them to their primary,
   * which ran them before starting any worker.
   */
  migrate?: boolean;
}

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "server/db/migrations");

/**
 * Every connection to a server, pooled or listening (decision 041). Without a connect timeout a
 * request waits for ever while the server is unreachable (or for a pooled connection while all are
 * busy): after this long it fails and the API answers 503 with Retry-After. Keepalive lets a
 * connection held for long (LISTEN) notice a server that vanished without closing it.
 */
const CONNECTION_SETTINGS = {
  connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS) || 5_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

/**
 * The longest wait between attempts to listen again after the connection was lost. Short: a
 * restarted server is heard from within a second, and live chat and caches catch up then; an
 * attempt on a server that is still away is refused at once and costs nothing.
 */
const LISTEN_RETRY_MAX_MS = 1_000;

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    // work_mem: a search intersects index bitmaps of hundreds of thousands of rows; in the default
    // 4 MB they turn lossy and every row of every page they name is read again (decision 032).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // jit off: compiling a search's expressions took 20–30 ms of a 2-core machine for statements that
      // then ran for less; JIT pays off only for long analytical queries (decision 034).
      options: `-c work_mem=${process.env.DB_WORK_MEM ?? "32MB"} -c jit=off`,
      // Frequent statements stay prepared on each connection (./prepared-client.server.ts). A new
      // connection (after a restart of the server, say) starts with none and prepares them afresh.
      ...(process.env.DB_PREPARE === "0" ? {} : { Client: PreparingClient }),
      ...CONNECTION_SETTINGS,
    });
    // An idle connection can be cut by the server (a restart, a failover, an administrator): the
    // pool replaces it on the next query. Without a listener the error would end the process.
    pool.on("error", (error) =>
      logger().warn(
        { reason: (error as { code?: string }).code ?? error.message },
        "PostgreSQL connection lost; it will be replaced",
      ),
    );
    // A connection that is lost while handed out (a transaction's, between two of its statements or
    // during one) says so with an "error" event on the client, which the pool listens to only while
    // the client is idle: unheard, that event would end the process (decision 041). The statement
    // under way fails with the same error (answered 503) and the pool drops the client on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema, logger: queryLogger() });
    if (options.migrate !== false) {
      // Several instances may start at once: an advisory lock lets exactly one run the migrations.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(727274)");
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await client.query("SELECT attach_change_notices()");
      } finally {
        await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    }
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: "postgres",
      url: options.url,
      listen: async (channel, onPayload, onReconnect) => {
        const stop = await listenOnServer(options.url!, channel, onPayload, onReconnect);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? "memory://", {
    extensions: { pg_trgm, cube, earthdistance },
    loadDataDir: options.loadDataDir,
  });
  const pglite = drizzlePglite(client, { schema, logger: queryLogger() });
  await migratePglite(pglite, { migrationsFolder });
  await client.exec("SELECT attach_change_notices()");
  // One Database type for both drivers: the queries the product writes are the same on each.
  const db = pglite as unknown as Database;
  // PGlite learns the database's array types when it opens; those a migration just made (an enum's
  // array) would otherwise be sent as "a,b" instead of an array literal.
  await client.refreshArrayTypes();
  // As on PostgreSQL (above): index bitmaps of a broad search stay exact.
  await client.exec(`set work_mem = '32MB'`);
  // PGlite has no autovacuum worker: refresh planner statistics at every start instead.
  if (options.dataDir) await client.exec("analyze");
  return {
    db,
    kind: "pglite",
    // One embedded database, one process: PGlite delivers NOTIFY to its own listeners on commit.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

/**
 * Every statement passes here: the caches learn which tables an answer was read from (and whether
 * a request wrote anything) from it, and DB_LOG_QUERIES=1 prints it.
 */
function queryLogger(): Logger {
  const print = process.env.DB_LOG_QUERIES === "1" ? new DefaultLogger() : null;
  return {
    logQuery(query, params) {
      noteStatement(query);
      print?.logQuery(query, params);
    },
  };
}

/**
 * LISTEN needs a connection of its own, held for as long as the process lives (a pooled one would be
 * handed to queries). When it drops, a new one is opened with backoff and `onReconnect` is called.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString: url, ...CONNECTION_SETTINGS });
    next.on("notification", (n) => {
      if (n.channel === channel) onPayload(n.payload ?? "");
    });
    next.on("error", (error) => {
      logger().warn({ reason: error.message }, "PostgreSQL listener lost; reconnecting");
      next.end().catch(() => {});
      if (!stopped && client === next) schedule(1);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      if (attempt === 0) throw error;
      if (!stopped) schedule(attempt + 1);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (attempt > 0) onReconnect?.();
  };
  const schedule = (attempt: number) => {
    client = null;
    retry = setTimeout(() => void connect(attempt), Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** attempt));
    retry.unref();
  };
  await connect(0);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}
