// Which of this process's open chat streams have news. The database says who (NOTIFY on commit, from
// any process on PostgreSQL; PGlite in this one); each stream then reads its events from the table.
import type { ApiDeps } from "../context";
import { CHAT_CHANNEL } from "./service";

type Listen = NonNullable<ApiDeps["listen"]>;

export class ChatHub {
  private readonly subscribers = new Map<number, Set<() => void>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly listen: Listen) {}

  /** Calls `onNews` whenever `userId` may have new events; returns the way to stop. */
  async subscribe(userId: number, onNews: () => void): Promise<() => void> {
    this.listening ??= this.listen(
      CHAT_CHANNEL,
      (payload) => payload.split(",").forEach((id) => this.wake(Number(id))),
      // The listening connection was lost for a while: anyone may have missed news.
      () => this.subscribers.forEach((_, id) => this.wake(id)),
    ).catch((error) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    set.add(onNews);
    return () => {
      set.delete(onNews);
      if (!set.size) this.subscribers.delete(userId);
    };
  }

  private wake(userId: number) {
    this.subscribers.get(userId)?.forEach((fn) => fn());
  }

  /** Open streams in this process (health and tests). */
  get size() {
    let n = 0;
    this.subscribers.forEach((s) => (n += s.size));
    return n;
  }
}

/**
 * Every stream open in this process, whichever API serves it, by the way to end it: counted for
 * the metrics (chat_live_streams_open) and ended when the process begins to stop.
 */
const openStreams = new Set<() => void>();
let ending = false;

/** A stream under way registers how to end it; the function returned unregisters it. */
export function trackLiveStream(end: () => void): () => void {
  openStreams.add(end);
  // Opened while the process stops (on a connection it had already accepted): ended at once too.
  if (ending) queueMicrotask(end);
  return () => {
    openStreams.delete(end);
  };
}

export const liveStreamsOpen = () => openStreams.size;

/**
 * On shutdown (server.js, through server/app.ts's setStopping): every stream ends now, telling its
 * browser to come back at once, rather than being cut at the end of the grace period; the browser
 * reconnects to a process that is not stopping. `false` undoes it (tests).
 */
export function endLiveStreams(value = true): void {
  ending = value;
  if (value) openStreams.forEach((end) => end());
}
