// The server's log: one JSON object a line on standard output, for a collector to parse. A line
// written while a request is under way carries that request's id, so a person quoting the reference
// of an error page leads to every line of their request (docs/decisions/040).
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
import { currentRequestId } from "./request-context";

/**
 * What is never written, whatever a line's author passes by mistake: credentials, and what a person
 * sends (query strings, bodies), which may hold either. The request line names its fields one by one
 * and none of these is among them; this list is the second net.
 */
const REDACTED = [
  "cookie",
  "authorization",
  "password",
  "token",
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
  "*.query",
  "*.body",
  "*.headers",
  "*.params",
];

const inTests = () => Boolean(process.env.VITEST) || process.env.NODE_ENV === "test";

/** LOG_LEVEL, else `info`; silent under the tests, whose output stays the tests' own. */
function levelFromEnv(): string {
  const asked = process.env.LOG_LEVEL?.trim();
  if (asked && (asked === "silent" || asked in pino.levels.values)) return asked;
  return inTests() ? "silent" : "info";
}

export interface LoggerOptions {
  /** Where lines go; standard output by default. */
  destination?: DestinationStream;
  level?: string;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? levelFromEnv(),
      timestamp: stdTimeFunctions.isoTime,
      // Level names rather than numbers: a line is read by people as often as by the collector.
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = currentRequestId();
        return id ? { request_id: id } : {};
      },
      redact: { paths: REDACTED, censor: "[redacted]" },
    },
    options.destination,
  );
}

let active = createLogger();

/** The process's logger (the one `captureLogs` put in place, in a test). */
export const logger = (): Logger => active;

/** A test reads the lines written until the returned function puts the usual logger back. */
export function captureLogs(destination: DestinationStream, level = "info"): () => void {
  const before = active;
  active = createLogger({ destination, level });
  return () => {
    active = before;
  };
}
