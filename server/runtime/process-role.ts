// Which share of the server's work this process does. server.js decides: one process does all of
// it; several workers on one PostgreSQL database (its cluster) split it, and their primary has
// already run the start-up work that must happen once (migrations, demo data).
export type ProcessRole = "all" | "background" | "web";

/** Set by the cluster's primary on each worker it starts. */
export const PROCESS_ROLE_ENV = "SERVER_PROCESS_ROLE";

/**
 * - "all": a single process: migrations, demo data, background work and requests.
 * - "background": the one worker that also runs the background queue's worker (server/queue/:
 *   jobs, saved-search alerts, web push, housekeeping); the primary starts another in its place if
 *   it ends.
 * - "web": a worker that only answers requests.
 */
export function processRole(): ProcessRole {
  const role = process.env[PROCESS_ROLE_ENV];
  return role === "background" || role === "web" ? role : "all";
}
