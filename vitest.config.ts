import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "eslint/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/auth-emulator.ts", "./tests/setup/seed-snapshots.ts"],
    // Two files at once on two cores: a third made a whole run no faster (the files' own work, not
    // their waiting, takes the time).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
