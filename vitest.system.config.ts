import { defineConfig } from "vitest/config";
import type { Reporter } from "vitest/node";
import { IN_CI } from "./tests/support/prerequisites.ts";

/**
 * In CI every system test must have run: a run that skipped one, or found none, fails. (Each file
 * already throws there when it lacks what it needs; this also catches a `.skip` left behind.)
 */
const everyTestRanInCi: Reporter = {
  onTestRunEnd(testModules, _errors, reason) {
    if (!IN_CI || reason === "interrupted") return;
    const tests = testModules.flatMap((m) => [...m.children.allTests()]);
    const skipped = tests.filter((t) => t.result().state === "skipped").map((t) => t.fullName);
    if (tests.length > 0 && skipped.length === 0) return;
    console.error(
      tests.length === 0
        ? "\n✖ CI ran no system test at all."
        : `\n✖ CI runs every system test, and ${skipped.length} were skipped:\n  ${skipped.join("\n  ")}`,
    );
    process.exitCode = 1;
  },
};

// The system tests (tests/system): the production build in processes of its own, on PostgreSQL.
// `npm test` runs them after the build and the unit tests; each file starts what it needs.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    maxWorkers: 2,
    // Outside CI an empty selection is no failure; in CI it is (and so is a skipped test, above).
    passWithNoTests: !IN_CI,
    reporters: ["default", everyTestRanInCi],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
