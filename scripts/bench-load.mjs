// `npm run bench`, throughput part: requests per second and p50/p99 latency of the pages and the API
// call a visitor meets first, each measured right after a static file served by the same server, so
// that a figure can be read against what this machine manages at that moment (its other work, its
// cores): the ratio of the two travels between machines better than either figure alone.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

/** What is measured: the list, a listing (its address found at run time), home and the list's API call. */
export const LOAD_TARGETS = [
  { label: "list", path: "/properties" },
  { label: "listing", path: null },
  { label: "home", path: "/" },
  { label: "api", path: "/api/get_property?limit=12" },
];

/** A small file of the client build served as it is: the favicon, or else the first hashed asset. */
export function staticFile(clientDir) {
  if (existsSync(path.join(clientDir, "favicon.svg"))) return "/favicon.svg";
  const asset = readdirSync(path.join(clientDir, "assets")).sort()[0];
  if (!asset) throw new Error(`No static file to compare with in ${clientDir}`);
  return `/assets/${asset}`;
}

async function warm(url) {
  // Caches and the JIT: the first requests of a fresh process are not what is measured.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  }
}

async function run(url, { duration, connections }) {
  await warm(url);
  const r = await autocannon({ url, connections, duration });
  return {
    requestsPerSec: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * Loads each target for `duration` seconds with `connections` connections, each right after the same
 * load on the static file. `database` and `workers` describe the server, for the report.
 */
export async function measureLoad(base, { duration, connections, database, workers, staticPath, log }) {
  const first = await fetch(`${base}/api/get_property?limit=1`).then((r) => r.json());
  const slug = first?.data?.[0]?.slug_id;
  if (!slug) throw new Error(`No listing to measure on ${database}: is the demo data seeded?`);
  const runs = [];
  for (const target of LOAD_TARGETS) {
    const urlPath = target.path ?? `/properties-details/${slug}`;
    log(
      `Load (${database}): ${staticPath}, then ${urlPath} (${connections} connections, ${duration} s each)…`,
    );
    const staticRun = await run(`${base}${staticPath}`, { duration, connections });
    const measured = await run(`${base}${urlPath}`, { duration, connections });
    runs.push({
      label: target.label,
      url: urlPath,
      ...measured,
      static: {
        url: staticPath,
        requestsPerSec: staticRun.requestsPerSec,
        latencyP50Ms: staticRun.latencyP50Ms,
        latencyP99Ms: staticRun.latencyP99Ms,
      },
      ratioToStatic: staticRun.requestsPerSec
        ? Number((measured.requestsPerSec / staticRun.requestsPerSec).toFixed(4))
        : null,
    });
  }
  return { database, workers, durationSec: duration, connections, runs };
}

/** Summary rows: one per database and URL. */
export function loadRows(loads) {
  const rows = [];
  for (const load of loads) {
    if (load.skipped) {
      rows.push([`Load (${load.database})`, `skipped: ${load.skipped}`]);
      continue;
    }
    const where = `${load.database}, ${load.workers} ${load.workers === 1 ? "process" : "workers"}`;
    for (const l of load.runs) {
      const ratio = l.ratioToStatic === null ? "n/a" : `${(l.ratioToStatic * 100).toFixed(1)} %`;
      rows.push([
        `Load ${l.url} (${where})`,
        `${l.requestsPerSec.toFixed(1)} req/s, p50 ${l.latencyP50Ms} ms, p99 ${l.latencyP99Ms} ms, non-2xx ${l.non2xx}` +
          (l.errors || l.timeouts ? `, errors ${l.errors}, timeouts ${l.timeouts}` : "") +
          `; static ${l.static.url} ${l.static.requestsPerSec.toFixed(0)} req/s (p99 ${l.static.latencyP99Ms} ms): ratio ${ratio}`,
      ]);
    }
  }
  return rows;
}
