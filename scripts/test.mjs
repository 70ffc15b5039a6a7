// `npm test`: format check, lint (with the import layers of docs/architecture.md), type check, production build, unit + API tests (vitest), system tests (the build in processes of its own), browser tests (Playwright),
// with one Firebase Auth emulator for all of them. Starts and stops everything it needs.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
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
  if (process.env.DATABASE_URL)
    console.log(`Data-layer tests also run on PostgreSQL (${new URL(process.env.DATABASE_URL).host}).`);
  ok = run("Unit and API tests", bin("vitest"), ["run"], env);
  // The build as shipped, in processes of its own on PostgreSQL: several instances, a database that
  // goes away, the image's file set (tests/system; skipped without a PostgreSQL server).
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
