// Chat between two people about one property. Every change is written with the events that tell both
// sides' open pages about it (chat_events) and a NOTIFY, in one transaction: a page that reconnects
// reads the events it missed, so nothing is lost and nothing arrives twice.
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server";
import { chatEvents, chatMessages, notifications, properties, userBlocks, users } from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { ApiError } from "../envelope";
import { notify } from "../notifications/service";
import { hit } from "../rate-limit";
import { storeAudio, storeFile, type StoredAttachment } from "./attachments";
import { CHAT_MESSAGES, type SendMessageInput } from "./schema";

/** The NOTIFY channel; the payload names the people whose pages have news. */
export const CHAT_CHANNEL = "souq_chat";
/** Sending is rate limited per person: a conversation, not a flood. */
const SEND_LIMIT = { max: 30, windowSeconds: 60 };
/** The same text again within this many seconds is the one message sent twice, not a second one. */
export const RESEND_SECONDS = 15;
/** The first key of the senders' locks (the second is the sender's id). */
const SENDING_LOCK = 46_002;
/** The first key of the people's event locks (the second is the person's id). */
const EVENTS_LOCK = 46_003;

type MessageRow = typeof chatMessages.$inferSelect;

/** A message as the API shows it: files as links that check who asks (never public URLs). */
export function presentMessage(m: MessageRow) {
  const deleted = m.deleted_at !== null;
  return {
    message_id: m.id,
    sender_id: m.sender_id,
    receiver_id: m.receiver_id,
    property_id: m.property_id,
    message: deleted ? null : m.message,
    file:
      !deleted && m.file_key
        ? { url: `/api/chat-file/${m.id}/file`, name: m.file_name, type: m.file_type, size: m.file_size }
        : null,
    audio: !deleted && m.audio_key ? { url: `/api/chat-file/${m.id}/audio`, type: m.audio_type } : null,
    is_read: m.read_at !== null,
    is_deleted: deleted,
    created_at: m.created_at.toISOString(),
  };
}
export type ChatMessage = ReturnType<typeof presentMessage>;

async function wake(tx: Executor, userIds: number[]) {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${[...new Set(userIds)].join(",")})`);
}

async function addEvents(
  tx: Executor,
  kind: "message" | "delete" | "read",
  rows: { user_id: number; message_id: number }[],
) {
  if (!rows.length) return;
  // A page catches up by reading the events after the last id it saw, so one person's events must
  // become visible in the order of their ids: two transactions writing events for the same person
  // (a message each way at once) take turns from here until they commit. Without this, the later id
  // could commit first, the page would move past the earlier one, and that message would never
  // reach it. Locked in one order (by id), so two transactions never wait on each other.
  for (const id of [...new Set(rows.map((r) => r.user_id))].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK}, ${id})`);
  await tx.insert(chatEvents).values(rows.map((r) => ({ ...r, kind })));
  await wake(
    tx,
    rows.map((r) => r.user_id),
  );
}

/** Who blocked whom between two people: the sender learns which side to undo. */
export async function blockState(db: Executor, me: number, other: number) {
  const rows = await db
    .select({ user_id: userBlocks.user_id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.user_id, me), eq(userBlocks.to_user_id, other)),
        and(eq(userBlocks.user_id, other), eq(userBlocks.to_user_id, me)),
      ),
    );
  return {
    blocked_by_me: rows.some((r) => r.user_id === me),
    blocked_me: rows.some((r) => r.user_id === other),
  };
}

async function conversationParts(db: Executor, me: number, other: number, propertyId: number) {
  const [[person], [listing]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, profile: users.profile, is_active: users.is_active })
      .from(users)
      .where(eq(users.id, other)),
    db
      .select({
        id: properties.id,
        title: properties.title,
        slug_id: properties.slug_id,
        added_by: properties.added_by,
      })
      .from(properties)
      .where(eq(properties.id, propertyId)),
  ]);
  if (!person)
    throw new ApiError(404, "This person was not found", { user_id: ["This person was not found"] });
  if (!listing) throw new ApiError(404, "Property not found", { property_id: ["Property not found"] });
  // A conversation is someone asking the owner about the owner's listing (or the owner answering).
  if (listing.added_by !== me && listing.added_by !== other) throw new ApiError(403, CHAT_MESSAGES.notAbout);
  return { person, listing };
}

