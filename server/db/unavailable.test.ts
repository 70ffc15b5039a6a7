// Which failures mean "the database is away for a moment" (503, Retry-After) and which are ours (500):
// real node-postgres failures against a port nobody listens on, a server that never answers and one
// that hangs up, the server's own SQLSTATEs, and the wrappers they arrive in.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { DrizzleQueryError, sql } from "drizzle-orm";
import pg from "pg";
import { createApi } from "../api";
import { ApiError } from "../api/envelope";
import { LocalDiskStorage } from "../media/storage.server";
import { testAuth } from "../../tests/support/testing";
import { captureLogs } from "../observability/log";
import { missing, postgresMissing } from "../../tests/support/prerequisites";
import { openDatabase, type DatabaseHandle } from "./client.server";
import {
  describeError,
  isDatabaseUnavailable,
  noteUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "./unavailable";

/** A port on this machine that nobody listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** A TCP server that takes connections and then does `onConnection` with each. */
async function fakeServer(onConnection: (socket: import("node:net").Socket) => void) {
  const server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/** What one query on a pool with these settings fails with. */
async function failureOf(config: pg.PoolConfig): Promise<unknown> {
  const pool = new pg.Pool({ max: 1, ...config });
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    return error;
  } finally {
    await pool.end().catch(() => {});
  }
  throw new Error("the query did not fail");
}

const withCode = (code: string, message = "from the server") =>
  Object.assign(new pg.DatabaseError(message, 0, "error"), { code });

describe("isDatabaseUnavailable", () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it("a refused connection (no server on the port)", async () => {
    const error = await failureOf({ host: "127.0.0.1", port: await deadPort() });
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("a server that takes the connection and never answers: the connect timeout", async () => {
    const { server, port } = await fakeServer(() => {});
    servers.push(server);
    const error = await failureOf({ host: "127.0.0.1", port, connectionTimeoutMillis: 200 });
    expect(String((error as Error).message)).toMatch(/timeout/i);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("a server that hangs up", async () => {
    const { server, port } = await fakeServer((socket) => socket.destroy());
    servers.push(server);
    const error = await failureOf({ host: "127.0.0.1", port });
    expect(String((error as Error).message)).toMatch(/Connection terminated/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("through Drizzle's wrapper, as the product's queries fail", async () => {
    const handle = await openDatabase({
      url: `postgres://u@127.0.0.1:${await deadPort()}/x`,
      migrate: false,
    });
    try {
      const error = await handle.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["57P02", "terminating connection because of crash of another server process"],
    ["57P03", "the database system is starting up"],
    ["53300", "sorry, too many clients already"],
    ["08006", "connection failure"],
    ["08001", "could not establish connection"],
  ])("the server's %s (%s)", (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], withCode(code, message)))).toBe(true);
  });

  it("every address of a host name refused (AggregateError), a Unix socket that is not there", () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new AggregateError([refused("::1"), refused("127.0.0.1")]))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("connect ENOENT /run/postgresql/.s.PGSQL.5432"), {
          code: "ENOENT",
          syscall: "connect",
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable")),
    ).toBe(true);
  });

  it("not for what a query or our own code got wrong", () => {
    for (const error of [
      withCode("42601", 'syntax error at or near "selec"'),
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("40001", "could not serialize access"),
      withCode("57014", "canceling statement due to statement timeout"),
      withCode("3D000", 'database "x" does not exist'),
      withCode("28P01", "password authentication failed"),
      new DrizzleQueryError("insert …", [], withCode("23503", "violates foreign key constraint")),
      new Error("boom"),
      new TypeError("Cannot read properties of undefined"),
      new ApiError(404, "Not found"),
      Object.assign(new Error("ENOENT: no such file"), { code: "ENOENT", syscall: "open" }),
      new AggregateError([new Error("one"), Object.assign(new Error("two"), { code: "ECONNREFUSED" })]),
      null,
      undefined,
      "Connection terminated",
      42,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it("a cause that leads back to itself ends the search", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("noteUnavailable", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs one line per ten seconds, saying how many it stood for", () => {
    const lines: string[] = [];
    const restore = captureLogs({ write: (line: string) => void lines.push(line) }, "warn");
    onTestFinished(restore);
    const messages = () => lines.map((line) => JSON.parse(line).msg as string);
    const error = new DrizzleQueryError(
      "select 1",
      [],
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    );
    const t0 = 1e12;
    noteUnavailable("GET /api/a", error, t0);
    for (let i = 1; i <= 5; i++) noteUnavailable("GET /api/b", error, t0 + i * 1000);
    noteUnavailable("GET /api/c", error, t0 + 10_000);
    expect(messages()).toHaveLength(2);
    expect(messages()[0]).toMatch(/GET \/api\/a answered 503: ECONNREFUSED connect ECONNREFUSED$/);
    expect(messages()[1]).toMatch(/GET \/api\/c answered 503 \(and 5 more since the last report\)/);
    // The statement Drizzle repeats in its wrapper stays out of the log.
    expect(messages()[0]).not.toMatch(/Failed query/);
  });

  it("describes other errors as before", () => {
    expect(describeError(new Error("boom"))).toBe("boom");
    expect(describeError(withCode("23505", "duplicate key"))).toBe("23505 duplicate key");
    expect(describeError("text")).toBe("text");
  });
});

describe("the API while the database is away", () => {
  // The warnings silenced here must be heard again by the next file: it shares the process.
  afterEach(() => vi.restoreAllMocks());
  let handle: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "souq-unavailable-"));
    handle = await openDatabase({ url: `postgres://u@127.0.0.1:${await deadPort()}/x`, migrate: false });
    api = createApi({
      db: handle.db,
      auth: testAuth(),
      storage: new LocalDiskStorage({ root, publicBase: "/uploads" }),
    });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers 503 with the envelope and Retry-After, never a 500", async () => {
    const res = await api.fetch(new Request("http://test/api/get_categories"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await res.json()).toEqual({ error: true, message: UNAVAILABLE_MESSAGE, data: null });
  });

  it("the compatibility address says so in its apps' shape", async () => {
    const res = await api.fetch(new Request("http://test/compat/api/get_categories"));
    expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await res.json()).toMatchObject({ error: true, message: UNAVAILABLE_MESSAGE, code: 503 });
  });

  it("a call made in this process throws it on, for the page to become a 503 page", async () => {
    const { calls } = await import("../api/calls");
    const error = await api
      .dispatch(calls.get_categories as never, new Request("http://in-process/api/get_categories"), {
        fields: {},
        names: [],
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

// The server ends a connection while a transaction holds it (an administrator, a failover, a crash).
const noServer = missing("Connections lost on PostgreSQL", postgresMissing());
describe.skipIf(noServer)("connections lost under the pool", () => {
  const name = `souq_unavailable_${process.pid}_${Date.now().toString(36)}`;
  const server = process.env.DATABASE_URL!;
  const admin = () => {
    const c = new pg.Client({ connectionString: server });
    return c.connect().then(() => c);
  };
  let handle: DatabaseHandle;
  beforeAll(async () => {
    const c = await admin();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    // One connection: the statements it prepared can be looked at from the pool itself.
    const max = process.env.DB_POOL_MAX;
    process.env.DB_POOL_MAX = "1";
    try {
      handle = await openDatabase({ url: url.toString(), migrate: false });
    } finally {
      if (max === undefined) delete process.env.DB_POOL_MAX;
      else process.env.DB_POOL_MAX = max;
    }
  });
  const terminateAll = async () => {
    const c = await admin();
    await c.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    await c.end();
    // The server's notice reaches the idle connection: the pool drops it.
    await new Promise((r) => setTimeout(r, 200));
  };
  afterAll(async () => {
    await handle?.close();
    const c = await admin();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it("fails the transaction as unavailable, does not end the process, and the pool goes on", async () => {
    const error = await handle.db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        const c = await admin();
        await c.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        await c.end();
        // The server's notice arrives while no statement runs: an "error" event on the client.
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDatabaseUnavailable(error)).toBe(true);
    const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]!.one).toBe(1);
  });

  it("prepares its statements again on the connection that replaces a lost one", async () => {
    const query = sql`select ${"still here"}::text as said, pg_backend_pid() as pid`;
    const prepared = async () =>
      (await handle.db.execute<{ name: string }>(sql`select name from pg_prepared_statements`)).rows.map(
        (r) => r.name,
      );
    // From the third time a text is seen it runs as a named statement (prepared-client.server.ts).
    for (let i = 0; i < 3; i++) await handle.db.execute(query);
    const before = await handle.db.execute<{ said: string; pid: number }>(query);
    const names = (await prepared()).filter((n) => n.startsWith("q_"));
    expect(names).toHaveLength(1);
    await terminateAll();
    const after = await handle.db.execute<{ said: string; pid: number }>(query);
    expect(after.rows[0]!.said).toBe("still here");
    expect(after.rows[0]!.pid).not.toBe(before.rows[0]!.pid);
    expect(await prepared()).toEqual(expect.arrayContaining(names));
  });
});
