// The id of the request a page was drawn for, on its error page, so that a person can quote it to
// support (the server's log lines of that request carry it: docs/decisions/040). The server answers
// from the request's context, handed in by server/app.ts; the browser, hydrating that page, reads
// what the server wrote, so both draw the same text, with or without JavaScript. An error after a
// navigation in the browser shows none: the page's request is not the one that failed.
import { useEffect, useState } from "react";

/** What the server knows of the request under way; nothing in the browser. */
export interface RequestHooks {
  id(): string | undefined;
  /** A page's route pattern, for the request's log line and metrics. */
  nameRoute(pattern: string): void;
}

let hooks: RequestHooks | undefined;

export function provideRequestHooks(given: RequestHooks): void {
  hooks = given;
}

/**
 * For the root's middleware, which runs on the server for every page and data request. React
 * Router joins its routes' paths without the leading slash the API's and the front's routes have.
 */
export const nameRoute = (pattern: string) =>
  hooks?.nameRoute(pattern.startsWith("/") ? pattern : `/${pattern}`);

/** The attribute of the element that shows the reference: where the browser finds it again. */
export const REFERENCE_ATTRIBUTE = "data-request-id";

/** Set once an error page was drawn in the browser: the server's reference was for that one only. */
let documentRead = false;

export function useRequestReference(): string | undefined {
  const [id] = useState(() =>
    typeof document === "undefined"
      ? hooks?.id()
      : documentRead
        ? undefined
        : (document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ??
          undefined),
  );
  useEffect(() => {
    documentRead = true;
  }, []);
  return id;
}
