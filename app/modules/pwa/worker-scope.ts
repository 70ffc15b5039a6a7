// The service worker's global scope, as far as the site's worker uses it. The project compiles with
// the DOM's types (a worker's and a window's cannot be loaded together), so the few worker-only
// names are declared here and `self` is cast to them.

export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  /** The navigation preload's answer, when preload is on for this navigation. */
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}

export interface WorkerScope {
  readonly location: Location;
  readonly registration: {
    readonly scope: string;
    readonly navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
}

export const workerScope = () => self as unknown as WorkerScope;
