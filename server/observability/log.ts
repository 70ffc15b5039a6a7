// The server's log: one JSON object a line on standard output, for a collector to parse. A line
// written while a request is under way carries that request's id, so a person quoting the reference
// of an error page leads to every line of their request (docs/decisions/040).
import type { DestinationStream, Logger } from "pino";
import { createLogger as createProcessLogger } from "../node/log.js";
import { currentRequestId } from "./request-context";

export interface LoggerOptions {
  /** Where lines go; standard output by default. */
  destination?: DestinationStream;
  level?: string;
}

/** The product's logger (server/node/log.js), each line of a request carrying that request's id. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return createProcessLogger({
    ...options,
    mixin: () => {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
  });
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
