// Which Chromium the browser tests run in. playwright.config.ts and scripts/test.mjs both ask here,
// so the browser `npm test` checks before its long stages is the one Playwright then launches.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Debian's package (`apt-get install chromium`); the override lets the no-browser path be tried on a machine that has it. */
const systemChromium = (env) => env.E2E_SYSTEM_CHROMIUM ?? "/usr/bin/chromium";

const runnable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    // A directory passes the access check too.
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** What to do about it, for every way the browser can be missing. */
export const HOW_TO_GET_CHROMIUM = [
  "The browser tests need Chromium. Any one of these gives them one:",
  "  • Debian or Ubuntu: apt-get install chromium   (then /usr/bin/chromium is used)",
  "  • a Chromium or Chrome already installed elsewhere: CHROMIUM_PATH=/path/to/chrome npm test",
  "  • with network access: npx playwright install chromium   (Playwright's own build)",
].join("\n");

/**
 * The Chromium to use, first found: CHROMIUM_PATH (an error when it names nothing runnable: a
 * browser asked for by name is never swapped for another), Debian's, then one Playwright has
 * installed itself (`executablePath` undefined: Playwright picks its own build, as for a headless
 * run it takes the headless shell installed beside it). Null when there is none.
 * Synchronous and cheap: playwright.config.ts runs it in every worker.
 * @returns {{ executablePath: string | undefined, source: string } | null}
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (!runnable(env.CHROMIUM_PATH))
      throw new Error(
        `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, but there is no program there. Point it at a Chromium, or unset it.\n\n${HOW_TO_GET_CHROMIUM}`,
      );
    return { executablePath: env.CHROMIUM_PATH, source: `CHROMIUM_PATH (${env.CHROMIUM_PATH})` };
  }
  const system = systemChromium(env);
  if (runnable(system)) return { executablePath: system, source: system };
  const own = require("playwright-core").chromium.executablePath();
  if (own && existsSync(own))
    return { executablePath: undefined, source: `Playwright's own Chromium (${own})` };
  return null;
}

/**
 * `npx playwright install chromium`, bounded: without network it fails on the name lookup in
 * seconds, and a network that only lets it crawl must not hold up the run either.
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function installPlaywrightChromium(timeoutMs) {
  return new Promise((resolve) => {
    // The project's own copy (what npx would run), so the browser matches its playwright-core.
    const child = spawn("node_modules/.bin/playwright", ["install", "chromium"], {
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: the download runs in a child process of its own, stopped with it.
      detached: true,
      env: { PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: "20000", ...process.env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ ok: false, output: e.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output });
    });
  });
}

/**
 * For `npm test`, before anything long: finds the browser, installs Playwright's when there is
 * none, and starts it once, because a browser on disk may still not run (a stock image without
 * the libraries Playwright's build needs). Throws with what to install when there is no way.
 * @returns {Promise<string>} which browser, for the log
 */
export async function ensureChromium({ installTimeoutMs = 150_000 } = {}) {
  let found = findChromium();
  if (!found) {
    console.log("No Chromium found: trying `npx playwright install chromium`…");
    const install = await installPlaywrightChromium(installTimeoutMs);
    found = install.ok ? findChromium() : null;
    if (!found) {
      // Its errors, each once, the cause (a name lookup, a refused connection) first.
      const why = [
        ...new Set(
          install.output
            .split("\n")
            .map((l) => l.trim().replace(/, caused by$/, ""))
            .filter((l) => /^Error: (?!Download failure)|^\(stopped after/.test(l)),
        ),
      ].slice(0, 2);
      throw new Error(
        `No Chromium for the browser tests: not in CHROMIUM_PATH, not at ${systemChromium(process.env)}, ` +
          `not installed by Playwright, and \`npx playwright install chromium\` failed` +
          (why.length ? `:\n    ${why.join("\n    ")}` : ".") +
          `\n\n${HOW_TO_GET_CHROMIUM}`,
      );
    }
  }
  const { chromium } = require("playwright-core");
  try {
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      args: ["--no-sandbox"],
      timeout: 60_000,
    });
    await browser.close();
  } catch (e) {
    // Playwright's first line, then what the browser itself wrote to stderr (a missing library).
    const lines = String(e instanceof Error ? e.message : e)
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n");
    const said = [
      lines[0],
      ...lines
        .filter((l) => /\]\[err\]/.test(l))
        .map((l) => l.replace(/^.*?\]\[err\]\s*/, ""))
        .slice(0, 3),
    ].map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l));
    // Playwright's build leaves the system libraries it links to out: a stock image may lack them.
    const hint = found.executablePath
      ? ""
      : "\n\nIts system libraries may be missing: npx playwright install-deps chromium (or use another Chromium).";
    throw new Error(
      `${found.source} does not start:\n    ${said.join("\n    ")}${hint}\n\n${HOW_TO_GET_CHROMIUM}`,
      { cause: e },
    );
  }
  return found.source;
}
