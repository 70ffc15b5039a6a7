// Vitest global setup: the real Firebase Auth emulator, started here unless one is already given.
// @ts-expect-error - plain JavaScript helper shared with the start and test scripts
import { startAuthEmulator } from "../../scripts/emulator.mjs";

export default async function setup() {
  process.env.FIREBASE_PROJECT_ID ??= "demo-souq-test";
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const emulator = await startAuthEmulator({
    config: "firebase.test.json",
    projectId: process.env.FIREBASE_PROJECT_ID,
    port: 9199,
    quiet: true,
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return () => emulator.stop();
}
