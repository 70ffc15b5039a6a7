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
