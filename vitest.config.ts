import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "demo/**/*.test.ts", "eslint/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/auth-emulator.ts", "./tests/setup/seed-snapshots.ts"],
    // Two files at once on two cores: a third made a whole run no faster (the files' own work, not
    // their waiting, takes the time).
    maxWorkers: 2,
    // Files share a worker's modules (not its database: each file opens its own). Importing the
    // server again for each file, and compiling PGlite's WebAssembly again, took a quarter of the run
    // (419 s against 304 s); files that mock a module or change the environment restore it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
