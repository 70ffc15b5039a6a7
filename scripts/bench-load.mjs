// `npm run bench`, throughput part: requests per second and p50/p99 latency of the pages and the API
// call a visitor meets first, each measured right after a static file served by the same server, so
// that a figure can be read against what this machine manages at that moment (its other work, its
// cores): the ratio of the two travels between machines better than either figure alone.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

/** What is measured: the list, a listing (its address found at run time), home and the list's API call. */
export const LOAD_TARGETS = [
  { label: "list", path: "/properties" },
  { label: "listing", path: null },
  { label: "home", path: "/" },
  { label: "api", path: "/api/get_property?limit=12" },
];

/**
 * Who asks. A visitor without cookies may be answered from the page cache; any cookie (a theme
 * chosen, say) makes every page drawn afresh; a signed-in person's pages are drawn for them, plus
 * their dashboard. The API call is the same for all three: it is asked once, by the visitor.
 */
export const LOAD_MODES = [
  { mode: "anonymous", targets: LOAD_TARGETS },
  { mode: "uncached", cookie: "theme=dark", targets: LOAD_TARGETS.filter((t) => t.label !== "api") },
  {
    mode: "signed in",
    signedIn: true,
    targets: [
      ...LOAD_TARGETS.filter((t) => t.label !== "api"),
      { label: "dashboard", path: "/user/dashboard" },
    ],
  },
];

/** A small file of the client build served as it is: the favicon, or else the first hashed asset. */
export function staticFile(clientDir) {
  if (existsSync(path.join(clientDir, "favicon.svg"))) return "/favicon.svg";
  const asset = readdirSync(path.join(clientDir, "assets")).sort()[0];
  if (!asset) throw new Error(`No static file to compare with in ${clientDir}`);
  return `/assets/${asset}`;
}

async function warm(url, headers) {
  // Caches and the JIT: the first requests of a fresh process are not what is measured. A signed-in
  // page that redirects (to sign in) is an error, not a page.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url} -> ${res.status}`);
  }
}

const CLOCK_TICKS = 100;

/** CPU seconds (user and system) of a process and of every process it started (a cluster's workers). */
export function treeCpuSeconds(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // Fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS;
}

async function run(url, { duration, connections, headers, pid }) {
  await warm(url, headers);
  const cpuBefore = pid ? treeCpuSeconds(pid) : null;
  const r = await autocannon({ url, connections, duration, headers });
  const cpu = cpuBefore === null ? null : treeCpuSeconds(pid) - cpuBefore;
  return {
    requestsPerSec: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    // The server's CPU per answer: what a page costs, whatever else the machine is doing.
    cpuMsPerRequest:
      cpu === null || !r.requests.total ? null : Number(((cpu * 1000) / r.requests.total).toFixed(2)),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * Loads each target of each mode (LOAD_MODES) for `duration` seconds with `connections`
 * connections, each right after the same load on the static file. `database` and `workers` describe
 * the server, for the report; `pid` is the server's process (its CPU is read for each run);
 * `sessionCookie` a demo account's session, without which the signed-in mode is skipped.
 */
export async function measureLoad(
  base,
  { duration, connections, database, workers, staticPath, log, pid, sessionCookie, metricsUrl },
) {
  const first = await fetch(`${base}/api/get_property?limit=1`).then((r) => r.json());
  const slug = first?.data?.[0]?.slug_id;
  if (!slug) throw new Error(`No listing to measure on ${database}: is the demo data seeded?`);
  const runs = [];
  for (const { mode, cookie, signedIn, targets } of LOAD_MODES) {
    if (signedIn && !sessionCookie) {
      log(`Load (${database}, ${mode}): skipped, no demo account could sign in`);
      continue;
    }
    const headers = signedIn ? { cookie: sessionCookie } : cookie ? { cookie } : undefined;
    for (const target of targets) {
      const urlPath = target.path ?? `/properties-details/${slug}`;
      log(
        `Load (${database}, ${mode}): ${staticPath}, then ${urlPath} (${connections} connections, ${duration} s each)…`,
      );
      const staticRun = await run(`${base}${staticPath}`, { duration, connections, pid });
      const measured = await run(`${base}${urlPath}`, { duration, connections, headers, pid });
      runs.push({
        label: target.label,
        mode,
        url: urlPath,
        ...measured,
        static: {
          url: staticPath,
          requestsPerSec: staticRun.requestsPerSec,
          latencyP50Ms: staticRun.latencyP50Ms,
          latencyP99Ms: staticRun.latencyP99Ms,
          cpuMsPerRequest: staticRun.cpuMsPerRequest,
        },
        ratioToStatic: staticRun.requestsPerSec
          ? Number((measured.requestsPerSec / staticRun.requestsPerSec).toFixed(4))
          : null,
      });
    }
  }
  return { database, workers, durationSec: duration, connections, runs, caches: await cacheHits(metricsUrl) };
}

/**
 * Each cache's hits and misses over the whole load (every mode, the warm-ups included), from the
 * server's metrics: what each one earns under this traffic.
 */
async function cacheHits(metricsUrl) {
  if (!metricsUrl) return [];
  const text = await fetch(metricsUrl)
    .then((r) => r.text())
    .catch(() => "");
  const counts = new Map();
  for (const [, cache, result, value] of text.matchAll(
    /^cache_lookups\{cache="([^"]+)",result="([^"]+)"\} (\S+)$/gm,
  )) {
    const c = counts.get(cache) ?? { cache, hit: 0, miss: 0, dropped: 0 };
    c[result] = Number(value);
    counts.set(cache, c);
  }
  return [...counts.values()].map((c) => ({
    ...c,
    hitRate: c.hit + c.miss ? Number((c.hit / (c.hit + c.miss)).toFixed(3)) : null,
  }));
}

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
        `Load ${l.url} (${where}, ${l.mode ?? "anonymous"})`,
        `${l.requestsPerSec.toFixed(1)} req/s, p50 ${l.latencyP50Ms} ms, p99 ${l.latencyP99Ms} ms, non-2xx ${l.non2xx}` +
          (l.cpuMsPerRequest !== null && l.cpuMsPerRequest !== undefined
            ? `, CPU ${l.cpuMsPerRequest} ms/page`
            : "") +
          (l.errors || l.timeouts ? `, errors ${l.errors}, timeouts ${l.timeouts}` : "") +
          `; static ${l.static.url} ${l.static.requestsPerSec.toFixed(0)} req/s (p99 ${l.static.latencyP99Ms} ms): ratio ${ratio}`,
      ]);
    }
    for (const c of load.caches ?? [])
      rows.push([
        `Cache "${c.cache}" under the load (${where})`,
        `${c.hit} hits, ${c.miss} misses (hit rate ${c.hitRate === null ? "n/a" : `${(c.hitRate * 100).toFixed(1)} %`}), ${c.dropped} dropped by changes`,
      ]);
  }
  return rows;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** A process and every process it started (a cluster's workers), as process ids. */
function processTree(pid) {
  const children = (p) => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return [];
    }
  };
  const all = [];
  const queue = [String(pid)];
  while (queue.length) {
    const p = queue.shift();
    all.push(p);
    queue.push(...children(p));
  }
  return all;
}

