// Which request this code runs for, wherever it runs: the front's middleware opens a context per
// request (server/observability/http.ts) and everything awaited inside it, the in-process API
// included, sees the same one. The log's lines and the error page's reference read the id from here.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";

export interface RequestContext {
  /** Quoted by support, written on every log line of the request, sent back as X-Request-Id. */
  readonly id: string;
  /**
   * What answered, as a bounded name (an API call's name, a page's route pattern): the label of the
   * request's metrics and the `route` of its log line. Unset: nothing more precise than the path.
   */
  route?: string;
  /**
   * The callers' rows read for this request, by their identity: a page asks the API several times
   * for one person, who is looked up once (forgotten when a call of the request changes rows).
   */
  users?: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * A proxy's id is kept so one request can be followed through both; anything else a client sends
 * (a path, a newline that would forge a log line, a megabyte) is replaced by our own.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export const currentRequest = (): RequestContext | undefined => storage.getStore();
export const currentRequestId = (): string | undefined => storage.getStore()?.id;

/**
 * Names the route of the request under way. The first name given stays: a page's pattern is not
 * replaced by the name of an API call the page makes in this process.
 */
export function nameRoute(route: string): void {
  const context = storage.getStore();
  if (context && context.route === undefined) context.route = route;
}
