// The one typed client of our API. By default a call runs in this process: the API's own checks,
// validation and handler, given the typed input as a value (no body encoded here and decoded
// there). With API_ORIGIN the same call goes over HTTP, as JSON, a query string or multipart, and a
// read that may be repeated is asked again when its answer is lost (decision 045).
import { calls, type CallData, type CallInput, type CallName } from "~server/api/calls";
import { CLIENT_IP_HEADER, HEAD_REQUEST_HEADER } from "~server/api";
import { isbot } from "isbot";
import { SITE_ORIGIN_HEADER } from "~server/api/payments/purchase";
import type { Envelope } from "~server/api/envelope";
import { fillPath, pathOf, pathParams, readsQuery } from "~server/api/paths";
import { readQuery, readValue } from "~server/api/input";
import { isIdempotentRead, type AnyCall } from "~server/api/call";
import { env } from "~server/runtime/env.server";
import { getRuntime } from "~server/runtime/runtime.server";
import { getSessionToken } from "./session.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "~server/db/unavailable";
import { currentRequestId, REQUEST_ID_HEADER } from "~server/observability/request-context";
import { logger } from "~server/observability/log";
import { ApiUnreachable, readWithRetries, retryDeadline } from "./api-retry.server";

/** Whether a page drawn for this request was seen by a person: not a crawler's, not a HEAD's. */
export const countsAsView = (request: Request) =>
  !isbot(request.headers.get("user-agent")) && !request.headers.has(HEAD_REQUEST_HEADER);

export interface ApiOptions {
  /** The incoming request: its session cookie becomes the bearer token. */
  request?: Request;
  /** An explicit token (a fresh ID token during sign-up), overriding the session. */
  token?: string;
  locale?: string;
}

function toSearch(input: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || v === "") continue;
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
  }
  const s = qs.toString();
  return s ? `?${s}` : "";
}

const hasFiles = (input: unknown) =>
  typeof input === "object" &&
  input !== null &&
  Object.values(input).some(
    (v) => v instanceof File || (Array.isArray(v) && v.some((x) => x instanceof File)),
  );

/** Uploads travel as multipart, as a browser would send them: one entry per value of a list. */
function toFormData(input: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (key: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (v instanceof File) form.append(key, v);
    else if (typeof v === "object") form.append(key, JSON.stringify(v));
    else form.append(key, String(v));
  };
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) value.forEach((v) => add(key, v));
    else add(key, value);
  }
  return form;
}

