// `npm run bench`: performance snapshot of the production build on this machine.
//
// Measures, against a locally started production server (embedded PGlite, demo data):
//   1. First-load JavaScript of /properties, a listing page and home: every /assets/*.js file the
//      HTML references (<script src>, <link rel="modulepreload">, inline module scripts) plus their
//      static imports, followed recursively, gzip -9 and summed. React DOM is a dynamic import
//      that runs on the visitor's first interaction (app/entry.client.tsx): reported separately.
//   2. CSS of the stylesheets linked in the page (gzip) and HTML size (raw and gzip).
//   3. In Chromium: every byte on the wire for a first visit to a listing at 360 px (EN and AR).
//   4. Lighthouse (mobile preset) performance and accessibility on home, list and listing, EN and AR.
//   5. Throughput, latency and the server's CPU per page (autocannon, /proc) of /properties, a listing
//      page, home and /api/get_property?limit=12 for a visitor (page cache allowed), the pages again with
//      a cookie (drawn afresh) and signed in as a demo owner (with the dashboard), each right after the
//      same load on a static file of the same server
//      (scripts/bench-load.mjs), with the ratio of the two. With DATABASE_URL set, 5. runs once more
//      against a second server on that PostgreSQL database (its workers, one per core unless
//      WEB_CONCURRENCY says otherwise), which fills the database with the demo data on its first start.
//   6. 1. and 2. for the pages an owner uses on a phone (/user/add-property, /user/properties,
//      /user/dashboard, the packages, a package's checkout and the messages), signed in as a demo owner. The accounts live in a Firebase Auth emulator
//      the bench starts on free ports; without it (e.g. firebase-tools missing) these are skipped.
// Checks the budgets and writes everything to bench-results/latest.json.
//
// Flags: --no-build       use the existing build as is
//        --no-browser     skip 3. and 4. (no Chromium needed)
//        --no-lighthouse  skip 4.
//        --duration N     seconds of load per URL (default 10)
//        --connections N  concurrent connections (default 10)
//        --port N         preferred port (default 3210; a free one is picked if taken)
//        --strict         exit 1 when a budget is missed
//        --feed [N]       also time get_user_recommendation (40 people of every taste, with and without history) on N
//                         generated listings (default 100000; PGlite, or DATABASE_URL's server)
//        --search [N]     also time get_property (text + filters + map box) and get-map-clusters on N generated
//                         listings (default 100000; PGlite, or DATABASE_URL's server)
//        --load           only the load test of a busy hour: 200 connections (--connections) for 30 s
//                         (--duration) on /properties and /api/get_property on PostgreSQL (DATABASE_URL's
//                         server, a database of its own, souq_bench_load, filled with the demo data on
//                         its first run): errors, time-outs, p99 and the server's memory before/after
//        --uploads        only what uploads cost everyone else: three hostile images, then ten phone
//                         photos, uploaded at once on the embedded database while /api/web-settings is
//                         timed and the server's memory sampled (budget: ≤ +300 MB, p99 ≤ 300 ms)
//        --alerts [N]     also time saved-search alerts: N saved searches (default 100000) on 100000 generated
//                         listings, a new listing matched (p50/p95/max ms) and a daily digest run for all (seconds)
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { workerCount } from "../server/node/cluster.js";
import { loadRows, measureLoad, soak, soakRows, staticFile } from "./bench-load.mjs";
import { measureUploads, uploadRows } from "./bench-uploads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA_DIR = path.join(ROOT, "data", "bench");
const RESULTS_DIR = path.join(ROOT, "bench-results");
const JS_BUDGET_KB = 100; // first-load JS, gzip, 1 KB = 1024 bytes
const TRANSFER_BUDGET_KB = 500; // every byte of a first visit to a listing at 360 px
const LIGHTHOUSE_MIN = 95; // performance and accessibility, mobile preset
const READY_TIMEOUT_MS = 240_000;
const PAGE = "/properties";
const CLIENT_DIR = path.join(ROOT, process.env.BUILD_DIR ?? "build", "client");
const OWNER_PAGES = [
  "/user/add-property",
  "/user/properties",
  "/user/dashboard",
  "/subscription-plan",
  "/user/checkout/4",
  "/user/chat",
];
// A demo owner with listings (demo/seed/catalog.ts); the seed gives every demo account this
// password whenever the server starts with an auth emulator (ensureDemoAccounts).
const OWNER_EMAIL = "fatima.alsuwaidi@demo.souq.test";
const DEMO_PASSWORD = "demo1234";
// The product's default project: the public config in every page's HTML stays as without the
// emulator, so the figures of the public pages do not depend on whether it started.
const FIREBASE_PROJECT = "demo-souq";

