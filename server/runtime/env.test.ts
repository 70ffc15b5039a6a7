// Production refuses to start set up like the demo, and says what to set; the demo makes its own
// secret instead of using one written in the source.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { env, productionProblems, resetEnv } from "./env.server";
import { missing } from "../../tests/support/prerequisites";

const run = promisify(execFile);
const saved = { ...process.env };
// Back to what the process had, in place: test files share the process, and a plain object put in
// place of process.env would stay there for them (it is no longer the environment child processes
// inherit by default, and it keeps numbers as numbers).
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  resetEnv();
});

function configure(vars: Record<string, string | undefined>) {
  for (const key of [
    "NODE_ENV",
    "SESSION_SECRET",
    "OTP_SECRET",
    "FIREBASE_PROJECT_ID",
    "FIREBASE_API_KEY",
    "FIREBASE_AUTH_EMULATOR_HOST",
    "DATA_DIR",
  ])
    delete process.env[key];
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v;
  resetEnv();
  return env();
}

const REAL = {
  NODE_ENV: "production",
  FIREBASE_PROJECT_ID: "souq-prod",
  FIREBASE_API_KEY: "AIzaRealKey",
  SESSION_SECRET: "x".repeat(48),
};

describe("production settings", () => {
  it("a production set up properly has nothing to fix", () => {
    expect(productionProblems(configure(REAL))).toEqual([]);
  });

  it("names each variable a production start is missing or must not have", () => {
    const problems = productionProblems(
      configure({
        ...REAL,
        SESSION_SECRET: undefined,
        FIREBASE_API_KEY: undefined,
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        OTP_SECRET: "short",
      }),
    );
    expect(problems.join("\n")).toMatch(/SESSION_SECRET/);
    expect(problems.join("\n")).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(problems.join("\n")).toMatch(/FIREBASE_API_KEY/);
    expect(problems.join("\n")).toMatch(/OTP_SECRET/);
    expect(problems).toHaveLength(4);
  });

  it("refuses a short secret", () => {
    expect(productionProblems(configure({ ...REAL, SESSION_SECRET: "changeme" }))[0]).toMatch(
      /SESSION_SECRET.*32/,
    );
  });

  it("the demo (a demo- project on the emulator) is not production; without the emulator it is refused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "souq-env-"));
    expect(
      productionProblems(
        configure({
          NODE_ENV: "production",
          FIREBASE_PROJECT_ID: "demo-souq",
          FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
          DATA_DIR: dir,
        }),
      ),
    ).toEqual([]);
    expect(
      productionProblems(
        configure({ NODE_ENV: "production", FIREBASE_PROJECT_ID: "demo-souq", DATA_DIR: dir }),
      )[0],
    ).toMatch(/FIREBASE_PROJECT_ID/);
  });

  it("the demo makes a random secret once, keeps it private in DATA_DIR, and uses it again", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "souq-env-"));
    const first = configure({
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "demo-souq",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      DATA_DIR: dir,
    }).SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, "session-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o077).toBe(0);
    const again = configure({
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "demo-souq",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      DATA_DIR: dir,
    }).SESSION_SECRET;
    expect(again).toBe(first);
    const elsewhere = configure({
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "demo-souq",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "souq-env-")),
    }).SESSION_SECRET;
    expect(elsewhere).not.toBe(first);
  });
});

describe("starting the production server", () => {
  // The built server is what `npm start` and the image run; `npm test` builds it before these tests.
  const noBuild = !existsSync("build/server/index.js") && "no production build (npm run build)";
  it.skipIf(missing("Starting the production server", noBuild))(
    "exits with the variables to set instead of starting",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "souq-start-"));
      const vars = {
        PATH: process.env.PATH!,
        NODE_ENV: "production",
        FIREBASE_PROJECT_ID: "souq-prod",
        DATA_DIR: dir,
        PORT: "3999",
        DEMO_DATA: "off",
      };
      const failure = await run(process.execPath, ["server.js"], { env: vars, timeout: 60_000 }).then(
        () => null,
        (e: { code?: number; stderr?: string }) => e,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain("Refusing to start in production");
      expect(failure?.stderr).toContain("SESSION_SECRET");
      expect(failure?.stderr).toContain("FIREBASE_API_KEY");
    },
  );
});
