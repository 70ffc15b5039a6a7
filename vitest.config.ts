import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "eslint/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/auth-emulator.ts", "./tests/setup/seed-snapshots.ts"],
    // Most time goes to waiting on databases and the auth emulator: a whole run kept one of two cores
    // busy on average with two files at once, so three go side by side even on two cores.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
