// One call of the API, from its input as read to its envelope: the part every way in shares (the
// API's routes, the compatibility address, and the web app's calls in this process).
import { z } from "zod";
import type { AnyCall } from "./call";
import type { ApiContext, ApiDeps } from "./context";
import { ApiError, fieldErrors, type Envelope } from "./envelope";
import { requestLanguage } from "./i18n";
import { findByFirebaseId, markAdmin } from "./users/service";
import { GATES } from "./packages/contract";
import { bearerOf } from "./raw";
import { readJson, readQuery, readForm, unknownFields, type RawInput } from "./input";
import { DEMO_MODE_MESSAGE, isDemoAccount, isDemoMode } from "./listings/guards";
import { readsQuery } from "./paths";
import { readMultipart } from "./multipart";
import { echoOf } from "./echo";
import { runHandler } from "./read-cache";
import { currentRequest } from "../observability/request-context";
import type { UserRow } from "./users/service";

const LANGS = ["en", "ar"] as const;
/** Set by the HTTP front (server/app.ts) from the connection; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-souq-client-ip";
/** Set by the HTTP front on a HEAD asked of a page, drawn as its GET: nobody saw it (not a view). */
export const HEAD_REQUEST_HEADER = "x-souq-head";

/** Query string or body → fields, nested by their brackets (see input.ts). */
export async function readInputOf(request: Request, method: string): Promise<RawInput> {
  if (readsQuery(method)) return readQuery(new URL(request.url).searchParams);
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = await request.json().catch(() => {
      throw new ApiError(400, "Request body is not valid JSON");
    });
    return readJson(body);
  }
  if (type.includes("multipart/form-data")) return readForm(await readMultipart(request));
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = await request.formData().catch(() => {
      throw new ApiError(400, "Request body is not a valid form");
    });
    return readForm(form);
  }
  return { fields: {}, names: [] };
}

function fieldsWithNul(input: Record<string, unknown>): string[] {
  const has = (v: unknown): boolean =>
    typeof v === "string"
      ? v.includes("\u0000")
      : Array.isArray(v)
        ? v.some(has)
        : v !== null && typeof v === "object"
          ? Object.values(v).some(has)
          : false;
  return Object.entries(input)
    .filter(([, v]) => has(v))
    .map(([k]) => k);
}

/** An answer of a call: the HTTP status and the envelope. */
export interface Dispatched {
  status: number;
  body: Envelope<unknown>;
}

export interface RunOptions {
  /** Fields the caller is known to send that the call does not read: ignored instead of refused. */
  ignore?: readonly string[];
}

/**
 * One call, from its input as read to its envelope: who is asking, what they may do, validation,
 * the handler. The API's routes and the compatibility address (server/api/compat) both go through
 * it, so neither can skip a check. Refusals come back as an envelope; failures of our own throw.
 */
export async function runCall(
  deps: ApiDeps,
  call: AnyCall,
  request: Request,
  input: RawInput,
  options: RunOptions = {},
): Promise<Dispatched> {
  try {
    return await run(deps, call, request, input, options);
  } catch (err) {
    if (err instanceof ApiError)
      return {
        status: err.status,
        body: {
          error: true,
          message: err.message,
          data: null,
          ...(err.errors ? { errors: err.errors } : {}),
        },
      };
    if (err instanceof z.ZodError)
      return {
        status: 400,
        body: { error: true, message: "Invalid input", data: null, errors: fieldErrors(err) },
      };
    throw err;
  }
}

/** The caller's row, read once per request however many calls a page makes for them. */
function userOf(deps: ApiDeps, uid: string): Promise<UserRow | null> {
  const request = currentRequest();
  if (!request) return findByFirebaseId(deps.db, uid);
  const rows = (request.users ??= new Map());
  let row = rows.get(uid) as Promise<UserRow | null> | undefined;
  if (!row) {
    row = findByFirebaseId(deps.db, uid);
    rows.set(uid, row);
    row.catch(() => rows.delete(uid));
  }
  return row;
}

async function run(
  deps: ApiDeps,
  call: AnyCall,
  request: Request,
  input: RawInput,
  options: RunOptions,
): Promise<Dispatched> {
  const token = bearerOf(request);
  // Mutations re-check that the session was not ended; reads trust the signature.
  // Admin calls always re-check, so a revoked admin (npm run admin:grant -- --revoke) stops at once.
  const principal = token
    ? await deps.auth.verify(
        token,
        call.method !== "GET" || call.access === "admin" || call.recheckSession === true,
      )
    : null;
  if ((call.access === "user" || call.access === "admin") && !principal)
    throw new ApiError(401, "Unauthorized");
  // The claim is checked here, before input is read, so no admin call can forget it.
  if (call.access === "admin" && !principal!.admin) throw new ApiError(403, "Forbidden");
  // A public demo publishes the demo admin's password: in demo mode it may look, not change.
  // An admin made with admin:grant can still change everything (including switching demo mode off).
  if (
    call.access === "admin" &&
    call.method !== "GET" &&
    isDemoAccount(principal!.uid) &&
    (await isDemoMode(deps.db))
  ) {
    throw new ApiError(403, DEMO_MODE_MESSAGE);
  }
  const user = principal ? await userOf(deps, principal.uid) : null;
  // The team's listings say so (is_admin): the row follows the identity provider's claim.
  if (user && principal && user.is_admin !== principal.admin) {
    await markAdmin(deps.db, user.id, principal.admin);
    currentRequest()?.users?.clear();
  }
  if (user && !user.is_active && call.method !== "GET" && !call.openToDeactivated) {
    throw new ApiError(403, GATES.deactivated.message);
  }
  const raw = (call.prepare ?? ((r) => r))(input.fields);
  for (const k of options.ignore ?? []) delete raw[k];
  // A field the call does not read is refused, never dropped while we answer "success".
  const unknown = unknownFields(call.input, input, raw);
  if (unknown.length) {
    const errors = Object.fromEntries(unknown.map((k) => [k, [`${call.name} does not take ${k}`]]));
    return {
      status: 400,
      body: { error: true, message: `Unknown field: ${unknown.join(", ")}`, data: null, errors },
    };
  }
  const nul = fieldsWithNul(raw);
  if (nul.length) {
    // PostgreSQL text cannot hold U+0000; say so instead of failing in the database.
    const errors = Object.fromEntries(nul.map((k) => [k, ["Text must not contain NUL characters"]]));
    return {
      status: 400,
      body: { error: true, message: "Text must not contain NUL characters", data: null, errors },
    };
  }
  const parsed = call.input.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = Object.values(errors)[0]?.[0] ?? "Invalid input";
    return { status: 400, body: { error: true, message: first, data: null, errors } };
  }
  const ctx: ApiContext = {
    ...deps,
    principal,
    user,
    lang: requestLanguage(request.headers.get("accept-language"), LANGS),
    request,
    clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
  };
  // Spec §7: a success carries the request back, less what must not travel (server/api/echo.ts).
  // Taken before the handler runs: what the call was given, whatever the handler does with it.
  const echo = echoOf(call, parsed.data, raw);
  const result = await runHandler(call, parsed.data, ctx);
  const body: Envelope<unknown> = {
    error: false,
    message: result.message ?? "Data fetched successfully",
    data: result.data,
  };
  if (result.total !== undefined) body.total = result.total;
  body.request = echo;
  return { status: result.status ?? 200, body };
}