// ---------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const opts = {
    build: true,
    duration: 10,
    connections: 10,
    port: 3210,
    strict: false,
    search: 0,
    feed: 0,
    alerts: 0,
    load: false,
    uploads: false,
    browser: true,
    lighthouse: true,
  };
  const number = (flag, value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number, got "${value}"`);
    return n;
  };
  const given = new Set(argv.map((a) => a.split("=", 1)[0]));
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--no-build") opts.build = false;
    else if (flag === "--strict") opts.strict = true;
    else if (flag === "--load") opts.load = true;
    else if (flag === "--uploads") opts.uploads = true;
    else if (flag === "--no-browser") Object.assign(opts, { browser: false, lighthouse: false });
    else if (flag === "--no-lighthouse") opts.lighthouse = false;
    else if (flag === "--feed") opts.feed = /^\d+$/.test(argv[i + 1] ?? "") ? Number(argv[++i]) : 100_000;
    else if (flag === "--search") opts.search = /^\d+$/.test(argv[i + 1] ?? "") ? Number(argv[++i]) : 100_000;
    else if (flag === "--alerts") opts.alerts = /^\d+$/.test(argv[i + 1] ?? "") ? Number(argv[++i]) : 100_000;
    else if (flag === "--duration") opts.duration = number(flag, value());
    else if (flag === "--connections") opts.connections = Math.round(number(flag, value()));
    else if (flag === "--port") opts.port = Math.round(number(flag, value()));
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  // The load test's own defaults: a busy hour, not the page comparison's short runs.
  if (opts.load) {
    if (!given.has("--connections")) opts.connections = 200;
    if (!given.has("--duration")) opts.duration = 30;
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function log(message) {
  console.log(`[bench] ${message}`);
}

/** The preferred port if nothing listens on it, otherwise one the OS hands out. */
function freePort(preferred) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.unref();
      srv.once("error", () => resolve(null));
      srv.listen(port, "127.0.0.1", () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  return tryListen(preferred).then((p) => p ?? tryListen(0));
}

/**
 * GET with an optional session cookie. Signed in, a redirect is an error rather than followed: it
 * would be the sign-in page, measured in place of the page asked for.
 */
async function fetchBytes(url, { cookie } = {}) {
  const res = await fetch(url, cookie ? { headers: { cookie }, redirect: "manual" } : undefined);
  if (!res.ok)
    throw new Error(
      `GET ${url} -> ${res.status}${res.headers.get("location") ? ` (to ${res.headers.get("location")})` : ""}`,
    );
  // fetch undoes any Content-Encoding, so these are the uncompressed bytes.
  return Buffer.from(await res.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// 1. Build

function build() {
  log("Building (react-router build)…");
  const started = Date.now();
  const r = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    throw new Error(`Build failed (exit ${r.status ?? r.signal})`);
  }
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------
// 2. Production server

/**
 * Starts `node server.js` in its own process group; `stop()` ends the whole group. On embedded PGlite
 * under DATA_DIR/pglite, or on `databaseUrl` (its log then in server-postgres.log).
 */
function startServer(port, extraEnv = {}, { databaseUrl } = {}) {
  mkdirSync(DATA_DIR, { recursive: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPath = path.join(RESULTS_DIR, databaseUrl ? "server-postgres.log" : "server.log");
  const logFile = createWriteStream(logPath);

  const env = {
    ...process.env,
    NODE_ENV: "production",
    INSECURE_COOKIES: "1",
    PORT: String(port),
    DATA_DIR,
    HOST: "127.0.0.1",
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk) => {
    logFile.write(chunk);
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };

  return {
    port,
    logPath,
    child,
    tail: () => output.split("\n").slice(-25).join("\n"),
    /** Synchronous last resort (process "exit" handler). */
    killNow: () => child.exitCode === null && child.signalCode === null && signalGroup("SIGKILL"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup("SIGTERM");
        const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      // Helpers of the server (if any) share its group: make sure none outlives it.
      signalGroup("SIGKILL");
      await new Promise((r) => logFile.end(r));
    },
    exited,
  };
}

/**
 * The Firebase Auth emulator holding the demo accounts, on free ports so that a running demo
 * (9099) or test run (9199) is left alone. startAuthEmulator only waits for the port it is given;
 * the emulator listens where its config says, so the config is a temporary copy with our ports.
 * When it cannot start, `emulator` is null and `reason` says why: the owner pages are skipped then.
 */
async function startEmulator() {
  // emulator.mjs spawns node_modules/.bin/firebase from the working directory (main() moved to
  // ROOT); a missing binary would end the bench with an unhandled spawn error instead of a note.
  if (!existsSync(path.join(ROOT, "node_modules", ".bin", "firebase"))) {
    return { emulator: null, reason: "firebase-tools is not installed (node_modules/.bin/firebase)" };
  }
  const authPort = await freePort(0);
  let hubPort = await freePort(0);
  while (hubPort === authPort) hubPort = await freePort(0);
  const configDir = mkdtempSync(path.join(os.tmpdir(), "bench-firebase-"));
  const config = path.join(configDir, "firebase.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: authPort },
        hub: { host: "127.0.0.1", port: hubPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const removeConfig = () => rmSync(configDir, { recursive: true, force: true });
  try {
    const { startAuthEmulator } = await import("./emulator.mjs");
    // No dataDir: nothing is imported or exported, the seed creates the accounts on every start.
    const emulator = await startAuthEmulator({
      config,
      projectId: FIREBASE_PROJECT,
      port: authPort,
      quiet: true,
    });
    return {
      emulator: {
        host: emulator.host,
        async stop() {
          await emulator.stop();
          removeConfig();
        },
      },
    };
  } catch (error) {
    removeConfig();
    return { emulator: null, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Signs in as a browser without JavaScript does: the /login form with email and password. Same-
 * origin, as the server refuses cross-site posts. Returns the session cookie for a Cookie header.
 */
async function signIn(base, email, password) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .find((c) => /^__session=./.test(c));
  if (!session) {
    // The form came back with its errors (form-level alert, field messages): show what they say.
    const html = res.status >= 300 && res.status < 400 ? "" : await res.text();
    const text = [...html.matchAll(/(?:role="alert"|class="field__errors")[^>]*>([\s\S]*?)<\/div>/g)]
      .map((m) =>
        m[1]
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .filter(Boolean)
      .join("; ");
    throw new Error(`signing in as ${email} gave no session (HTTP ${res.status}${text ? `: ${text}` : ""})`);
  }
  return session;
}

async function waitForHealthy(server, base) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastNote = Date.now();
  let died = null;
  server.exited.then((e) => (died = e));
  while (Date.now() < deadline) {
    if (died) throw new Error(`Server exited early (code ${died.code ?? died.signal}):\n${server.tail()}`);
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - lastNote > 15_000) {
      log(
        `…still starting (first run seeds the demo data, ~1 min); log: ${path.relative(ROOT, server.logPath)}`,
      );
      lastNote = Date.now();
    }
    await sleep(500);
  }
  throw new Error(`Server not healthy within ${READY_TIMEOUT_MS / 1000} s:\n${server.tail()}`);
}

// ---------------------------------------------------------------------------------------------
// 3./4. Page weight

/** Attributes of every `<tag …>` in the HTML, as plain objects with lower-case names. */
function tags(html, tag) {
  const out = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs = {};
    for (const a of m[1].matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? "";
    }
    out.push(attrs);
  }
  return out;
}

/** Every JS URL the HTML makes the browser load right away. */
function jsUrlsInHtml(html, pageUrl) {
  const urls = [];
  for (const s of tags(html, "script")) if (s.src) urls.push(s.src);
  for (const l of tags(html, "link"))
    if (l.href && l.rel?.toLowerCase().split(/\s+/).includes("modulepreload")) urls.push(l.href);
  // Inline module scripts (React Router's bootstrap): `import * as route0 from "/assets/…"` for the
  // matched routes and an unconditional `import("/assets/entry.client-….js")`, both run at once.
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\btype\s*=\s*["']?module\b/i.test(m[1]) || /\bsrc\s*=/i.test(m[1])) continue;
    urls.push(...staticImports(m[2]));
    for (const d of m[2].matchAll(/(?<![\w$.])import\(\s*(["'])([^"']+)\1\s*\)/g)) urls.push(d[2]);
  }
  return urls.map((u) => new URL(u.replaceAll("&amp;", "&"), pageUrl).href);
}

/**
 * Every /assets/*.js path mentioned anywhere in the HTML. Some are only data (the serialized
 * route manifest also lists routes that are not rendered), so these are reported, not counted.
 */
function jsPathsMentioned(html) {
  return new Set([...html.matchAll(/\/assets\/[\w.~-]+\.m?js\b/g)].map((m) => m[0]));
}

/**
 * Static imports / re-exports of an ES module: `import x from "…"`, `import "…"`,
 * `export … from "…"`. Dynamic `import("…")` is deliberately not matched (lazy chunk).
 * Only relative and absolute paths count; bare specifiers cannot occur in built output.
 */
function staticImports(code) {
  const specs = [];
  const re = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])([^"'\n]+)\1/g;
  for (const m of code.matchAll(re)) {
    const spec = m[2];
    if (spec.startsWith("./") || spec.startsWith("../") || spec.startsWith("/")) specs.push(spec);
  }
  return specs;
}

/** Fetches each module once and follows its static imports; returns the files in load order. */
async function moduleGraph(urls, cache) {
  const queue = [...new Set(urls)];
  const seen = new Set(queue);
  const files = [];
  while (queue.length) {
    const url = queue.shift();
    let entry = cache.get(url);
    if (!entry) {
      const bytes = await fetchBytes(url);
      const code = bytes.toString("utf8");
      const dynamic = [...code.matchAll(/(?<![\w$.])import\(\s*(["'`])([^"'`]+)\1\s*\)/g)].map(
        (m) => new URL(m[2], url).href,
      );
      entry = {
        url,
        file: new URL(url).pathname,
        raw: bytes.length,
        gzip: gzipSize(bytes),
        imports: staticImports(code).map((spec) => new URL(spec, url).href),
        dynamic,
      };
      cache.set(url, entry);
    }
    files.push(entry);
    for (const dep of entry.imports) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return files;
}

