import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/auth-emulator.ts", "./tests/setup/seed-snapshots.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
