// Live chat over Server-Sent Events: a message arrives on the other person's open page, a dropped
// connection resumes from Last-Event-ID with what it missed exactly once, and on PostgreSQL a message
// written through one server process reaches a stream held by another (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createApi } from "..";
import { endLiveStreams, liveStreamsOpen } from "./live";
import { openDatabase } from "../../db/client.server";
import { properties } from "../../db/schema";
import { createTestApi, signedUp, testDatabases } from "../../../tests/support/testing";

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads a stream's events as they come; `next(n)` waits for n more (or fails after a while). */
function reader(response: Response) {
  const body = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let done = false;
  const pump = (async () => {
    for (;;) {
      const { value, done: end } = await body.read().catch(() => ({ value: undefined, done: true }));
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const e: SseEvent = { event: "message", data: "" };
        let any = false;
        for (const line of block.split("\n")) {
          const [k, ...rest] = line.split(":");
          const v = rest.join(":").replace(/^ /, "");
          if (k === "id") e.id = v;
          else if (k === "event") e.event = v;
          else if (k === "data") e.data += v;
          else continue;
          any = true;
        }
        if (any) events.push(e);
      }
    }
    done = true;
  })();
  return {
    events,
    async until(test: (events: SseEvent[]) => boolean, ms = 8000) {
      const end = Date.now() + ms;
      while (!test(events)) {
        if (done || Date.now() > end)
          throw new Error(`stream ended or timed out with ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await body.cancel().catch(() => {});
      await pump;
    },
  };
}

const messagesIn = (events: SseEvent[]) =>
  events.filter((e) => e.event === "message").map((e) => JSON.parse(e.data).message.message as string);

for (const database of testDatabases()) {
  describe(`live chat on ${database.name}`, () => {
    let t: Awaited<ReturnType<typeof createTestApi>>;
    let listing: number;
    let owner: { token: string; id: number };
    let buyer: { token: string; id: number };
    beforeAll(async () => {
      t = await createTestApi(database.name === "pglite" ? {} : { database, propertyCount: 4 });
      owner = await signedUp(t, "Live Owner");
      buyer = await signedUp(t, "Live Buyer");
      listing = Number(
        (await t.db.execute<{ id: number }>(sql`select id from properties order by id limit 1`)).rows[0]!.id,
      );
      await t.db.update(properties).set({ added_by: owner.id }).where(eq(properties.id, listing));
    }, 120_000);
    afterAll(() => t?.close());

    const stream = (
      api: { fetch: (r: Request) => Response | Promise<Response> },
      token: string,
      lastEventId?: number,
    ) =>
      Promise.resolve(
        api.fetch(
          new Request("http://test/api/chat-events", {
            headers: {
              authorization: `Bearer ${token}`,
              ...(lastEventId !== undefined ? { "last-event-id": String(lastEventId) } : {}),
            },
          }),
        ),
      );
    const send = (message: string) =>
      t.call("send_message", {
        token: buyer.token,
        body: { receiver_id: owner.id, property_id: listing, message },
      });

    it("delivers a new message to the open page, and resumes after a drop with exactly what was missed", async () => {
      const res = await stream(t.api, owner.token);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const live = reader(res);
      await live.until((e) => e.some((x) => x.event === "ready"));
      expect((await send("First, live")).status).toBe(201);
      await live.until((e) => messagesIn(e).length === 1);
      expect(messagesIn(live.events)).toEqual(["First, live"]);
      const lastSeen = Number(live.events.filter((e) => e.id).at(-1)!.id);
      await live.close();

      // Offline for a while: two messages come in.
      await send("Second, while away");
      await send("Third, while away");
      const again = reader(await stream(t.api, owner.token, lastSeen));
      await again.until((e) => messagesIn(e).length === 2);
      await send("Fourth, live again");
      await again.until((e) => messagesIn(e).length === 3);
      await new Promise((r) => setTimeout(r, 300));
      expect(messagesIn(again.events)).toEqual([
        "Second, while away",
        "Third, while away",
        "Fourth, live again",
      ]);
      const ids = again.events.filter((e) => e.id).map((e) => Number(e.id));
      expect(ids.every((id, i) => id > lastSeen && (i === 0 || id > ids[i - 1]!))).toBe(true);
      // The badge follows: all four are unread.
      expect(JSON.parse(again.events.filter((e) => e.event === "unread").at(-1)!.data)).toEqual({
        unread: 4,
      });
      await again.close();
    });

    it("tells the sender's pages that their messages were read and when one is deleted", async () => {
      const mine = reader(await stream(t.api, buyer.token));
      await mine.until((e) => e.some((x) => x.event === "ready"));
      const sent = await send("Will you read this?");
      await t.call("get_messages", {
        token: owner.token,
        query: { user_id: String(buyer.id), property_id: String(listing) },
      });
      await mine.until((e) =>
        e.some(
          (x) => x.event === "read" && JSON.parse(x.data).message.message_id === sent.body.data.message_id,
        ),
      );
      await t.call("delete_chat_message", {
        token: buyer.token,
        body: { message_id: sent.body.data.message_id },
      });
      await mine.until((e) => e.some((x) => x.event === "delete"));
      expect(JSON.parse(mine.events.find((x) => x.event === "delete")!.data).message).toMatchObject({
        message_id: sent.body.data.message_id,
        is_deleted: true,
      });
      await mine.close();
    });

    it("ends at once when the process begins to stop, asking the browser to come back soon", async () => {
      const body = (await stream(t.api, owner.token)).body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      /** Reads until `enough` holds (true) or the stream ends (false). */
      const readUntil = async (enough: () => boolean) => {
        while (!enough()) {
          const { value, done } = await body.read();
          if (done) return false;
          text += decoder.decode(value, { stream: true });
        }
        return true;
      };
      expect(await readUntil(() => text.includes("event: ready"))).toBe(true);
      expect(liveStreamsOpen()).toBe(1);
      endLiveStreams();
      try {
        expect(await readUntil(() => false)).toBe(false);
      } finally {
        endLiveStreams(false);
      }
      // Its last words: a retry of its own, well under the usual three seconds.
      const retry = Number(text.match(/\nretry: (\d+)\n\n$/)?.[1]);
      expect(retry).toBeGreaterThanOrEqual(250);
      expect(retry).toBeLessThan(1000);
      expect(liveStreamsOpen()).toBe(0);
    });

    it("refuses a stream without a valid token", async () => {
      expect((await t.api.fetch(new Request("http://test/api/chat-events"))).status).toBe(401);
      expect(
        (
          await t.api.fetch(
            new Request("http://test/api/chat-events", { headers: { authorization: "Bearer nonsense" } }),
          )
        ).status,
      ).toBe(401);
    });

    if (database.name === "postgres") {
      it("reaches a stream held by another server process", async () => {
        // A second process: its own pool and its own listening connection on the same database.
        const other = await openDatabase({ url: t.handle.url });
        try {
          const second = createApi({ db: other.db, auth: t.auth, storage: t.storage, listen: other.listen });
          const live = reader(await stream(second, owner.token));
          await live.until((e) => e.some((x) => x.event === "ready"));
          await send("Across processes");
          await live.until((e) => messagesIn(e).includes("Across processes"));
          await live.close();
        } finally {
          await other.close();
        }
      });
    }
  });
}
