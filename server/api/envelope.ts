// The response envelope of spec §7: every answer is `{ error, message, data }`.
import type { z } from "zod";

export interface Envelope<T> {
  error: boolean;
  message: string;
  data: T;
  /** Lists: the number of matching rows before offset/limit. */
  total?: number;
  /** Validation failures: messages per field. */
  errors?: Record<string, string[]>;
  /**
   * Successes: the input as validated, less secrets, files, rows and long values (spec §7,
   * server/api/echo.ts). The web app's client leaves it out: it holds its input already.
   */
  request?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, "Unauthorized");
export const forbidden = (message = "Forbidden") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);

/** zod issues → `{ field: [message, …] }`, the first path segment naming the field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
