import { defineConfig } from "@playwright/test";
// @ts-expect-error - plain JavaScript helper shared with the test script
import { findChromium } from "./scripts/chromium.mjs";
import { E2E_STRIPE_WEBHOOK_SECRET } from "./tests/fixtures/payments";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The same choice `npm test` checked before it started: CHROMIUM_PATH, Debian's Chromium (Playwright
// cannot download its own browser offline), else Playwright's own (no path). A CHROMIUM_PATH naming
// nothing stops here, once, rather than in every test.
const executablePath: string | undefined = findChromium()?.executablePath;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browsers on two cores: a third made the run slower (734 s against 685 s).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failing test is run again with a trace (CI retries once): recording every passing test costs
    // the browser screenshots and snapshots at each step.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath,
      // A fake microphone (a tone) lets the voice-message test record; a page still needs the permission.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--use-fake-device-for-media-stream",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // The payment gateways' APIs are answered by stand-ins inside the server (they cannot be reached here).
    command: "node --import tsx --import ./tests/mocks/gateway-server.ts server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      // One JSON line per request would bury the tests' own output: warnings and errors only.
      LOG_LEVEL: "warn",
      INSECURE_COOKIES: "1",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // As behind a proxy: the account fixtures register each person from an address of its own
      // (X-Forwarded-For), so the suite's many sign-ups stay under the per-address limit.
      TRUST_PROXY: "1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".test-data",
      // The tests open pages full of pictures at once: a fresh folder's are all painted first.
      DEMO_PICTURES: "first",
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test",
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199",
      // A blank local map style: map tests need no tile server and no network.
      MAP_STYLE_URL: `http://127.0.0.1:${PORT}/map/blank-style.json`,
      // Test keys for the gateway stand-ins (tests/mocks/gateway-server.ts).
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
    },
  },
});
