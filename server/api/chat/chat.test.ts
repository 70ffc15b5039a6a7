// Chat through the API: who may write to whom, blocks, files judged by their bytes, deleting, and
// the conversation list with its unread counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { chatEvents, chatMessages, notifications, properties } from "../../db/schema";
import { pruneChatEvents } from "./service";
import { createTestApi, signedUp } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let listingIds: number[];
beforeAll(async () => {
  t = await createTestApi();
  listingIds = (
    await t.db.execute<{ id: number }>(
      sql`select id from properties where request_status = 'approved' and status = 'active' order by id desc limit 6`,
    )
  ).rows.map((r) => Number(r.id));
});
afterAll(() => t?.close());

const person = (name: string) => signedUp(t, name);

/** A listing of `owner`'s own (moved to them here: demo listings belong to demo people). */
async function listingOf(owner: { id: number }, index: number) {
  const id = listingIds[index]!;
  await t.db.update(properties).set({ added_by: owner.id }).where(eq(properties.id, id));
  return id;
}

async function multipart(
  name: string,
  token: string,
  fields: Record<string, string | Blob>,
  filename = "photo.jpg",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") form.append(k, v);
    else form.append(k, v, filename);
  }
  const res = await t.api.fetch(
    new Request(`http://test/api/${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );

  return { status: res.status, body: (await res.json()) as any };
}

describe("send_message and get_messages", () => {
  it("lets a visitor ask the owner and the owner answer; the page marks messages read", async () => {
    const owner = await person("Owner Olivia");
    const buyer = await person("Buyer Bilal");
    const listing = await listingOf(owner, 0);

    const empty = await t.call("send_message", {
      token: buyer.token,
      body: { receiver_id: owner.id, property_id: listing, message: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.message).toEqual(["Please enter a message before sending"]);

    const sent = await t.call("send_message", {
      token: buyer.token,
      body: { receiver_id: owner.id, property_id: listing, message: "Is it still available?" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      sender_id: buyer.id,
      receiver_id: owner.id,
      property_id: listing,
      message: "Is it still available?",
      is_read: false,
    });

    const chats = await t.call("get_chats", { token: owner.token });
    expect(chats.body.data.unread).toBe(1);
    expect(chats.body.data.chats[0]).toMatchObject({
      user_id: buyer.id,
      name: "Buyer Bilal",
      property_id: listing,
      unread: 1,
      last_message: { message: "Is it still available?" },
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.user_id, owner.id));
    expect(note).toMatchObject({
      type: "message",
      title: "New message from Buyer Bilal",
      link: `/user/chat?user_id=${buyer.id}&property_id=${listing}`,
    });

    const page = await t.call("get_messages", {
      token: owner.token,
      query: { user_id: String(buyer.id), property_id: String(listing) },
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      other: { id: buyer.id, name: "Buyer Bilal" },
      property: { id: listing, is_mine: true },
      blocked_by_me: false,
      blocked_me: false,
    });
    expect(page.body.data.messages.map((m: { message: string }) => m.message)).toEqual([
      "Is it still available?",
    ]);
    expect((await t.call("get-unread-counts", { token: owner.token })).body.data).toEqual({
      messages: 0,
      notifications: 0,
    });

    const reply = await t.call("send_message", {
      token: owner.token,
      body: { receiver_id: buyer.id, property_id: listing, message: "Yes, come and see it on Saturday." },
    });
    expect(reply.status).toBe(201);
    const buyerView = await t.call("get_messages", {
      token: buyer.token,
      query: { user_id: String(owner.id), property_id: String(listing) },
    });
    expect(buyerView.body.data.messages.map((m: { message: string }) => m.message)).toEqual([
      "Yes, come and see it on Saturday.",
      "Is it still available?",
    ]);
    expect(buyerView.body.data.messages[1].is_read).toBe(true);
  });

  it("keeps one message when the same text is sent twice at once (a form posted again), not later", async () => {
    const owner = await person("Owner Twice");
    const buyer = await person("Buyer Twice");
    const listing = await listingOf(owner, 2);
    const send = (message: string) =>
      t.call("send_message", {
        token: buyer.token,
        body: { receiver_id: owner.id, property_id: listing, message },
      });
    // Two copies arriving together, as a double press without JavaScript sends them.
    const [first, second] = await Promise.all([send("Can I visit tomorrow?"), send("Can I visit tomorrow?")]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.message_id).toBe(first.body.data.message_id);
    const texts = async () =>
      (
        await t.call("get_messages", {
          token: owner.token,
          query: { user_id: String(buyer.id), property_id: String(listing) },
        })
      ).body.data.messages.map((m: { message: string }) => m.message);
    expect(await texts()).toEqual(["Can I visit tomorrow?"]);
    // Another text is another message; the same text after a while is said again, and kept.
    await send("Around noon?");
    await t.db
      .update(chatMessages)
      .set({ created_at: sql`now() - interval '1 minute'` })
      .where(eq(chatMessages.sender_id, buyer.id));
    await send("Can I visit tomorrow?");
    expect(await texts()).toEqual(["Can I visit tomorrow?", "Around noon?", "Can I visit tomorrow?"]);
  });

  it("pages a long conversation newest first", async () => {
    const owner = await person("Owner Paging");
    const buyer = await person("Buyer Paging");
    const listing = await listingOf(owner, 1);
    await t.db.insert(chatMessages).values(
      Array.from({ length: 45 }, (_, i) => ({
        sender_id: i % 2 ? owner.id : buyer.id,
        receiver_id: i % 2 ? buyer.id : owner.id,
        property_id: listing,
        message: `m${i}`,
      })),
    );
    const q = (page: number) =>
      t.call("get_messages", {
        token: buyer.token,
        query: {
          user_id: String(owner.id),
          property_id: String(listing),
          page: String(page),
          per_page: "20",
        },
      });
    const [p1, p3] = [await q(1), await q(3)];
    expect(p1.body.total).toBe(45);
    expect(p1.body.data.messages[0].message).toBe("m44");
    expect(p3.body.data.messages.map((m: { message: string }) => m.message)).toEqual([
      "m4",
      "m3",
      "m2",
      "m1",
      "m0",
    ]);
    expect(
      (
        await t.call("get_messages", {
          token: buyer.token,
          query: { user_id: String(owner.id), property_id: String(listing), per_page: "500" },
        })
      ).status,
    ).toBe(400);
  });

  it("refuses strangers' conversations, oneself, unknown people and listings", async () => {
    const owner = await person("Owner Quiet");
    const a = await person("Asker A");
    const b = await person("Asker B");
    const listing = await listingOf(owner, 2);
    // Two people who both do not own the listing have nothing to talk about here.
    const between = await t.call("send_message", {
      token: a.token,
      body: { receiver_id: b.id, property_id: listing, message: "Hi" },
    });
    expect(between.status).toBe(403);
    const self = await t.call("send_message", {
      token: owner.token,
      body: { receiver_id: owner.id, property_id: listing, message: "Note to self" },
    });
    expect(self.body.errors.receiver_id).toEqual(["You cannot send a message to yourself"]);
    expect(
      (
        await t.call("send_message", {
          token: a.token,
          body: { receiver_id: 999999, property_id: listing, message: "Hi" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call("send_message", {
          token: a.token,
          body: { receiver_id: owner.id, property_id: 999999, message: "Hi" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call("send_message", { body: { receiver_id: owner.id, property_id: listing, message: "Hi" } }))
        .status,
    ).toBe(401);
    // Someone else's conversation cannot be read by naming its people.
    await t.call("send_message", {
      token: a.token,
      body: { receiver_id: owner.id, property_id: listing, message: "Private question" },
    });
    const peek = await t.call("get_messages", {
      token: b.token,
      query: { user_id: a.id.toString(), property_id: String(listing) },
    });
    expect(peek.status).toBe(403);
    expect(JSON.stringify(peek.body)).not.toContain("Private question");
  });

  it("refuses messages between people who blocked each other, either way, until unblocked", async () => {
    const owner = await person("Owner Blocks");
    const buyer = await person("Buyer Blocked");
    const listing = await listingOf(owner, 3);
    expect((await t.call("block-user", { token: owner.token, body: { to_user_id: buyer.id } })).status).toBe(
      200,
    );
    const refused = await t.call("send_message", {
      token: buyer.token,
      body: { receiver_id: owner.id, property_id: listing, message: "Hello?" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You cannot send messages to this person.");
    const mine = await t.call("send_message", {
      token: owner.token,
      body: { receiver_id: buyer.id, property_id: listing, message: "Hello" },
    });
    expect(mine.body.message).toBe("You have blocked this person. Unblock them to send messages.");
    const view = await t.call("get_messages", {
      token: buyer.token,
      query: { user_id: String(owner.id), property_id: String(listing) },
    });
    expect(view.body.data).toMatchObject({ blocked_me: true, blocked_by_me: false });
    expect(await t.db.$count(chatMessages, eq(chatMessages.property_id, listing))).toBe(0);
    await t.call("unblock-user", { token: owner.token, body: { to_user_id: buyer.id } });
    expect(
      (
        await t.call("send_message", {
          token: buyer.token,
          body: { receiver_id: owner.id, property_id: listing, message: "Hello?" },
        })
      ).status,
    ).toBe(201);
  });
});

describe("files, voice messages and deleting", () => {
  it("takes a photo (re-encoded without its EXIF) and a PDF; refuses other bytes; only the two people can open them", async () => {
    const owner = await person("Owner Files");
    const buyer = await person("Buyer Files");
    const stranger = await person("Stranger Files");
    const listing = await listingOf(owner, 4);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7" } })
      .withMetadata({ exif: { IFD0: { Copyright: "secret place" } } })
      .jpeg()
      .toBuffer();
    const photo = await multipart("send_message", buyer.token, {
      receiver_id: String(owner.id),
      property_id: String(listing),
      file: new Blob([new Uint8Array(jpeg)]),
    });
    expect(photo.status).toBe(201);
    expect(photo.body.data.file).toMatchObject({ type: "image/webp", name: "photo.webp" });

    const url = photo.body.data.file.url as string;
    const open = (token: string) =>
      t.api.fetch(new Request(`http://test${url}`, { headers: { authorization: `Bearer ${token}` } }));
    const got = await open(owner.token);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect((await open(stranger.token)).status).toBe(404);
    expect((await t.api.fetch(new Request(`http://test${url}`))).status).toBe(401);

    const pdf = await multipart(
      "send_message",
      owner.token,
      {
        receiver_id: String(buyer.id),
        property_id: String(listing),
        message: "The floor plan",
        file: new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")]),
      },
      "plan.pdf",
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body.data).toMatchObject({
      message: "The floor plan",
      file: { type: "application/pdf", name: "plan.pdf" },
    });

    const fake = await multipart(
      "send_message",
      buyer.token,
      {
        receiver_id: String(owner.id),
        property_id: String(listing),
        file: new Blob([new TextEncoder().encode("MZ not a photo")]),
      },
      "virus.jpg",
    );
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toEqual(["Files must be JPEG, PNG or PDF"]);

    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0, 0, 0]);
    const voice = await multipart(
      "send_message",
      buyer.token,
      { receiver_id: String(owner.id), property_id: String(listing), audio: new Blob([webm]) },
      "voice.webm",
    );
    expect(voice.status).toBe(201);
    expect(voice.body.data.audio).toMatchObject({ type: "audio/webm" });
    const noise = await multipart(
      "send_message",
      buyer.token,
      {
        receiver_id: String(owner.id),
        property_id: String(listing),
        audio: new Blob([new TextEncoder().encode("hello")]),
      },
      "voice.webm",
    );
    expect(noise.body.errors.audio).toEqual(["Voice messages must be WebM, Ogg, MP4, MP3 or WAV audio"]);
    expect(await t.db.$count(chatMessages, eq(chatMessages.property_id, listing))).toBe(3);
  });

  it("lets only the sender delete a message; the file goes with it and both see it deleted", async () => {
    const owner = await person("Owner Delete");
    const buyer = await person("Buyer Delete");
    const stranger = await person("Stranger Delete");
    const listing = await listingOf(owner, 5);
    const sent = await multipart(
      "send_message",
      buyer.token,
      {
        receiver_id: String(owner.id),
        property_id: String(listing),
        message: "Wrong number, sorry",
        file: new Blob([new TextEncoder().encode("%PDF-1.4\n")]),
      },
      "id.pdf",
    );
    const id = sent.body.data.message_id as number;
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(await t.storage.exists(row!.file_key!)).toBe(true);

    const byOwner = await t.call("delete_chat_message", { token: owner.token, body: { message_id: id } });
    expect(byOwner.status).toBe(403);
    const byStranger = await t.call("delete_chat_message", {
      token: stranger.token,
      body: { message_id: id },
    });
    expect(byStranger.status).toBe(404);
    expect((await t.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!.deleted_at).toBeNull();

    const mine = await t.call("delete_chat_message", { token: buyer.token, body: { message_id: id } });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ message_id: id, is_deleted: true, message: null, file: null });
    expect(await t.storage.exists(row!.file_key!)).toBe(false);
    const view = await t.call("get_messages", {
      token: owner.token,
      query: { user_id: String(buyer.id), property_id: String(listing) },
    });
    expect(view.body.data.messages[0]).toMatchObject({ message_id: id, is_deleted: true, message: null });
  });
});

describe("housekeeping", () => {
  it("forgets live events older than a month and keeps recent ones", async () => {
    const before = await t.db.$count(chatEvents);
    expect(before).toBeGreaterThan(0);
    await t.db.execute(
      sql`update chat_events set created_at = now() - interval '40 days' where id = (select min(id) from chat_events)`,
    );
    expect(await pruneChatEvents(t.db)).toBe(1);
    expect(await t.db.$count(chatEvents)).toBe(before - 1);
  });
});