export async function sendMessage(
  deps: { db: Database; storage: FileStorage },
  me: { id: number; name: string },
  input: SendMessageInput,
) {
  const { db, storage } = deps;
  if (input.receiver_id === me.id)
    throw new ApiError(400, CHAT_MESSAGES.self, { receiver_id: [CHAT_MESSAGES.self] });
  const { person, listing } = await conversationParts(db, me.id, input.receiver_id, input.property_id);
  if (!person.is_active) throw new ApiError(403, CHAT_MESSAGES.inactive);
  const blocks = await blockState(db, me.id, person.id);
  if (blocks.blocked_by_me) throw new ApiError(403, CHAT_MESSAGES.blockedByMe);
  if (blocks.blocked_me) throw new ApiError(403, CHAT_MESSAGES.blockedMe);
  await hit(db, { key: `chat:${me.id}`, ...SEND_LIMIT });

  // Files go first (they can be refused); if the message cannot be written they are removed again.
  const stored: StoredAttachment[] = [];
  try {
    const file = input.file ? await storeFile(storage, input.file) : null;
    if (file) stored.push(file);
    const audio = input.audio ? await storeAudio(storage, input.audio) : null;
    if (audio) stored.push(audio);
    return await db.transaction(async (tx) => {
      // A text sent twice (decision 046): without JavaScript a second press posts the form again, and
      // a weak signal resends it. The sender's messages are written one at a time, and the same text
      // to the same conversation within a few seconds is that one message, answered as it was saved.
      await tx.execute(sql`select pg_advisory_xact_lock(${SENDING_LOCK}, ${me.id})`);
      if (input.message && !file && !audio) {
        const [same] = await tx
          .select()
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.sender_id, me.id),
              eq(chatMessages.receiver_id, person.id),
              eq(chatMessages.property_id, listing.id),
              eq(chatMessages.message, input.message),
              isNull(chatMessages.file_key),
              isNull(chatMessages.audio_key),
              isNull(chatMessages.deleted_at),
              gt(chatMessages.created_at, sql`now() - make_interval(secs => ${RESEND_SECONDS})`),
            ),
          )
          .orderBy(desc(chatMessages.id))
          .limit(1);
        if (same) return presentMessage(same);
      }
      const [row] = await tx
        .insert(chatMessages)
        .values({
          sender_id: me.id,
          receiver_id: person.id,
          property_id: listing.id,
          message: input.message || null,
          file_key: file?.key,
          file_name: file?.name,
          file_type: file?.type,
          file_size: file?.size,
          audio_key: audio?.key,
          audio_type: audio?.type,
        })
        .returning();
      await addEvents(tx, "message", [
        { user_id: person.id, message_id: row!.id },
        { user_id: me.id, message_id: row!.id },
      ]);
      await notifyOnce(
        tx,
        person.id,
        me,
        listing,
        input.message ? input.message.slice(0, 140) : audio ? "🎤" : `📎 ${file?.name ?? ""}`,
      );
      return presentMessage(row!);
    });
  } catch (error) {
    await Promise.all(stored.map((f) => storage.delete(f.key).catch(() => {})));
    throw error;
  }
}

/** One notification per unread conversation: a burst of messages is one line in the list, not ten. */
async function notifyOnce(
  tx: Executor,
  to: number,
  from: { id: number; name: string },
  listing: { id: number; title: string },
  preview: string,
) {
  const link = chatLink(from.id, listing.id);
  const [open] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.user_id, to),
        eq(notifications.type, "message"),
        eq(notifications.link, link),
        isNull(notifications.read_at),
      ),
    )
    .limit(1);
  if (!open) await notify(tx, to, "message", { name: from.name, listing: listing.title, preview }, link);
}

export const chatLink = (userId: number, propertyId: number) =>
  `/user/chat?user_id=${userId}&property_id=${propertyId}`;

/**
 * One page of a conversation, newest first, with who and what it is about. Opening it marks the other
 * person's messages read (their pages learn it too).
 */
