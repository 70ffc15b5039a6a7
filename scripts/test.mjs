// `npm test`: format check, lint (with the import layers of docs/architecture.md), type check, production build, unit + API tests (vitest), system tests (the build in processes of its own), browser tests (Playwright),
// with one Firebase Auth emulator for all of them. Starts and stops everything it needs.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { ensureChromium } from "./chromium.mjs";
import { startAuthEmulator } from "./emulator.mjs";

// Each stage says how long it took, so a slow suite shows where its time goes.
const run = (label, cmd, args, env = process.env) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (${took})`);
    return false;
  }
  console.log(`✔ ${label} (${took})`);
  return true;
};
const bin = (name) => `node_modules/.bin/${name}`;

/** Like `run`, for checks that can go side by side: each one's output is shown whole when it ends. */
const runAside = (label, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      console.log(`\n▶ ${label}`);
      if (output.trim()) console.log(output.trimEnd());
      console.log(code === 0 ? `✔ ${label} (${took})` : `✖ ${label} failed (${took})`);
      resolve(code === 0);
    });
  });

// The browser tests come last, after minutes of other stages: a machine without a browser is told
// so (and what to install) at once, not after the build, test by test.
{
  console.log("\n▶ Browser for the browser tests");
  const started = Date.now();
  try {
    const which = await ensureChromium();
    console.log(`✔ Browser: ${which} (${Math.round((Date.now() - started) / 1000)} s)`);
  } catch (e) {
    console.error(`✖ ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}

// PostgreSQL (DATABASE_URL): the data layer's cases on a real server, the cluster test and the system
// tests need one. CI runs every test, so there a server that is not named or does not answer stops
// the run here, before minutes of other stages; elsewhere those tests are skipped, and this says so.
{
  console.log("\n▶ PostgreSQL for the data-layer, cluster and system tests");
  const url = process.env.DATABASE_URL;
  const needing =
    "the data-layer cases on PostgreSQL, the cluster test and the system tests on a shared server";
  // Read as tests/support/prerequisites.ts and playwright.config.ts read it.
  const inCi = Boolean(process.env.CI);
  if (!url && inCi) {
    console.error(
      `✖ CI runs every test, and DATABASE_URL is not set: ${needing} need a PostgreSQL server (.ci/run names postgres://postgres@127.0.0.1:5432/test unless told another).`,
    );
    process.exit(1);
  }
  if (!url) {
    console.log(
      `– No PostgreSQL server (DATABASE_URL is not set): ${needing} are skipped, and the rest runs on PGlite only. CI runs them; to run them here, set DATABASE_URL=postgres://… to a server where this user may create databases.`,
    );
  } else {
    let where = "DATABASE_URL";
    try {
      const { host, pathname } = new URL(url);
      where = `${host}${pathname}`;
    } catch {
      // not a URL: node-postgres says what it makes of it below
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query("select 1");
      console.log(`✔ PostgreSQL at ${where}: ${needing} run on it, and the data layer on PGlite too`);
    } catch (e) {
      // A refused connection to a name with several addresses has no message of its own, only a code.
      const why = e?.message || e?.code || String(e);
      console.error(
        `✖ No PostgreSQL server answers at ${where} (DATABASE_URL): ${why}. Start one there or point DATABASE_URL at one${inCi ? "" : ", or unset it to skip the tests that need it"}.`,
      );
      process.exit(1);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

// The static checks read the same files and each keeps one core busy: side by side they take the
// time of the longest (the type check needs the route types first).
let ok = run("Route types", bin("react-router"), ["typegen"]);
ok =
  ok &&
  (
    await Promise.all([
      runAside("Format check", bin("prettier"), ["--check", "--log-level", "warn", "."]),
      runAside("Lint", bin("eslint"), ["--max-warnings", "0", "."]),
      runAside("Type check", bin("tsc"), []),
    ])
  ).every(Boolean);
ok = ok && run("Build", bin("react-router"), ["build"]);
if (!ok) process.exit(1);

const projectId = "demo-souq-test";
const emulator = await startAuthEmulator({
  config: "firebase.test.json",
  projectId,
  port: 9199,
  quiet: true,
});
const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: projectId };
try {
  ok = run("Unit and API tests", bin("vitest"), ["run"], env);
  // The build as shipped, in processes of its own on PostgreSQL: several instances, a database that
  // goes away, the image's file set (tests/system). Skipped, and said so, without a PostgreSQL server
  // or its programs; in CI each of them must run (a file lacking one fails, as does a skipped test).
  ok = run("System tests", bin("vitest"), ["run", "--config", "vitest.system.config.ts"], env) && ok;
  // The browser tests run the product as shipped: embedded PGlite, a fresh database each run
  // (demo photos are kept between runs to save time).
  rmSync(".test-data/pglite", { recursive: true, force: true });
  const { DATABASE_URL: _omit, ...e2eEnv } = env;
  ok = run("Browser tests", bin("playwright"), ["test"], e2eEnv) && ok;
} finally {
  await emulator.stop();
}
process.exit(ok ? 0 : 1);
