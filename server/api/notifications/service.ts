// Writing and reading notifications. `notify` takes the caller's transaction, so a notification
// exists exactly when its event does (an interest registered, a payment settled).
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { notifications } from "../../db/schema";
import { localize } from "../i18n";
import { enqueueJob } from "../../queue/queue";
import { NOTIFICATIONS, fill, type NotificationType } from "./catalogue";

export async function notify(
  tx: Executor,
  userId: number,
  type: NotificationType,
  values: Record<string, string>,
  link: string | null = null,
) {
  const text = NOTIFICATIONS[type];
  const [row] = await tx
    .insert(notifications)
    .values({
      user_id: userId,
      type,
      title: fill(text.en.title, values),
      body: fill(text.en.body, values),
      translations: { ar: { title: fill(text.ar.title, values), body: fill(text.ar.body, values) } },
      link,
    })
    .returning({ id: notifications.id });
  // Web push (server/api/push/send.ts) hears of it when (and only if) the event's transaction commits.
  if (row) await enqueueJob(tx, { kind: "push" });
}

export async function notificationsOf(
  db: Executor,
  userId: number,
  page: { offset: number; limit: number },
  lang: string,
) {
  const mine = eq(notifications.user_id, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.read_at} is null))::int`,
      })
      .from(notifications)
      .where(mine),
  ]);
  return {
    rows: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: localize(n.translations, lang, "title", n.title),
      body: localize(n.translations, lang, "body", n.body),
      link: n.link,
      is_read: n.read_at !== null,
      created_at: n.created_at.toISOString(),
    })),
    total: count?.total ?? 0,
    unread: count?.unread ?? 0,
  };
}

/** Marks the caller's own notifications read: these ids, or all of them. */
export async function markRead(db: Executor, userId: number, ids: number[] | null) {
  const rows = await db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function unreadNotifications(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}
