// How we talk to a gateway's HTTP API: a time limit, a clear error when it cannot be reached, and
// its answer trusted only once it has the shape the gateway's documentation promises.
import { z } from "zod";

const TIMEOUT_MS = 20_000;

/** One call; the body is read as JSON when it is JSON (an error page of a proxy is not). */
export async function gatewayFetch(
  gateway: string,
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ res: Response; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new Error(`${gateway} could not be reached (${what}): ${(e as Error).message}`, { cause: e });
  }
  // A network error may also come back as the Fetch standard's error response (type "error",
  // status 0) rather than a rejection, as from an interceptor in front of fetch: the same failure.
  if (res.type === "error" || res.status === 0)
    throw new Error(`${gateway} could not be reached (${what}): network error`);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status says enough.
  }
  return { res, json };
}

export function parseAnswer<S extends z.ZodType>(
  gateway: string,
  schema: S,
  json: unknown,
  what: string,
): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${gateway} gave an unexpected answer to ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A JSON call with a bearer secret key (Paystack, Flutterwave): the answer, or the gateway's refusal. */
export async function bearerCall<S extends z.ZodType>(
  gateway: string,
  request: { url: string; method: "GET" | "POST"; secret: string; body?: unknown; what: string },
  schema: S,
  refuse: (status: number, json: unknown) => Error,
): Promise<z.infer<S>> {
  const { body } = request;
  const { res, json } = await gatewayFetch(
    gateway,
    request.url,
    {
      method: request.method,
      headers: {
        Authorization: `Bearer ${request.secret}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    request.what,
  );
  if (!res.ok) throw refuse(res.status, json);
  return parseAnswer(gateway, schema, json, request.what);
}
