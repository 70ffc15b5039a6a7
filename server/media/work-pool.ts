// Image work (decoding, resizing, encoding) is the heaviest thing a request can ask of the server:
// a few large uploads at once would take every core and starve every other request, pages and
// sign-ins included. It runs through one bounded pool instead: at most a few jobs at a time in this
// process, the others waiting their turn in the order they came.
import { availableParallelism } from "node:os";

export class WorkPool {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Jobs under way and jobs waiting for a place. */
  get load() {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Runs `job` once a place is free; its place is given on when it ends, however it ends. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      // The place passes straight to the next job (the count stays), or is freed.
      if (next) next();
      else this.#running--;
    }
  }
}

/**
 * One core is left for everything else (libvips itself spreads one job over the cores it may use).
 * IMAGE_WORK_CONCURRENCY sets another size.
 */
export const IMAGE_WORK_CONCURRENCY =
  Number(process.env.IMAGE_WORK_CONCURRENCY) >= 1
    ? Math.floor(Number(process.env.IMAGE_WORK_CONCURRENCY))
    : Math.max(1, availableParallelism() - 1);

export const imageWork = new WorkPool(IMAGE_WORK_CONCURRENCY);