export async function conversation(
  db: Database,
  me: number,
  input: { user_id: number; property_id: number; page: number; per_page: number },
) {
  if (input.user_id === me) throw new ApiError(400, CHAT_MESSAGES.self, { user_id: [CHAT_MESSAGES.self] });
  const { person, listing } = await conversationParts(db, me, input.user_id, input.property_id);
  const between = and(
    eq(chatMessages.property_id, listing.id),
    or(
      and(eq(chatMessages.sender_id, me), eq(chatMessages.receiver_id, person.id)),
      and(eq(chatMessages.sender_id, person.id), eq(chatMessages.receiver_id, me)),
    ),
  );
  await db.transaction(async (tx) => {
    const read = await tx
      .update(chatMessages)
      .set({ read_at: new Date() })
      .where(
        and(
          eq(chatMessages.property_id, listing.id),
          eq(chatMessages.sender_id, person.id),
          eq(chatMessages.receiver_id, me),
          isNull(chatMessages.read_at),
        ),
      )
      .returning({ id: chatMessages.id });
    if (read.length) {
      // The sender's pages show "seen"; my other pages drop the unread count.
      await addEvents(tx, "read", [
        ...read.map((r) => ({ user_id: person.id, message_id: r.id })),
        { user_id: me, message_id: read.at(-1)!.id },
      ]);
      await tx
        .update(notifications)
        .set({ read_at: new Date() })
        .where(
          and(
            eq(notifications.user_id, me),
            eq(notifications.type, "message"),
            eq(notifications.link, chatLink(person.id, listing.id)),
            isNull(notifications.read_at),
          ),
        );
    }
  });
  const [rows, [count], blocks, last] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(between)
      .orderBy(desc(chatMessages.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(between),
    blockState(db, me, person.id),
    lastEventId(db, me),
  ]);
  return {
    messages: rows.map(presentMessage),
    total: count?.total ?? 0,
    other: { id: person.id, name: person.name, profile: person.profile, is_active: person.is_active },
    property: {
      id: listing.id,
      title: listing.title,
      slug_id: listing.slug_id,
      is_mine: listing.added_by === me,
    },
    ...blocks,
    /** Live updates for this page start after this event. */
    last_event_id: last,
  };
}

/** My conversations, the latest first, each with its last message and how many I have not read. */
export async function conversations(db: Executor, me: number, page: { offset: number; limit: number }) {
  const { rows } = await db.execute<{
    id: number;
    other_id: number;
    property_id: number;
    unread: number;
    total: number;
  }>(sql`
    with mine as (
      select m.id, m.property_id, case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as other_id
      from ${chatMessages} m where m.sender_id = ${me} or m.receiver_id = ${me}
    ), latest as (
      select distinct on (other_id, property_id) id, other_id, property_id from mine order by other_id, property_id, id desc
    )
    select latest.id, latest.other_id, latest.property_id, count(*) over ()::int as total,
      (select count(*)::int from ${chatMessages} u
        where u.receiver_id = ${me} and u.sender_id = latest.other_id and u.property_id = latest.property_id
          and u.read_at is null and u.deleted_at is null) as unread
    from latest order by latest.id desc limit ${page.limit} offset ${page.offset}`);
  const ids = rows.map((r) => Number(r.id));
  const [messages, people, listings, unread] = await Promise.all([
    ids.length ? db.select().from(chatMessages).where(inArray(chatMessages.id, ids)) : [],
    rows.length
      ? db
          .select({ id: users.id, name: users.name, profile: users.profile })
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((r) => Number(r.other_id)),
            ),
          )
      : [],
    rows.length
      ? db
          .select({ id: properties.id, title: properties.title, slug_id: properties.slug_id })
          .from(properties)
          .where(
            inArray(
              properties.id,
              rows.map((r) => Number(r.property_id)),
            ),
          )
      : [],
    unreadCount(db, me),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const m = byId(messages);
  const p = byId(people);
  const l = byId(listings);
  return {
    chats: rows.map((r) => ({
      user_id: Number(r.other_id),
      name: p.get(Number(r.other_id))?.name ?? "",
      profile: p.get(Number(r.other_id))?.profile ?? null,
      property_id: Number(r.property_id),
      title: l.get(Number(r.property_id))?.title ?? "",
      slug_id: l.get(Number(r.property_id))?.slug_id ?? "",
      last_message: presentMessage(m.get(Number(r.id))!),
      unread: Number(r.unread),
    })),
    total: Number(rows[0]?.total ?? 0),
    unread,
  };
}

export async function unreadCount(db: Executor, me: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.receiver_id, me), isNull(chatMessages.read_at), isNull(chatMessages.deleted_at)),
    );
  return row?.n ?? 0;
}

/** What a deleted message keeps: that it was there and when, never what it said or carried. */
const DELETED_CONTENT = {
  message: null,
  file_key: null,
  file_name: null,
  file_type: null,
  file_size: null,
  audio_key: null,
  audio_type: null,
} as const;

