// A call of the API: its name (spec §7, spelt as written), method, input and output schemas and handler.
// The same definition drives routing, validation, the typed client and the OpenAPI document.
import type { z } from "zod";
import type { ApiContext } from "./context";

/** admin: a signed-in person whose token carries the Firebase custom claim `admin` (decision 019). */
export type Access = "public" | "optional" | "user" | "admin";

/**
 * Error statuses a handler answers itself (by throwing ApiError), beyond those the router answers for
 * every call of its kind (400, 401/403 by access, 403 to a switched-off account, 405, 413, 500).
 */
export type HandlerErrorStatus = 401 | 403 | 404 | 409 | 429 | 502 | 503;

export interface CallResult<T> {
  data: T;
  message?: string;
  total?: number;
  status?: number;
}

/**
 * What a handler answers. `data` is checked against the output schema's input side, which is what
 * `JSON.stringify` turns into the documented answer (a Date where the schema says a date-time
 * string); `total` is there exactly when the call declares it, 201 exactly when it declares `created`.
 */
export type Answer<Out extends z.ZodType, Listed extends Total, Created extends Total> = {
  data: z.input<Out>;
  message?: string;
} & (Listed extends true
  ? { total: number }
  : Listed extends "sometimes"
    ? { total?: number }
    : { total?: undefined }) &
  (Created extends true
    ? { status: 201 }
    : Created extends "sometimes"
      ? { status?: 200 | 201 }
      : { status?: undefined });

/** Always (true), in some answers ("sometimes"), or never. */
export type Total = boolean | "sometimes";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CallDef<
  Name extends string,
  In extends z.ZodType,
  Out extends z.ZodType,
  Listed extends Total = false,
  Created extends Total = false,
> {
  /** Unique: the operationId and the typed client's key. The address too, unless `path` says otherwise. */
  name: Name;
  /**
   * The address under /api when it is not the name: a spec call with several methods at one address,
   * or an id in the path (`user-saved-places/{id}`); each `{x}` is a field of the input (server/api/paths.ts).
   */
  path?: string;
  method: Method;
  access: Access;
  summary: string;
  tag: string;
  input: In;
  /** `data` of a successful answer, as it appears in the JSON (dates are ISO strings). */
  output: Out;
  /** The envelope carries `total` (for lists, the rows that match before offset/limit): true, or "sometimes". */
  total?: Listed;
  /** Success is 201 Created instead of 200 (true), or when something new was made ("sometimes"). */
  created?: Created;
  /** Error statuses the handler itself can answer (see HandlerErrorStatus). */
  errorStatuses?: readonly HandlerErrorStatus[];
  /** Reshapes the raw query or body before validation (e.g. URL-friendly filter names). */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
  handler: (input: z.output<In>, ctx: ApiContext) => Promise<Answer<Out, Listed, Created>>;
  /**
   * The most its body may hold, in bytes (server/api/body-limit.ts): set by calls that take files;
   * the others take 64 KB when public and 1 MB when signed in.
   */
  maxBodyBytes?: number;
  /**
   * Open to an account an admin switched off, which is otherwise refused every change: the spec's
   * message asks that person to contact the admin, so the contact form must still reach them.
   */
  openToDeactivated?: boolean;
  /**
   * A read that gives away enough to need the same check as a change: the session must not have
   * been ended (a stolen cookie of a signed-out person reads nothing).
   */
  recheckSession?: boolean;
  /**
   * A read whose answer is the same for everyone who is not signed in (it depends only on its input
   * and the language): answered from a copy a few seconds old, dropped as soon as a table it was
   * read from changes (server/api/read-cache.ts).
   */
  shared?: true;
  /**
   * A shared read's answer for a signed-in person, made from everyone's copy: their favourites
   * marked, what only they may see filled in. Resolves to null where their answer must be read in
   * full (it would differ in more than that).
   */
  personalize?: (data: z.input<Out>, input: z.output<In>, ctx: ApiContext) => Promise<z.input<Out> | null>;
  /**
   * A read of the caller's own data (their unread counts, their feed) that each person may be
   * answered from their own copy of, a few seconds old, dropped when a table it was read from changes.
   */
  perPerson?: true;
  /**
   * Whether a client may send it again after losing the answer (`isIdempotentRead`). Only a GET can
   * be; one that acts (sends a code or an email, opens a payment order) says `false`.
   */
  idempotent?: boolean;
}

export function defineCall<
  Name extends string,
  In extends z.ZodType,
  Out extends z.ZodType,
  Listed extends Total = false,
  Created extends Total = false,
>(def: CallDef<Name, In, Out, Listed, Created>) {
  return def;
}

export type AnyCall = Omit<CallDef<string, z.ZodType, z.ZodType, Total, Total>, "handler" | "personalize"> & {
  // Any call's handler, whatever its input: the router validates with that call's own schema first.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (input: any, ctx: ApiContext) => Promise<CallResult<unknown>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  personalize?: (data: any, input: any, ctx: ApiContext) => Promise<unknown>;
};

/**
 * Whether a client may send the call again when its answer was lost (a dropped connection, a gateway
 * that timed out): the web app's client retries these (app/lib/api-retry.server.ts, decision 045).
 * Never a change (POST, PUT, DELETE). A GET unless it says `idempotent: false`, or declares a status
 * that shows it acts: 429, because a read limited per visitor is limited since each time costs
 * something (a text message, an email, a guess at a code), or 502, because it asks a provider that
 * may act each time (a payment order).
 */
export function isIdempotentRead(call: Pick<AnyCall, "method" | "errorStatuses" | "idempotent">): boolean {
  if (call.method !== "GET") return false;
  if (call.idempotent !== undefined) return call.idempotent;
  return !(call.errorStatuses ?? []).some((s) => s === 429 || s === 502);
}

/**
 * The same read taking its input in a posted body, at the same address, under its own name (the
 * typed client's key). For a read whose input is a secret (a code, a reset key): the spec's GET
 * stays for the apps that send it, but an address is kept by every proxy's access log and the
 * browser's history, so our own pages post it (decision 051).
 */
export function postedToo<
  Def extends { name: string; path?: string; method: Method; summary: string },
  Name extends string,
>(
  call: Def,
  name: Name,
): Omit<Def, "name" | "path" | "method"> & { name: Name; path: string; method: "POST" } {
  return {
    ...call,
    name,
    path: call.path ?? call.name,
    method: "POST",
    summary: `${call.summary} (the input in the body rather than the address)`,
  };
}
