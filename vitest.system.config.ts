import { defineConfig } from "vitest/config";

// The system tests (tests/system): the production build in processes of its own, on PostgreSQL.
// `npm test` runs them after the build and the unit tests; each file starts what it needs.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    maxWorkers: 2,
    passWithNoTests: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