const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
const fileRow = ({ file, raw, gzip }) => ({ file, raw, gzip });

async function measurePage(base, pagePath, cache, { cookie, signedInAs } = {}) {
  const pageUrl = `${base}${pagePath}`;
  const htmlBytes = await fetchBytes(pageUrl, { cookie });
  const html = htmlBytes.toString("utf8");

  let js = await moduleGraph(jsUrlsInHtml(html, pageUrl), cache);
  // React takes over on the visitor's first interaction (app/entry.client.tsx), or at once on
  // pages marked data-hydrate="eager": then it is part of the first load.
  const entry = js.find((f) => /\/entry\.client-[\w-]+\.js$/.test(f.file));
  const firstLoad = new Set(js.map((f) => f.url));
  let later = entry ? (await moduleGraph(entry.dynamic, cache)).filter((f) => !firstLoad.has(f.url)) : [];
  const eager = /<html\b[^>]*\bdata-hydrate="eager"/.test(html);
  if (eager) [js, later] = [[...js, ...later], []];
  js.sort((a, b) => b.gzip - a.gzip);
  const loaded = new Set(js.map((f) => f.file));
  const notLoaded = [...jsPathsMentioned(html)].filter((p) => !loaded.has(p)).sort();

  const css = [];
  for (const l of tags(html, "link")) {
    if (!l.href || !l.rel?.toLowerCase().split(/\s+/).includes("stylesheet")) continue;
    const url = new URL(l.href, pageUrl).href;
    if (css.some((c) => c.url === url)) continue;
    const bytes = await fetchBytes(url);
    css.push({ url, file: new URL(url).pathname, raw: bytes.length, gzip: gzipSize(bytes) });
  }

  return {
    path: pagePath,
    ...(signedInAs ? { signedInAs } : {}),
    hydration: eager ? "on arrival" : "on first interaction",
    html: { raw: htmlBytes.length, gzip: gzipSize(htmlBytes) },
    js: { files: js.map(fileRow), raw: sum(js, "raw"), gzip: sum(js, "gzip"), mentionedNotLoaded: notLoaded },
    onInteraction: { files: later.map(fileRow), gzip: sum(later, "gzip") },
    css: { files: css.map(({ url, ...f }) => f), raw: sum(css, "raw"), gzip: sum(css, "gzip") },
  };
}

