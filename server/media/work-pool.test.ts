import { describe, expect, it } from "vitest";
import { WorkPool } from "./work-pool";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("the image work pool", () => {
  it("runs at most its size at once, the rest in the order they came, and frees a place when a job fails", async () => {
    const pool = new WorkPool(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number) =>
      pool.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await tick();
        now--;
        if (i === 1) throw new Error("unreadable");
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it("queues while full and says so", async () => {
    const pool = new WorkPool(1);
    let release!: () => void;
    const first = pool.run(() => new Promise<void>((r) => (release = r)));
    const second = pool.run(async () => "second");
    await tick();
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    release();
    await first;
    expect(await second).toBe("second");
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });
});
