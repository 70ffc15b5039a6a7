// Prometheus's scrapes, on a port of their own (METRICS_PORT) and loopback unless METRICS_HOST says
// otherwise: never on the site's port, where anyone could read them (docs/decisions/040). A single
// process serves its own metrics; a cluster's primary serves its workers', gathered (./cluster.js).
// Plain JavaScript: server.js starts it, in a cluster's primary before (and without) the build.
import http from "node:http";
import { processLog } from "./log.js";

/** Where to serve the metrics, or null when METRICS_PORT is unset (metrics off). */
export function metricsAddress(env = process.env) {
  const port = Number(env.METRICS_PORT?.trim());
  if (!env.METRICS_PORT?.trim() || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { port, host: env.METRICS_HOST?.trim() || "127.0.0.1" };
}

/**
 * Answers GET /metrics with what `render` gives ({ contentType, body }) and 404 to anything else.
 * Resolves to the listening server.
 */
export function startMetricsServer({ port, host = "127.0.0.1", render }) {
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    try {
      const { contentType, body } = await render();
      res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      // A worker that did not answer the primary in time, say: the scrape fails, the site goes on.
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(`Metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * server.js: serves the metrics when METRICS_PORT is set. A port that cannot be had only costs the
 * metrics (said once): the site itself still starts. The server keeps no process alive by itself.
 */
export async function serveMetrics(render, env = process.env) {
  const address = metricsAddress(env);
  if (!address) return null;
  try {
    const server = await startMetricsServer({ ...address, render });
    server.unref();
    return server;
  } catch (error) {
    processLog().warn({ err: error }, `Metrics are off: could not listen on ${address.host}:${address.port}`);
    return null;
  }
}
