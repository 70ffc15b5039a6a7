// One database handle per process: PGlite on disk by default, node-postgres when DATABASE_URL is set.
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

// Both drivers expose the same query builder; the node-postgres type stands for either.
export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
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
}

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "server/db/migrations");

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection can be cut by the server (a restart, a failover, an administrator): the
    // pool replaces it on the next query. Without a listener the error would end the process.
    pool.on("error", (error) => console.warn(`PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); it will be replaced`));
    const db = drizzlePg(pool, { schema, logger: process.env.DB_LOG_QUERIES === "1" });
    // Several instances may start at once: an advisory lock lets exactly one run the migrations.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(727274)");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? "memory://", { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  // PGlite has no autovacuum worker: refresh planner statistics at every start instead.
  if (options.dataDir) await client.exec("analyze");
  return { db, kind: "pglite", close: () => client.close(), dump: () => client.dumpDataDir("none") };
}
