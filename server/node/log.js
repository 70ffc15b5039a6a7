// The server's log, for every process and every line: one JSON object a line on standard output,
// with what must never be written taken out (decision 040). Plain JavaScript, so server.js and its
// cluster's primary write through it before (or without) the build; the build's own logger
// (server/observability/log.ts) is made here too, with the request's id added to each line.
import { pino, stdTimeFunctions } from "pino";

/**
 * What is never written, whatever a line's author passes by mistake: credentials, codes, and what a
 * person sends (query strings, bodies), which may hold either. The request line names its fields
 * one by one and none of these is among them; this list is the second net.
 */
export const REDACTED = [
  "cookie",
  "authorization",
  "password",
  "token",
  "otp",
  "oobCode",
  "query",
  "body",
  "headers",
  "*.cookie",
  "*.authorization",
  "*.password",
  "*.token",
  "*.id_token",
  "*.idToken",
  "*.access_token",
  "*.refresh_token",
  "*.otp",
  "*.oobCode",
  "*.firebase_token",
  "*.fcm_id",
  "*.query",
  "*.body",
  "*.headers",
  "*.params",
];

const inTests = () => Boolean(process.env.VITEST) || process.env.NODE_ENV === "test";

/** LOG_LEVEL, else `info`; silent under the tests, whose output stays the tests' own. */
export function levelFromEnv() {
  const asked = process.env.LOG_LEVEL?.trim();
  if (asked && (asked === "silent" || asked in pino.levels.values)) return asked;
  return inTests() ? "silent" : "info";
}

/**
 * @param {{ destination?: import("pino").DestinationStream, level?: string, mixin?: () => object }} [options]
 * @returns {import("pino").Logger}
 */
export function createLogger(options = {}) {
  return pino(
    {
      level: options.level ?? levelFromEnv(),
      timestamp: stdTimeFunctions.isoTime,
      // Level names rather than numbers: a line is read by people as often as by the collector.
      formatters: { level: (label) => ({ level: label }) },
      ...(options.mixin ? { mixin: options.mixin } : {}),
      redact: { paths: REDACTED, censor: "[redacted]" },
    },
    options.destination,
  );
}

let processLogger;

/** The logger of server.js and the cluster's processes outside a request. */
export function processLog() {
  processLogger ??= createLogger();
  return processLogger;
}

/**
 * For the line a process ends with when it cannot start: on standard error, written before the
 * process exits (the usual destination may still hold it in a buffer).
 */
export function failureLog() {
  return createLogger({ destination: pino.destination({ dest: 2, sync: true }), level: "info" });
}