/** Resident memory (MB) of a process and of every process it started (a cluster's workers). */
export function treeMemoryMb(pid) {
  const rssKb = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  return Math.round(processTree(pid).reduce((total, p) => total + rssKb(p), 0) / 1024);
}

/** What `--load` holds the server to: the issue's figures for a portal's busy hour on one machine. */
export const SOAK_BUDGET = { p99Ms: 1000, memoryGrowth: 0.1 };

/**
 * `--load`: many connections for a long while on each path in turn (no static comparison), with the
 * server's memory after a warm-up and at the end. Errors, time-outs and non-2xx answers are counted:
 * the budget is none of them.
 */
export async function soak(base, { paths, connections, duration, pid, log }) {
  const runs = [];
  for (const urlPath of paths) {
    const url = `${base}${urlPath}`;
    // Until the process's heap has grown to what this load needs: "flat" is about the steady state,
    // not the first seconds in which V8 sizes its heap for 200 connections.
    const warmUp = Math.max(5, Math.min(15, Math.round(duration / 2)));
    log(`Load: ${urlPath}, warming up (${connections} connections, ${warmUp} s)…`);
    await warm(url);
    await autocannon({ url, connections, duration: warmUp });
    // Read a few seconds after the load stops, both times: under load the figure swings by a quarter
    // with where each worker's collector happens to be (one process measured alone came back to the
    // same heap after every round).
    await settle();
    const before = treeMemoryMb(pid);
    log(`Load: ${urlPath} (${connections} connections, ${duration} s)…`);
    const r = await autocannon({ url, connections, duration, timeout: 10 });
    await settle();
    const after = treeMemoryMb(pid);
    runs.push({
      url: urlPath,
      connections,
      durationSec: duration,
      requests: r.requests.total,
      requestsPerSec: r.requests.average,
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      latencyMaxMs: r.latency.max,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      memoryBeforeMb: before,
      memoryAfterMb: after,
      memoryGrowth: before ? Number(((after - before) / before).toFixed(3)) : null,
    });
  }
  return runs;
}

/** Summary rows of `soak`, each with whether it met SOAK_BUDGET. */
export function soakRows(runs) {
  return runs.map((r) => {
    const ok =
      r.errors === 0 &&
      r.timeouts === 0 &&
      r.non2xx === 0 &&
      r.latencyP99Ms <= SOAK_BUDGET.p99Ms &&
      (r.memoryGrowth ?? 0) <= SOAK_BUDGET.memoryGrowth;
    return [
      `Load ${r.url} (${r.connections} connections, ${r.durationSec} s)`,
      `${ok ? "ok" : "MISSED"}: ${r.requests} requests, ${r.requestsPerSec.toFixed(1)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, max ${r.latencyMaxMs} ms; errors ${r.errors}, time-outs ${r.timeouts}, non-2xx ${r.non2xx}; memory ${r.memoryBeforeMb} → ${r.memoryAfterMb} MB (${r.memoryGrowth === null ? "n/a" : `${(r.memoryGrowth * 100).toFixed(1)} %`})`,
      ok,
    ];
  });
}