export async function api<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: ApiOptions = {},
): Promise<Envelope<CallData<N>>> {
  const call = calls[name];
  const origin = env().API_ORIGIN ?? "http://in-process";
  const headers = new Headers({ accept: "application/json" });
  const token = options.token ?? (options.request ? await getSessionToken(options.request) : null);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (options.locale) headers.set("accept-language", options.locale);
  // Rate limits count per visitor, not per web server.
  const ip = options.request?.headers.get(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  // Over HTTP the API's front replaces that header with the connection's address (ours): it reads
  // the visitor from X-Forwarded-For instead, when it runs with TRUST_PROXY=1.
  if (ip && env().API_ORIGIN) headers.set("x-forwarded-for", ip);
  // Payment return addresses point at the site the person is on, not at the API's address.
  if (options.request) headers.set(SITE_ORIGIN_HEADER, new URL(options.request.url).origin);
  // A separately deployed API logs the call under the page's request id (in this process it reads
  // the id from the request's context).
  const requestId = currentRequestId();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  const { path, rest } = fillPath(pathOf(call), input as Record<string, unknown>);
  let url = `${origin}/api/${path}`;
  if (readsQuery(call.method)) url += toSearch(rest);
  const send = async () => {
    if (!env().API_ORIGIN) {
      const request = new Request(url, { method: call.method, headers });
      const read = readsQuery(call.method)
        ? readQuery(new URL(url).searchParams)
        : readValue(rest, hasFiles(rest));
      // An id in the path is a field like any other, as the router gives it (server/api/index.ts).
      for (const name of pathParams(pathOf(call))) {
        if (!read.names.includes(name)) read.names.push(name);
        read.fields[name] = String((input as Record<string, unknown>)[name]);
      }
      const runtime = await getRuntime();
      try {
        return withoutEcho(
          (await runtime.api.dispatch(call as AnyCall, request, read)) as Envelope<CallData<N>>,
        );
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw unavailablePage();
        throw error;
      }
    }
    // Reads carry their input in the query string (above); the rest as multipart (fetch sets the
    // boundary) or JSON.
    const json = !readsQuery(call.method) && !hasFiles(rest);
    if (json) headers.set("content-type", "application/json");
    const body = readsQuery(call.method) ? undefined : json ? JSON.stringify(rest) : toFormData(rest);
    let response: Response;
    if (isIdempotentRead(call as AnyCall)) {
      // A lost answer to a read is asked for again, within the page's budget (decision 045).
      try {
        response = await readWithRetries(
          (signal) => fetch(new Request(url, { method: call.method, headers, signal })),
          retryDeadline(options.request),
        );
      } catch (error) {
        if (!(error instanceof ApiUnreachable)) throw error;
        logger().warn({ call: call.name, attempts: error.attempts, err: error.cause }, "API unreachable");
        throw unavailablePage();
      }
    } else {
      // A change (or a read that acts) is sent once: a lost answer does not say it was not done.
      response = await fetch(new Request(url, { method: call.method, headers, body }));
    }
    // Only the database's absence comes with Retry-After: a 503 for something not set up on the
    // API's server (a mail sender) is the call's answer, for the page to show as such.
    if (response.status === 503 && response.headers.has("retry-after")) throw unavailablePage();
    return withoutEcho((await response.json()) as Envelope<CallData<N>>);
  };
  // Shared reads are answered from the API's copies (server/api/read-cache.ts); a change waits
  // there until this process has heard of it, so the next page shows it.
  return send();
}

/**
 * A success carries its request back (spec §7, for clients over the wire); the app holds its input
 * already, and a page that handed an answer on to the browser would carry it for nothing.
 */
function withoutEcho<T extends Envelope<unknown>>(answer: T): T {
  if (!("request" in answer)) return answer;
  const { request: _request, ...rest } = answer;
  return rest as T;
}

/**
 * The API cannot answer for a moment (its database is away: decision 041; a separately deployed one
 * could not be reached: decision 045). Thrown, so that a loader or action stops there and the error
 * boundary shows a 503 page that says to try again shortly, rather than the page treating it as
 * "nothing found" or "something went wrong".
 */
function unavailablePage(): Response {
  return new Response(UNAVAILABLE_MESSAGE, {
    status: 503,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * An API address that answers with a file rather than the envelope (a private document), as the
 * signed-in person: the API's response as it is, for a resource route to hand on.
 */
export async function apiFile(
  path: string,
  options: ApiOptions & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  const requestId = currentRequestId();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  const token = options.token ?? (options.request ? await getSessionToken(options.request) : null);
  if (token) headers.set("authorization", `Bearer ${token}`);
  // A stream (live chat) ends when the visitor leaves: the API learns it through the signal.
  const request = new Request(`${env().API_ORIGIN ?? "http://in-process"}/api/${path}`, {
    headers,
    signal: options.request?.signal,
  });
  return env().API_ORIGIN ? fetch(request) : (await getRuntime()).api.fetch(request);
}

/**
 * A large upload (a tour's video) handed to the API as it arrives: the browser's body is streamed
 * on, never read whole here, with its content type (the multipart boundary) and length.
 */
export async function apiUpload(path: string, request: Request, options: ApiOptions = {}): Promise<Response> {
  const headers = new Headers({ accept: "application/json" });
  for (const name of ["content-type", "content-length"]) {
    const v = request.headers.get(name);
    if (v) headers.set(name, v);
  }
  const token = options.token ?? (await getSessionToken(request));
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (options.locale) headers.set("accept-language", options.locale);
  const ip = request.headers.get(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const requestId = currentRequestId();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  const forwarded = new Request(`${env().API_ORIGIN ?? "http://in-process"}/api/${path}`, {
    method: "POST",
    headers,
    body: request.body,
    signal: request.signal,
    // A streamed request body must say so (fetch's half-duplex rule).
    duplex: "half",
  } as RequestInit);
  return env().API_ORIGIN ? fetch(forwarded) : (await getRuntime()).api.fetch(forwarded);
}

/** For loaders: the data, or an error response the route's boundary shows. */
export async function apiData<N extends CallName>(name: N, input: CallInput<N>, options: ApiOptions = {}) {
  const res = await api(name, input, options);
  if (res.error) throw new Response(res.message, { status: res.errors ? 400 : 500 });
  return res;
}
