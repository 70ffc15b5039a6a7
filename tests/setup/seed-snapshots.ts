// Vitest global setup: a folder, for this run only, where the first test file to seed a database of a
// given size leaves a snapshot for the others (see createTestApi in tests/support/testing.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup() {
  if (process.env.SOUQ_TEST_SNAPSHOTS) return;
  const dir = mkdtempSync(path.join(tmpdir(), "souq-seed-snapshots-"));
  process.env.SOUQ_TEST_SNAPSHOTS = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
