// Node entry: Node's HTTP server runs the front (server/http/front.ts: compression, the build's
// files and the uploads, then the product's handler). In development Vite serves the modules first
// and reloads server code on change. On a PostgreSQL database a primary process starts one worker
// per core (server/node/cluster.js); each worker runs this file too.
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { clusterMetrics, runPrimary, workerCount, workerRole } from "./server/node/cluster.js";
import { serveMetrics } from "./server/node/metrics-server.js";
import { failureLog, processLog } from "./server/node/log.js";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number(process.env.PORT || 3000);
// Loopback unless told otherwise: a demo is for the person who started it (the Dockerfile sets 0.0.0.0).
const HOST = process.env.HOST || "127.0.0.1";
const DATA_DIR = process.env.DATA_DIR || "./data";
const BUILD_DIR = process.env.BUILD_DIR || "build";
/** On SIGTERM, how long requests under way (and live chat streams) may go on before they are cut. */
const SHUTDOWN_GRACE_MS = 5_000;
/** …and how long stopping may take in all before the process ends regardless. */
const SHUTDOWN_MS = 8_000;

const importBuild = () => import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);

const workers = DEVELOPMENT ? 1 : workerCount();
if (workers > 1 && cluster.isPrimary) {
  try {
    await runPrimary({ workers, prepare: async () => (await importBuild()).prepareDatabase() });
  } catch (error) {
    cannotStart(error);
  }
  // Only one process can have METRICS_PORT: the primary, which asks every worker for theirs.
  await serveMetrics(clusterMetrics);
  announce(`${workers} workers, PostgreSQL`);
} else {
  await serve();
}

/** A refused configuration says what to set; anything else shows where it failed. */
function cannotStart(error) {
  if (error?.constructor?.name === "ConfigurationError")
    failureLog().fatal(`Could not start: ${error.message}`);
  else failureLog().fatal({ err: error }, "Could not start");
  process.exit(1);
}

/** Answers requests: the only process, or one of the cluster's workers. */
async function serve() {
  const uploads = path.join(DATA_DIR, "uploads");
  let handle;
  let ready;
  let stopRuntime;
  let renderMetrics;
  /** Tells the app it is stopping, so /readyz says so while requests under way finish. */
  let setStopping = () => {};
  if (DEVELOPMENT) {
    const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
    const appModule = () => vite.ssrLoadModule("./server/app.ts");
    // The handler is loaded afresh on every request, so edited server code answers at once.
    const app = {
      fetch: async (request, env) => {
        try {
          return await (await appModule()).app.fetch(request, env);
        } catch (error) {
          if (error instanceof Error) vite.ssrFixStacktrace(error);
          throw error;
        }
      },
    };
    const front = getRequestListener((await appModule()).createFront({ app, uploads }).fetch);
    // Vite's own middlewares (modules, its client, the public folder) first, then the front.
    handle = (req, res) =>
      vite.middlewares(req, res, (error) => {
        if (!error) return front(req, res);
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        processLog().error({ err: error }, "Unexpected error");
        res.statusCode = 500;
        res.end("Internal Server Error");
      });
    ready = appModule().then((m) => m.ready());
    stopRuntime = () => appModule().then((m) => m.stopRuntime());
    setStopping = () => appModule().then((m) => m.setStopping(true));
    renderMetrics = () => appModule().then((m) => m.renderMetrics());
  } else {
    const build = await importBuild();
    const front = build.createFront({ app: build.app, uploads, client: path.join(BUILD_DIR, "client") });
    handle = getRequestListener(front.fetch);
    ready = build.ready();
    stopRuntime = build.stopRuntime;
    setStopping = () => build.setStopping(true);
    renderMetrics = build.renderMetrics;
  }

  try {
    await ready;
  } catch (error) {
    cannotStart(error);
  }
  const role = workerRole();
  const listener = createServer(handle).listen(PORT, HOST, () => {
    // Said once: by the only process, or by the cluster's primary once every worker listens.
    if (role === "all") announce();
  });
  // An idle kept-alive connection stays open longer than a proxy's (60 s is the usual idle limit):
  // closed by Node's default 5 s, a client reusing it at that moment gets ECONNRESET.
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;
  // A single process serves its own metrics; a cluster's workers answer their primary instead.
  if (role === "all") void serveMetrics(renderMetrics);

  let stopping = false;
  /**
   * Stops taking connections, lets the requests under way finish (cutting what still runs after the
   * grace period), ends the background work and closes the database, then exits. Live chat streams
   * end at once (setStopping), telling their browsers to reconnect, which they do elsewhere.
   */
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    setStopping();
    setTimeout(() => process.exit(0), SHUTDOWN_MS).unref();
    const closed = new Promise((resolve) => listener.close(resolve));
    listener.closeIdleConnections();
    // A connection whose request ends from now on (a chat stream's, above all) is closed as soon as
    // it is idle: the browser's next request, its reconnection, must not reach this process again.
    setInterval(() => listener.closeIdleConnections(), 100).unref();
    setTimeout(() => listener.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await closed;
    await stopRuntime().catch((error) => processLog().warn({ err: error }, "While stopping"));
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, shutdown);
  // A worker whose primary is gone (killed outright) has nobody to share the port with or restart it.
  if (cluster.isWorker) process.on("disconnect", shutdown);
}

function announce(detail) {
  const shown = HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST.includes(":") ? `[${HOST}]` : HOST;
  // The start's own words to the person who started it (not a log line: no request, nothing secret).
  // eslint-disable-next-line no-console
  console.log(`Souq Estate is running on http://${shown}:${PORT}${detail ? ` (${detail})` : ""}`);
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) warnDemo();
}

/** With the emulator this is a demo: say plainly what anyone who can reach it may do. */
function warnDemo() {
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(HOST);
  // eslint-disable-next-line no-console
  console.log(
    [
      "",
      "This is a demo: accounts live in a local sign-in emulator, not with a real identity provider.",
      "Anyone who can reach it can sign in as the demo accounts (password demo1234, the demo admin included,",
      "who may look at the console but not change anything), register without proving an address,",
      "and sign in through the stand-in Google page as any address no account holds yet.",
      loopback
        ? `It listens on ${HOST} only, so only this computer can reach it. HOST=0.0.0.0 opens it to your network.`
        : `It listens on ${HOST}: everyone who can reach this machine (your network, or the internet) can do all of that.`,
      "",
    ].join("\n"),
  );
}
