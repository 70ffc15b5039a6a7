import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "eslint/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/auth-emulator.ts", "./tests/setup/seed-snapshots.ts"],
    // Most time goes to waiting on databases and the auth emulator: two files at once even on two
    // cores (Vitest's default for a run is one fewer than the cores, i.e. one).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
