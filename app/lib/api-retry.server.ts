// Reads from a separately deployed API (API_ORIGIN), tried again when the answer was lost on the way
// (spec §9: 3 times, 1000·2ⁿ ms apart, capped at 30 000 ms; decision 045). Only reads that repeat
// harmlessly are tried again (`isIdempotentRead` in server/api/call.ts): a write, or a read that
// sends a code or opens a payment, is sent once, since a lost answer does not say it was not done.

/** Tries after the first. */
export const RETRIES = 3;
/** The first wait; each next one doubles. */
export const BASE_DELAY_MS = 1000;
/** No wait is longer: a Retry-After beyond it means the API will not be back in time for this page. */
export const MAX_DELAY_MS = 30_000;
/** One attempt's longest wait for an answer; past it the attempt counts as lost. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/**
 * How long a page may spend trying again, from its first call to the API: no wait ends and no retry
 * starts after it. A page whose API is down answers "try again in a moment" within about this long,
 * well inside the time a proxy in front of it waits (commonly 30 to 60 s).
 */
export const PAGE_RETRY_BUDGET_MS = 20_000;

/** The wait before retry n (0, 1, 2): 1 s, 2 s, 4 s, never more than MAX_DELAY_MS. */
export const backoff = (n: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** n);

/** Retry-After in milliseconds (seconds, or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Whether an answer means "not now" rather than "no": a gateway that could not reach the API (502,
 * 504), or a 503 that says when to come back or is not the API's own envelope (a balancer's page).
 * A 503 envelope without Retry-After is the call's answer (something not set up on the API's
 * server): asking again would not change it.
 */
export function transient(response: Response): boolean {
  if (response.status === 502 || response.status === 504) return true;
  if (response.status !== 503) return false;
  return (
    response.headers.has("retry-after") ||
    !(response.headers.get("content-type") ?? "").includes("application/json")
  );
}

/** Time, replaceable in tests so that back-off is checked without waiting for it. */
export const retryClock = {
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** The API could not be reached for this read, after every try the page could afford. */
export class ApiUnreachable extends Error {
  constructor(
    readonly attempts: number,
    options?: ErrorOptions,
  ) {
    super(`The API did not answer after ${attempts} attempts`, options);
  }
}

/** Each page's deadline for retrying, by its incoming request: the page's calls share one budget. */
const deadlines = new WeakMap<Request, number>();

export function retryDeadline(page: Request | undefined): number {
  const now = retryClock.now();
  if (!page) return now + PAGE_RETRY_BUDGET_MS;
  let deadline = deadlines.get(page);
  if (deadline === undefined) deadlines.set(page, (deadline = now + PAGE_RETRY_BUDGET_MS));
  return deadline;
}

/**
 * Sends a read, again after a lost answer (a network error, a timeout, a transient status) up to
 * RETRIES times, waiting back-off or the answer's Retry-After. Resolves with the first answer that
 * is not transient. Gives up, throwing ApiUnreachable, when the tries are spent, when Retry-After
 * asks for more than MAX_DELAY_MS or when the wait would end after `deadline`.
 */
export async function readWithRetries(
  send: (signal: AbortSignal) => Promise<Response>,
  deadline: number,
): Promise<Response> {
  for (let n = 0; ; n++) {
    // A retry gets what is left of the page's budget; the first attempt its full time.
    const left = n === 0 ? ATTEMPT_TIMEOUT_MS : deadline - retryClock.now();
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await send(AbortSignal.timeout(Math.max(1, Math.min(ATTEMPT_TIMEOUT_MS, left))));
    } catch (error) {
      failure = error;
    }
    if (response && !transient(response)) return response;
    const asked = response ? retryAfterMs(response.headers.get("retry-after"), retryClock.now()) : null;
    // The answer is not read: its connection goes back to the pool.
    await response?.body?.cancel().catch(() => {});
    const wait = asked ?? backoff(n);
    if (n >= RETRIES || wait > MAX_DELAY_MS || retryClock.now() + wait >= deadline)
      throw new ApiUnreachable(n + 1, { cause: failure ?? response?.status });
    await retryClock.sleep(wait);
  }
}