// ---------------------------------------------------------------------------------------------
// 4b. A real browser: every byte of a first visit on a small phone, and Lighthouse

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/** All bytes on the wire (headers and compressed bodies) for a first visit at 360 px, no scrolling. */
async function measureTransfer(base, pagePath) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const byType = {};
    let total = 0;
    const types = new Map();
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      const type = (types.get(e.requestId) ?? "Other").toLowerCase();
      byType[type] = (byType[type] ?? 0) + e.encodedDataLength;
      total += e.encodedDataLength;
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: "networkidle" });
    await sleep(500);
    return { path: pagePath, viewport: "360x740 @2x", total, byType };
  } finally {
    await browser.close();
  }
}

function launchDebuggableChromium(port) {
  const profile = path.join(os.tmpdir(), `bench-chromium-${process.pid}`);
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_FLAGS,
      "about:blank",
    ],
    { stdio: "ignore", detached: true },
  );
  return {
    async ready() {
      for (let i = 0; i < 100; i++) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/json/version`);
          if (r.ok) return;
        } catch {
          // not yet
        }
        await sleep(100);
      }
      throw new Error("Chromium did not open its debugging port");
    },
    stop() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone
      }
    },
  };
}

/** Lighthouse's mobile preset (simulated slow 4G and a mid-range phone's CPU), one run per URL. */
async function runLighthouse(base, paths) {
  const { default: lighthouse } = await import("lighthouse");
  const port = await freePort(9333);
  const chrome = launchDebuggableChromium(port);
  const out = [];
  try {
    await chrome.ready();
    for (const pagePath of paths) {
      log(`Lighthouse ${pagePath}…`);
      const r = await lighthouse(`${base}${pagePath}`, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = r?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      const audit = (id) => lhr.audits[id]?.numericValue;
      out.push({
        path: pagePath,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: Math.round(audit("first-contentful-paint") ?? 0),
        lcpMs: Math.round(audit("largest-contentful-paint") ?? 0),
        tbtMs: Math.round(audit("total-blocking-time") ?? 0),
        cls: Number((audit("cumulative-layout-shift") ?? 0).toFixed(3)),
        failedA11y: Object.values(lhr.audits)
          .filter(
            (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id),
          )
          .map((a) => a.id),
      });
    }
  } finally {
    chrome.stop();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 6. Report

function printFiles(title, files) {
  console.log(`\n${title}`);
  const width = Math.max(...files.map((f) => f.file.length), 4);
  console.log(`  ${"file".padEnd(width)}  ${"raw KB".padStart(8)}  ${"gzip KB".padStart(8)}`);
  for (const f of files)
    console.log(`  ${f.file.padEnd(width)}  ${kb(f.raw).padStart(8)}  ${kb(f.gzip).padStart(8)}`);
}

function printSummary(result) {
  const rows = [];
  const label = (page) => page.path + (page.signedInAs ? ` (${page.signedInAs})` : "");
  for (const page of result.pages) {
    rows.push([
      `First-load JS ${label(page)}`,
      `${kb(page.js.gzip)} KB gzip in ${page.js.files.length} files` +
        (page.onInteraction.files.length
          ? `; +${kb(page.onInteraction.gzip)} KB when the visitor first interacts`
          : " (hydrates on arrival)"),
    ]);
  }
  if (result.ownerPages?.skipped) rows.push(["Owner pages", `skipped: ${result.ownerPages.skipped}`]);
  const first = result.pages[0];
  rows.push(["CSS (gzip)", `${kb(first.css.gzip)} KB in ${first.css.files.length} files`]);
  for (const page of result.pages)
    rows.push([`HTML ${label(page)}`, `${kb(page.html.raw)} KB raw, ${kb(page.html.gzip)} KB gzip`]);
  for (const t of result.transfer ?? [])
    rows.push([
      `All bytes ${t.path}`,
      `${kb(t.total)} KB at ${t.viewport} (${Object.entries(t.byType)
        .map(([k, v]) => `${k} ${kb(v)}`)
        .join(", ")})`,
    ]);
  for (const l of result.lighthouse ?? []) {
    rows.push([
      `Lighthouse ${l.path}`,
      `performance ${l.performance}, accessibility ${l.accessibility} (FCP ${l.fcpMs} ms, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls})${l.failedA11y.length ? ` a11y: ${l.failedA11y.join(", ")}` : ""}`,
    ]);
  }
  rows.push(...loadRows(result.load));
  for (const b of result.budgets)
    rows.push([`Budget: ${b.metric}`, `${b.actual} (limit ${b.limit}): ${b.pass ? "PASS" : "FAIL"}`]);
  const width = Math.max(...rows.map(([k]) => k.length));
  const line = "-".repeat(Math.min(140, width + 2 + Math.max(...rows.map(([, v]) => v.length))));
  console.log(`\nSummary (${result.connections} connections, ${result.durationSec} s per URL)\n${line}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  console.log(line);
}

