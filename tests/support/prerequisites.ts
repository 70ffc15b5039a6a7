// Tests that need what a developer's machine may lack (a PostgreSQL server, the production build,
// PostgreSQL's own programs) skip without it and say why. In CI the same lack is an error: a green
// CI run must mean every such test ran, not that none could (.ci/run provides what they need).

/** A CI run (the CI variable set, as .ci/run sets it; read as playwright.config.ts reads it). */
export const IN_CI = Boolean(process.env.CI);

/** Why the tests on a PostgreSQL server cannot run here; "" when they can. Read when asked. */
export function postgresMissing(): string {
  return process.env.DATABASE_URL ? "" : "no PostgreSQL server: DATABASE_URL is not set";
}

// Files share a worker's modules (vitest.config.ts): one line per skipped thing, not one per file.
const said = new Set<string>();

/**
 * For `describe.skipIf(missing(…))`: whether to skip `what`, given `lack`, what it needs and does not
 * have here ("" or nothing when it has all). Outside CI a lack skips it with a line saying what and
 * why; in CI it throws, so the test file fails with the reason instead of passing without running.
 */
export function missing(what: string, lack: string | false | null | undefined): boolean {
  if (!lack) return false;
  if (IN_CI)
    throw new Error(
      `${what} cannot run: ${lack}. CI runs every test rather than skip one (CI is set); provide it, or run without CI to skip.`,
    );
  if (!said.has(what)) console.log(`${what}: skipped (${lack}); CI runs it.`);
  said.add(what);
  return true;
}

/**
 * For tests of an outside service CI does not have either (a real cloud bucket): skipped without it
 * everywhere, and said so, so nobody takes the skip for coverage.
 */
export function optional(what: string, lack: string | false | null | undefined): boolean {
  if (!lack) return false;
  if (!said.has(what)) console.log(`${what}: skipped (${lack}); optional, CI does not run it either.`);
  said.add(what);
  return true;
}

/**
 * The named environment variables as they are now, and a function that puts them back so (set
 * again, or removed where they were unset). Test files share a process: one that changes a setting
 * and then deletes it would take away another's.
 */
export function keepEnv(...names: string[]): () => void {
  const before = new Map(names.map((name) => [name, process.env[name]]));
  return () => {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
