// Alerts' in-app notifications, many in one statement (a listing can match the searches of
// hundreds of people; a digest run writes one per search). The same rows `notify` writes (English,
// and Arabic in translations), in the caller's transaction; rows nobody can be pushed to are marked
// dealt with at once and one "push" row of the background queue sends the others after the commit,
// as the admin's broadcast does (server/api/admin/broadcast.ts).
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { NOTIFICATIONS, fill, type NotificationType } from "../notifications/catalogue";
import { enqueueJob } from "../../queue/queue";

export interface Note {
  user_id: number;
  values: Record<string, string>;
  link: string | null;
}

/** Writes the notifications (to active accounts only); returns how many were written. */
export async function notifyMany(tx: Executor, type: NotificationType, notes: Note[]): Promise<number> {
  if (!notes.length) return 0;
  const text = NOTIFICATIONS[type];
  const rows = notes.map((n) => ({
    user_id: n.user_id,
    title: fill(text.en.title, n.values),
    body: fill(text.en.body, n.values),
    translations: { ar: { title: fill(text.ar.title, n.values), body: fill(text.ar.body, n.values) } },
    link: n.link,
  }));
  const { rows: result } = await tx.execute<{ n: number; to_push: number }>(sql`
    with sent as (
      insert into notifications (user_id, type, title, body, translations, link, pushed_at)
      select r.user_id, ${type}, r.title, r.body, r.translations, r.link,
             case when u.notification and u.fcm_id is not null then null else now() end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id int, title text, body text, translations jsonb, link text)
      join users u on u.id = r.user_id and u.is_active
      returning pushed_at
    )
    select count(*)::int as n, (count(*) filter (where pushed_at is null))::int as to_push from sent`);
  if (Number(result[0]?.to_push ?? 0) > 0) await enqueueJob(tx, { kind: "push" });
  return Number(result[0]?.n ?? 0);
}
