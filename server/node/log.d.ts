// Types of ./log.js (plain JavaScript: server.js loads it without the build).
import type { DestinationStream, Logger } from "pino";

export const REDACTED: string[];
export function levelFromEnv(): string;
export function createLogger(options?: {
  destination?: DestinationStream;
  level?: string;
  mixin?: () => object;
}): Logger;
export function processLog(): Logger;
export function failureLog(): Logger;
