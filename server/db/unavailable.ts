// Telling "the database is away for a moment" from "our code failed" (decision 041). While the
// server restarts, fails over or refuses connections, every query fails; those failures are not bugs
// and must not answer 500 with a stack trace in the log: the API answers 503 with the envelope and
// Retry-After, pages show a friendly "try again in a moment", and the pool reconnects by itself.
import { logger } from "../observability/log";

/** What a caller reads while the database is away (API envelope and page alike). */
export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment";

/** A restart takes seconds: clients are told to come back after this long. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that say the server cannot serve this connection now, not that the statement is wrong:
 * class 08 (the connection failed or was lost; 08007 is a commit whose outcome is unknown) and the
 * shutdown and start-up states of class 57, plus a server at its connection limit.
 */
const SQLSTATES = new Set([
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "08007", // transaction_resolution_unknown
  "57P01", // admin_shutdown: a fast or immediate stop, a failover
  "57P02", // crash_shutdown: another backend crashed, everyone is cut off
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
]);

/** Socket errors on the way to the server: nobody listens there now, or the path to it is down. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EAI_AGAIN",
]);

/**
 * node-postgres says some of it in words only: a connection that dropped under a query, one that
 * timed out while opening (connectionTimeoutMillis), the pool that waited that long for one, and a
 * client used after its connection failed.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether `error` means the database cannot be reached now (rather than that a query or our code is
 * wrong). Looks through wrappers: Drizzle's query error keeps the driver's as `cause`, and a host
 * name with several addresses fails with an AggregateError of one error per address.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const look = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== "object" || seen.has(e) || depth > 8) return false;
    seen.add(e);
    const { code, message, syscall, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      syscall?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
      // A Unix socket that is not there: the server is not running.
      if (code === "ENOENT" && syscall === "connect") return true;
    }
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.length && errors.every((x) => look(x, depth + 1))) return true;
    return look(cause, depth + 1);
  };
  return look(error, 0);
}

/** How long one line in the log stands for all the unavailable answers after it. */
const LOG_EVERY_MS = 10_000;
let loggedAt = 0;
let unlogged = 0;

/**
 * Logs that requests are being turned away, once per LOG_EVERY_MS with how many were: during an
 * outage every request fails the same way, and a line (with a stack) each would bury everything else.
 */
export function noteUnavailable(where: string, error: unknown, now = Date.now()): void {
  if (now - loggedAt < LOG_EVERY_MS) {
    unlogged++;
    return;
  }
  const more = unlogged ? ` (and ${unlogged} more since the last report)` : "";
  loggedAt = now;
  unlogged = 0;
  logger().warn(`Database unavailable: ${where} answered 503${more}: ${describeError(error)}`);
}

/**
 * An error in one line for the log: its code and message and those of its causes. Drizzle's wrapper
 * says only "Failed query: <the whole statement>"; the driver's words underneath say what happened.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, i = 0; e && typeof e === "object" && i < 4; i++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    const text = [code, message].filter((v) => typeof v === "string" && v).join(" ");
    if (text && !String(message).startsWith("Failed query")) parts.push(text);
    e = cause;
  }
  return parts.join(" ← ") || String(error);
}
