// Every answer's request id, its one log line (with nothing secret in it) and its metrics, through
// the whole front (server/app.ts) with an API that has no database: what is observed is the request,
// not what the calls would find.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, setStopping } from "../app";
import { createApi } from "../api";
import type { ApiDeps } from "../api/context";
import { liveStreamsOpen, trackLiveStream } from "../api/chat/live";
import { provideRuntime, type Runtime } from "../runtime/runtime.server";
import { captureLogs } from "./log";
import { renderMetrics } from "./metrics";
import { requestIdFrom } from "./request-context";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Any query of the database fails: the calls asked here must not get that far, or fail visibly. */
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error("no database in this test");
    },
  },
);

const lines: string[] = [];
let restoreLogs: () => void;
let restoreRuntime: () => void;

beforeAll(() => {
  restoreLogs = captureLogs({ write: (line: string) => void lines.push(line) });
  const deps = {
    db: noDatabase,
    // A token is read as nobody's: the call goes on as for a visitor.
    auth: { verify: async () => null },
    storage: {},
  } as unknown as ApiDeps;
  restoreRuntime = provideRuntime({ api: createApi(deps) } as unknown as Runtime);
});
// Test files share the process: the next one must not find this API without a database.
afterAll(() => {
  restoreRuntime?.();
  restoreLogs?.();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`http://shop.test${path}`, { headers }));

/** The parsed lines written for one request. */
const linesOf = (id: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.request_id === id);

describe("the request id", () => {
  it("is on every answer, made here when the request brings none", async () => {
    const res = await get("/livez");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    const api = await get("/api/saved-searches/1");
    expect(api.headers.get("x-request-id")).toMatch(UUID);
    expect(api.headers.get("x-request-id")).not.toBe(res.headers.get("x-request-id"));
  });

  it("keeps a proxy's id and replaces anything else a client sends", async () => {
    const kept = await get("/livez", { "x-request-id": "lb-7f3a.91_c2-XY" });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.91_c2-XY");
    for (const hostile of ["../x", "a".repeat(200), "short", "a b c d e f g h", "ab/cd/ef/gh"]) {
      const res = await get("/livez", { "x-request-id": hostile });
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
    // A newline never gets past an HTTP parser (nor fetch's Headers); the check refuses it anyway.
    expect(requestIdFrom("abcdefgh\nlevel=error forged")).toMatch(UUID);
    expect(requestIdFrom("abcdefgh\r\n")).toMatch(UUID);
    expect(requestIdFrom(undefined)).toMatch(UUID);
  });
});

describe("the log", () => {
  it("writes one JSON line per request, without its cookie, token or query string", async () => {
    const res = await get("/livez?token=QUERY_SECRET&password=hunter2&q=villa", {
      cookie: "__session=COOKIE_SECRET; theme=dark",
      authorization: "Bearer HEADER_SECRET",
    });
    const id = res.headers.get("x-request-id")!;
    const mine = lines.filter((l) => l.includes(id));
    expect(mine).toHaveLength(1);
    const line = mine[0]!;
    expect(line.endsWith("\n")).toBe(true);
    expect(line.trim()).not.toContain("\n");
    for (const secret of ["QUERY_SECRET", "hunter2", "villa", "COOKIE_SECRET", "HEADER_SECRET", "?"])
      expect(line).not.toContain(secret);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      level: "info",
      msg: "request",
      request_id: id,
      method: "GET",
      path: "/livez",
      route: "/livez",
      status: 200,
      api: false,
    });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("names an API call, and the call's own error line carries the request's id and stack", async () => {
    // A field the call does not take is refused before the call runs: its line names the call too.
    const refused = await get("/api/virtual-tours/4711?token=QUERY_SECRET", {
      "x-request-id": "trace-0000-abc",
    });
    expect(refused.status).toBe(400);
    expect(linesOf("trace-0000-abc")).toMatchObject([
      { msg: "request", route: "virtual-tour", path: "/api/virtual-tours/4711", status: 400 },
    ]);
    const res = await get("/api/virtual-tours/4711", {
      "x-request-id": "trace-0001-abc",
      authorization: "Bearer HEADER_SECRET",
    });
    expect(res.status).toBe(500);
    const entries = linesOf("trace-0001-abc");
    expect(entries).toHaveLength(2);
    const [error, request] = entries;
    expect(error).toMatchObject({ level: "error", msg: "API error", path: "/api/virtual-tours/4711" });
    expect((error!.err as { stack: string }).stack).toContain("no database in this test");
    expect(request).toMatchObject({
      level: "error",
      msg: "request",
      path: "/api/virtual-tours/4711",
      route: "virtual-tour",
      status: 500,
      api: true,
    });
    const written = lines.filter((l) => /trace-000[01]-abc/.test(l)).join("");
    expect(written).not.toContain("QUERY_SECRET");
    expect(written).not.toContain("HEADER_SECRET");
  });

  it("redacts credentials a line's author passes by mistake", async () => {
    const { logger } = await import("./log");
    logger().warn({ token: "T0KEN", user: { password: "pw-123", name: "Sara" }, cookie: "c=1" }, "oops");
    const line = lines.at(-1)!;
    expect(line).toContain("Sara");
    for (const secret of ["T0KEN", "pw-123", "c=1"]) expect(line).not.toContain(secret);
  });
});

describe("the metrics", () => {
  it("label a request by its call or pattern, never by the ids in its path", async () => {
    expect((await get("/api/saved-searches/424242")).status).toBe(401);
    expect((await get("/api/chat-file/919191/file")).status).toBe(401);
    const { body, contentType } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const buckets = body.split("\n").filter((l) => l.startsWith("http_request_duration_seconds_bucket"));
    expect(buckets.some((l) => l.includes('route="saved-search"') && l.includes('status_class="4xx"'))).toBe(
      true,
    );
    expect(buckets.some((l) => l.includes('route="/api/chat-file/:id/:kind"'))).toBe(true);
    expect(buckets.some((l) => l.includes('route="/livez"') && l.includes('method="GET"'))).toBe(true);
    expect(body).not.toContain("424242");
    expect(body).not.toContain("919191");
    expect(body).toContain("process_cpu_user_seconds_total");
  });

  it("count the open chat streams, which end when the process begins to stop", async () => {
    let ended = 0;
    const untrack = trackLiveStream(() => ended++);
    expect(liveStreamsOpen()).toBe(1);
    expect((await renderMetrics()).body).toContain("chat_live_streams_open 1");
    setStopping(true);
    try {
      expect(ended).toBe(1);
      // One opened meanwhile (on a connection accepted before) ends at once as well.
      const late = trackLiveStream(() => ended++);
      await Promise.resolve();
      expect(ended).toBe(2);
      late();
    } finally {
      setStopping(false);
      untrack();
    }
    expect(liveStreamsOpen()).toBe(0);
  });
});
