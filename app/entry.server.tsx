// The server's rendering of a page: React Router's default for Node, with the page's CSP nonce on
// every inline script React and React Router write (the nonce is made in server/app.ts).
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext, nonceContext } from "./lib/nonce";
import { batchedStream } from "./lib/batched-stream.server";
import { RETRY_AFTER_SECONDS } from "~server/db/unavailable";
import { logger } from "~server/observability/log";
import type { HandleErrorFunction } from "react-router";

export const streamTimeout = 5_000;

/**
 * A loader's or action's error, written through the server's logger (its redaction and the
 * request's id) rather than the console React Router would use. A request the visitor gave up on
 * is not an error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger().error({ err: error, path: new URL(request.url).pathname }, "Page error");
};

/**
 * The browser renders the router with a sibling (`Hydrated`, app/hydrate.client.tsx). React derives
 * `useId` values from the shape of the tree, so the server renders the same shape: without this,
 * every generated id (a form's, its fields') differs between the page and the hydrated app.
 */
function HydratedMarkStandIn() {
  return null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The page's data could not be read because the database is away (decision 041): the friendly
  // page says "in a moment", and this says when to browsers, crawlers and load balancers.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After"))
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  const nonce = loadContext.get(nonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        <HydratedMarkStandIn />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = batchedStream({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error }, "Page rendering failed");
        },
      },
    );
  });
}
