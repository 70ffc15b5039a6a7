// The database's gauges, read on each scrape, the metrics server on a port of its own, and how a
// cluster's primary adds its workers' metrics up.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { AggregatorRegistry, register } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.server";
import { metricsAddress, startMetricsServer } from "../node/metrics-server.js";
import { observeRequest, renderMetrics, watchDatabase } from "./metrics";

/** A database that answers the jobs count with `queued`, behind a pool with the given counts. */
function fakeDatabase(queued: () => Promise<number>, pool?: object): DatabaseHandle {
  const db = {
    execute: async () => ({ rows: [{ n: await queued() }] }),
    ...(pool ? { $client: pool } : {}),
  };
  return { db, kind: pool ? "postgres" : "pglite" } as unknown as DatabaseHandle;
}

const valueOf = (body: string, name: string) =>
  body
    .split("\n")
    .find((l) => l.startsWith(`${name} `))
    ?.split(" ")[1];

describe("database gauges", () => {
  it("report the pool and the queued jobs, read when scraped", async () => {
    let queued = 3;
    const pool = { totalCount: 7, idleCount: 5, waitingCount: 1 };
    watchDatabase(fakeDatabase(async () => queued, pool));
    let body = (await renderMetrics()).body;
    expect(valueOf(body, "jobs_queue_length")).toBe("3");
    expect(valueOf(body, "db_pool_connections")).toBe("7");
    expect(valueOf(body, "db_pool_connections_idle")).toBe("5");
    expect(valueOf(body, "db_pool_waiting_requests")).toBe("1");
    queued = 4;
    pool.waitingCount = 0;
    body = (await renderMetrics()).body;
    expect(valueOf(body, "jobs_queue_length")).toBe("4");
    expect(valueOf(body, "db_pool_waiting_requests")).toBe("0");
  });

  it("keep the last count when the database fails, without failing the scrape", async () => {
    let away = false;
    watchDatabase(
      fakeDatabase(async () => {
        if (away) throw new Error("connection refused");
        return 2;
      }),
    );
    expect(valueOf((await renderMetrics()).body, "jobs_queue_length")).toBe("2");
    away = true;
    const body = (await renderMetrics()).body;
    expect(valueOf(body, "jobs_queue_length")).toBe("2");
    // PGlite has no pool: no pool gauges rather than zeros.
    expect(body).not.toContain("db_pool_connections");
  });
});

describe("a cluster's metrics", () => {
  it("are the workers' added up, except the queue every worker counts alike", async () => {
    watchDatabase(fakeDatabase(async () => 5));
    observeRequest({ method: "GET", route: "home", status: 200, seconds: 0.02 });
    const worker = await register.getMetricsAsJSON();
    const body = await AggregatorRegistry.aggregate([worker, worker]).metrics();
    expect(valueOf(body, "jobs_queue_length")).toBe("5");
    const count = (text: string) =>
      Number(
        text
          .split("\n")
          .find((l) => l.startsWith("http_request_duration_seconds_count") && l.includes('route="home"'))
          ?.split(" ")
          .at(-1),
      );
    expect(count(body)).toBe(2 * count(await register.metrics()));
  });
});

describe("the metrics server", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await startMetricsServer({ port: 0, host: "127.0.0.1", render: renderMetrics });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers /metrics in Prometheus's text format and nothing else", async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain("# TYPE http_request_duration_seconds histogram");
    for (const path of ["/", "/metrics/x", "/favicon.ico"])
      expect((await fetch(`${base}${path}`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("is off unless METRICS_PORT is set, and on loopback unless told otherwise", () => {
    expect(metricsAddress({})).toBeNull();
    expect(metricsAddress({ METRICS_PORT: "" })).toBeNull();
    expect(metricsAddress({ METRICS_PORT: "nope" })).toBeNull();
    expect(metricsAddress({ METRICS_PORT: "9464" })).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(metricsAddress({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toEqual({
      port: 9464,
      host: "0.0.0.0",
    });
  });
});