/**
 * Someone leaving (decision 022): every message they sent reads "Message deleted" on the other side,
 * exactly as if they had deleted each one, and the other people's open pages hear of it. Runs in the
 * caller's transaction; answers the attachment keys to remove from storage once it commits.
 */
export async function deleteAllSentBy(tx: Executor, senderId: number): Promise<string[]> {
  const rows = await tx
    .select({
      id: chatMessages.id,
      receiver_id: chatMessages.receiver_id,
      file_key: chatMessages.file_key,
      audio_key: chatMessages.audio_key,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.sender_id, senderId), isNull(chatMessages.deleted_at)))
    .for("update");
  if (!rows.length) return [];
  await tx
    .update(chatMessages)
    .set({ deleted_at: new Date(), ...DELETED_CONTENT })
    .where(and(eq(chatMessages.sender_id, senderId), isNull(chatMessages.deleted_at)));
  // Only the receivers' pages: the sender has no pages any more.
  await addEvents(
    tx,
    "delete",
    rows.map((r) => ({ user_id: r.receiver_id, message_id: r.id })),
  );
  return rows.flatMap((r) => [r.file_key, r.audio_key]).filter((k): k is string => Boolean(k));
}

/** Only the sender deletes a message; both sides see that it was deleted. */
export async function deleteMessage(db: Database, storage: FileStorage, me: number, messageId: number) {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for("update");
    // Someone else's conversation does not exist as far as this person can tell.
    if (!row || (row.sender_id !== me && row.receiver_id !== me))
      throw new ApiError(404, CHAT_MESSAGES.notFound);
    if (row.sender_id !== me) throw new ApiError(403, CHAT_MESSAGES.notYours);
    if (row.deleted_at) return { row, keys: [] as string[] };
    const [updated] = await tx
      .update(chatMessages)
      .set({ deleted_at: new Date(), ...DELETED_CONTENT })
      .where(eq(chatMessages.id, messageId))
      .returning();
    await addEvents(tx, "delete", [
      { user_id: row.receiver_id, message_id: row.id },
      { user_id: row.sender_id, message_id: row.id },
    ]);
    return { row: updated!, keys: [row.file_key, row.audio_key].filter((k): k is string => Boolean(k)) };
  });
  // Files go once the deletion is committed: a failed deletion keeps them.
  await Promise.all(removed.keys.map((k) => storage.delete(k).catch(() => {})));
  return presentMessage(removed.row);
}

/** A message's file for one of its two people; anyone else learns nothing. */
export async function attachmentFor(db: Executor, me: number, messageId: number, kind: "file" | "audio") {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!row || (row.sender_id !== me && row.receiver_id !== me)) return null;
  const key = kind === "file" ? row.file_key : row.audio_key;
  if (!key) return null;
  return {
    key,
    type: (kind === "file" ? row.file_type : row.audio_type) ?? "application/octet-stream",
    name: kind === "file" ? (row.file_name ?? "file") : "voice",
  };
}

/** What a person's pages missed since an event id, oldest first. */
export async function eventsAfter(db: Executor, me: number, after: number, limit = 200) {
  const rows = await db
    .select({ event: chatEvents, message: chatMessages })
    .from(chatEvents)
    .innerJoin(chatMessages, eq(chatMessages.id, chatEvents.message_id))
    .where(and(eq(chatEvents.user_id, me), gt(chatEvents.id, after)))
    .orderBy(chatEvents.id)
    .limit(limit);
  return rows.map(({ event, message }) => ({
    id: event.id,
    kind: event.kind as "message" | "delete" | "read",
    other_id: message.sender_id === me ? message.receiver_id : message.sender_id,
    message: presentMessage(message),
  }));
}

export async function lastEventId(db: Executor, me: number) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${chatEvents.id}), 0)::int` })
    .from(chatEvents)
    .where(eq(chatEvents.user_id, me));
  return row?.id ?? 0;
}

/** Events older than this only matter to a page left open for weeks, which reloads anyway. */
export const CHAT_EVENTS_KEPT_DAYS = 30;

export async function pruneChatEvents(db: Executor, days = CHAT_EVENTS_KEPT_DAYS) {
  const rows = await db
    .delete(chatEvents)
    .where(sql`${chatEvents.created_at} < now() - make_interval(days => ${days})`)
    .returning({ id: chatEvents.id });
  return rows.length;
}