function gitCommit() {
  const r = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

// ---------------------------------------------------------------------------------------------
// 7. One run against the server

/** Everything measured against the running server: pages, Chromium, Lighthouse, load. */
async function measureAll(server, base, opts, ownerSkipped) {
  const started = Date.now();
  await waitForHealthy(server, base);
  log(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A listing that exists in the demo data: the first one the API lists.
  const first = await fetch(`${base}/api/get_property?limit=1`).then((r) => r.json());
  const slug = first?.data?.[0]?.slug_id;
  if (!slug) throw new Error("No listing to measure: is the demo data seeded?");
  const LISTING = `/properties-details/${slug}`;

  const cache = new Map();
  const pages = [];
  for (const pagePath of [PAGE, LISTING, "/"]) {
    const page = await measurePage(base, pagePath, cache);
    pages.push(page);
    printFiles(`First-load JS of ${pagePath} (static import graph, gzip -9)`, page.js.files);
    printFiles(`  + on first interaction`, page.onInteraction.files);
  }
  printFiles(`Stylesheets linked by ${PAGE} (gzip -9)`, pages[0].css.files);

  // Signed in: the seed made the accounts at start-up (also on a database seeded before, as the
  // emulator keeps nothing between runs). A failure here is a note; the rest still runs.
  if (!ownerSkipped) {
    try {
      const cookie = await signIn(base, OWNER_EMAIL, DEMO_PASSWORD);
      const measured = [];
      for (const pagePath of OWNER_PAGES) {
        const page = await measurePage(base, pagePath, cache, { cookie, signedInAs: "owner" });
        measured.push(page);
        printFiles(
          `First-load JS of ${pagePath}, signed in as an owner (static import graph, gzip -9)`,
          page.js.files,
        );
        printFiles(`  + on first interaction`, page.onInteraction.files);
      }
      pages.push(...measured);
    } catch (error) {
      ownerSkipped = error instanceof Error ? error.message : String(error);
      log(`Note: owner pages skipped: ${ownerSkipped} (server log: ${path.relative(ROOT, server.logPath)})`);
    }
  }
  console.log();

  const transfer = opts.browser
    ? [await measureTransfer(base, LISTING), await measureTransfer(base, `/ar${LISTING}`)]
    : [];
  const lighthouse = opts.lighthouse
    ? await runLighthouse(base, ["/", PAGE, LISTING, "/ar", `/ar${PAGE}`, `/ar${LISTING}`])
    : [];

  const loadAvg = os.loadavg()[0];
  if (loadAvg > os.cpus().length)
    log(
      `Note: machine is busy (load ${loadAvg.toFixed(1)} on ${os.cpus().length} CPUs); load figures will be noisy`,
    );
  const load = await measureLoad(base, {
    ...opts,
    database: "pglite",
    workers: 1,
    staticPath: staticFile(CLIENT_DIR),
    log,
    pid: server.child.pid,
    sessionCookie: ownerSkipped ? null : await signIn(base, OWNER_EMAIL, DEMO_PASSWORD).catch(() => null),
    metricsUrl: `http://127.0.0.1:${Number(new URL(base).port) + 1}/metrics`,
  });

  const budgets = [
    ...pages.slice(0, 2).map((p) => ({
      metric: `first-load JS ${p.path === PAGE ? PAGE : "listing page"}`,
      limit: `${JS_BUDGET_KB} KB`,
      actual: `${kb(p.js.gzip)} KB`,
      pass: p.js.gzip <= JS_BUDGET_KB * 1024,
    })),
    ...transfer.map((t) => ({
      metric: `all bytes ${t.path.startsWith("/ar") ? "Arabic " : ""}listing page at 360 px`,
      limit: `${TRANSFER_BUDGET_KB} KB`,
      actual: `${kb(t.total)} KB`,
      pass: t.total <= TRANSFER_BUDGET_KB * 1024,
    })),
    ...lighthouse.flatMap((l) => [
      {
        metric: `Lighthouse performance ${l.path}`,
        limit: String(LIGHTHOUSE_MIN),
        actual: String(l.performance),
        pass: l.performance >= LIGHTHOUSE_MIN,
      },
      {
        metric: `Lighthouse accessibility ${l.path}`,
        limit: String(LIGHTHOUSE_MIN),
        actual: String(l.accessibility),
        pass: l.accessibility >= LIGHTHOUSE_MIN,
      },
    ]),
  ];
  return {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    machine: { cpus: os.cpus().length, loadAvg1m: Number(loadAvg.toFixed(2)) },
    durationSec: opts.duration,
    connections: opts.connections,
    budgets,
    pages,
    transfer,
    lighthouse,
    load: [load],
    ownerPages: ownerSkipped ? { skipped: ownerSkipped } : { signedInAs: OWNER_EMAIL, paths: OWNER_PAGES },
  };
}

/**
 * 5. once more on the PostgreSQL server of DATABASE_URL: a second production server on it (the
 * demo data is written into that database on its first start), with its workers.
 */
async function measurePostgres(port, emulator, opts, track) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return { database: "postgres", skipped: "DATABASE_URL is not set" };
  const base = `http://127.0.0.1:${port}`;
  const workers = workerCount(process.env);
  log(
    `Starting production server on PostgreSQL (${new URL(databaseUrl).host}, ${workers} workers) on ${base}…`,
  );
  const server = startServer(
    port,
    {
      ...(emulator
        ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: FIREBASE_PROJECT }
        : {}),
      METRICS_PORT: String(port + 1),
    },
    { databaseUrl },
  );
  track(server);
  try {
    const started = Date.now();
    await waitForHealthy(server, base);
    log(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return await measureLoad(base, {
      ...opts,
      database: "postgres",
      workers,
      staticPath: staticFile(CLIENT_DIR),
      log,
      pid: server.child.pid,
      // Signed in as on the embedded database: the demo accounts are in the same emulator.
      sessionCookie: emulator ? await signIn(base, OWNER_EMAIL, DEMO_PASSWORD).catch(() => null) : null,
      metricsUrl: `http://127.0.0.1:${port + 1}/metrics`,
    });
  } finally {
    await server.stop();
  }
}

/**
 * `--load`: a production server on PostgreSQL (its workers) under many connections for a long while.
 * Its own database on DATABASE_URL's server, so the machine's other databases are left as they are;
 * the demo data is written into it on the first run and kept for the next.
 */
async function loadTest(port, emulator, opts, track) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("--load runs on PostgreSQL: set DATABASE_URL to a server (its database is not used)");
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = "/souq_bench_load";
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'souq_bench_load'");
  if (!exists.rowCount) await admin.query("create database souq_bench_load");
  await admin.end();
  const base = `http://127.0.0.1:${port}`;
  const workers = workerCount({ ...process.env, DATABASE_URL: databaseUrl.toString() });
  log(`Starting production server on PostgreSQL (souq_bench_load, ${workers} workers) on ${base}…`);
  const server = startServer(
    port,
    emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: FIREBASE_PROJECT } : {},
    { databaseUrl: databaseUrl.toString() },
  );
  track(server);
  let runs;
  try {
    await waitForHealthy(server, base);
    runs = await soak(base, {
      paths: [PAGE, "/api/get_property?limit=12"],
      connections: opts.connections,
      duration: opts.duration,
      pid: server.child.pid,
      log,
    });
  } finally {
    await server.stop();
  }
  const rows = soakRows(runs);
  console.log("\nLoad test (PostgreSQL)");
  for (const [label, value] of rows) console.log(`  ${label}: ${value}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, "load.json"),
    JSON.stringify({ at: new Date().toISOString(), workers, runs }, null, 2),
  );
  log(`Written to ${path.relative(ROOT, path.join(RESULTS_DIR, "load.json"))}`);
  if (opts.strict && rows.some(([, , ok]) => !ok)) process.exitCode = 1;
}

/** `--uploads`: the production server on its embedded database, a new owner uploading. */
async function uploadTest(port, emulator, opts, track) {
  const base = `http://127.0.0.1:${port}`;
  log(`Starting production server on ${base} (DATA_DIR=${path.relative(ROOT, DATA_DIR)})…`);
  const server = startServer(port, {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
  });
  track(server);
  let results;
  try {
    await waitForHealthy(server, base);
    results = await measureUploads(base, { pid: server.child.pid, log });
  } finally {
    await server.stop();
  }
  const rows = uploadRows(results);
  console.log("\nUploads (embedded database)");
  for (const [label, value] of rows) console.log(`  ${label}: ${value}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, "uploads.json"),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
  if (opts.strict && rows.some(([, , ok]) => !ok)) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  // The auth emulator's helper finds firebase-tools relative to the working directory.
  process.chdir(ROOT);
  if (opts.build) build();
  else log("Skipping build (--no-build)");

  // Never leave the server or the emulator behind: normal end, errors, Ctrl-C, termination.
  let server = null;
  let emulatorStart = null; // a signal while the emulator starts waits for it, to stop it too
  const onExit = () => server?.killNow();
  process.on("exit", onExit);
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, async () => {
      if (interrupted) return;
      interrupted = true;
      log(`${signal}: stopping the server and the auth emulator…`);
      await server?.stop();
      const started = await emulatorStart?.catch(() => null);
      await started?.emulator?.stop();
      process.exit(130);
    });
  }

  let result;
  let emulator = null;
  try {
    log("Starting the auth emulator (demo accounts, for the owner pages)…");
    const emulatorStarted = Date.now();
    emulatorStart = startEmulator();
    const started = await emulatorStart;
    emulator = started.emulator;
    if (interrupted) throw new Error("Interrupted"); // the signal handler is stopping everything
    let ownerSkipped = emulator ? null : `auth emulator did not start: ${started.reason}`;
    if (ownerSkipped) log(`Note: ${ownerSkipped}; the owner pages are skipped`);
    else log(`Auth emulator on ${emulator.host} in ${((Date.now() - emulatorStarted) / 1000).toFixed(1)} s`);

    const port = await freePort(opts.port);
    const base = `http://127.0.0.1:${port}`;
    if (opts.load) {
      await loadTest(port, emulator, opts, (s) => (server = s));
      return;
    }
    if (opts.uploads) {
      if (!emulator) throw new Error(`--uploads registers an owner in the auth emulator: ${ownerSkipped}`);
      await uploadTest(port, emulator, opts, (s) => (server = s));
      return;
    }
    log(`Starting production server on ${base} (DATA_DIR=${path.relative(ROOT, DATA_DIR)})…`);
    server = startServer(port, {
      ...(emulator
        ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: FIREBASE_PROJECT }
        : {}),
      // The caches' hits and misses are read from the metrics after the load (measureLoad).
      METRICS_PORT: String(port + 1),
    });
    try {
      result = await measureAll(server, base, opts, ownerSkipped);
    } finally {
      await server.stop();
    }
    result.load.push(await measurePostgres(port, emulator, opts, (s) => (server = s)));
  } finally {
    await emulator?.stop();
    process.off("exit", onExit);
  }

  if (opts.search) {
    log(`Search latency on ${opts.search} listings (the first run generates them; minutes on PGlite)…`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/bench-search.ts", "--count", String(opts.search)],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const last = (r.stdout ?? "").trim().split("\n").at(-1) ?? "";
    try {
      result.search = JSON.parse(last);
    } catch {
      log(`search benchmark failed: ${last}`);
    }
  }

  if (opts.feed) {
    log(`Feed latency on ${opts.feed} listings…`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/bench-feed.ts", "--count", String(opts.feed)],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const last = (r.stdout ?? "").trim().split("\n").at(-1) ?? "";
    try {
      result.feed = JSON.parse(last);
    } catch {
      log(`feed benchmark failed: ${last}`);
    }
  }

  if (opts.alerts) {
    log(`Saved-search alerts with ${opts.alerts} saved searches…`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/bench-alerts.ts", "--searches", String(opts.alerts)],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const last = (r.stdout ?? "").trim().split("\n").at(-1) ?? "";
    try {
      result.alerts = JSON.parse(last);
    } catch {
      log(`alerts benchmark failed: ${last}`);
    }
  }

  printSummary(result);
  if (result.feed)
    console.log(
      `Feed get_user_recommendation  ${result.feed.database}, ${result.feed.listings} listings, ${result.feed.people} people: p50 ${result.feed.p50_ms} ms, p95 ${result.feed.p95_ms} ms, max ${result.feed.max_ms} ms`,
    );
  if (result.search)
    console.log(
      `Search get_property  ${result.search.database}, ${result.search.listings} listings: p50 ${result.search.p50_ms} ms, p95 ${result.search.p95_ms} ms`,
    );
  if (result.search?.map)
    console.log(
      `Map get-map-clusters  ${result.search.database}, ${result.search.listings} listings: p50 ${result.search.map.p50_ms} ms, p95 ${result.search.map.p95_ms} ms`,
    );
  if (result.search?.dashboard) {
    const d = result.search.dashboard;
    console.log(
      `Dashboard get-user-dashboard  ${result.search.database}, an owner of ${d.owner_listings} listings and ${d.owner_leads} leads: p50 ${d.p50_ms} ms, p95 ${d.p95_ms} ms`,
    );
  }
  if (result.alerts) {
    const a = result.alerts;
    console.log(
      `Alerts matching  ${a.database}, ${a.searches} saved searches, ${a.listings} listings: a new listing p50 ${a.matching.p50_ms} ms, p95 ${a.matching.p95_ms} ms, max ${a.matching.max_ms} ms (${a.matching.hits_per_listing} hits each)`,
    );
    console.log(
      `Alerts digest  ${a.database}, one daily run for ${a.digest.searches} searches: ${a.digest.seconds} s (${a.digest.emails} emails to a null mailer)`,
    );
  }
  const out = path.join(RESULTS_DIR, "latest.json");
  writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  log(`Wrote ${path.relative(ROOT, out)}`);

  if (opts.strict && result.budgets.some((b) => !b.pass)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exitCode = 2;
});
