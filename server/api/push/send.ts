// Web push for in-app notifications. `notify` queues a "push" row of the background queue with
// every new notification (server/queue/queue.ts), in the notification's own transaction; the worker
// that takes it goes through every notification not pushed yet, and the process whose claim on a
// notification succeeds (pushed_at set from null) sends it through FCM. So with several processes a
// notification is pushed once, and one written while no process ran is caught up when one starts.
import { sql } from "drizzle-orm";
import type { Message } from "firebase-admin/messaging";
import type { Database } from "../../db/client.server";
import type { Translations } from "../../db/schema";
import type { PushSender } from "./fcm.server";
import { readSettings } from "../settings/calls";

const PREFIXED_LANGUAGES = new Set(["ar"]);

/** Notifications older than this are not pushed any more when a process catches up: old news. */
const CATCH_UP_WINDOW = "1 hour";

/** FCM's answers that mean the token is dead (the browser unsubscribed, or it never was one). */
const DEAD_TOKEN = new Set([
  "messaging/registration-token-not-registered",
  "messaging/invalid-registration-token",
  "messaging/invalid-argument",
]);

type Claimed = {
  id: number;
  user_id: number;
  type: string;
  title: string;
  body: string;
  translations: Translations;
  link: string | null;
  fcm_id: string | null;
  wants: boolean;
};

/**
 * The queue's "push" rows: every recent notification nobody claimed, each claimed (pushed_at set
 * from null) and sent through FCM by the process whose claim succeeds. Without a sender push is off
 * and the round ends at once, leaving the notifications as they are.
 */
export async function pushPending(
  deps: { db: Database; messaging?: PushSender | null; origin?: string | null },
  log: Pick<Console, "warn">,
): Promise<Record<string, unknown>> {
  const { db, messaging } = deps;
  if (!messaging) return { off: true };
  const origin = deps.origin && deps.origin.startsWith("https://") ? deps.origin.replace(/\/+$/, "") : null;
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from notifications where pushed_at is null and created_at > now() - ${CATCH_UP_WINDOW}::interval order by id`,
  );
  let pushed = 0;
  for (const { id } of rows) if (await deliver(db, messaging, origin, Number(id), log)) pushed++;
  return { pushed };
}

/** Claims one notification and sends it; true when it went to a browser. */
async function deliver(
  db: Database,
  messaging: PushSender,
  origin: string | null,
  id: number,
  log: Pick<Console, "warn">,
): Promise<boolean> {
  // The claim: only the process whose update finds pushed_at still empty goes on.
  const { rows } = await db.execute<Claimed>(sql`
    with claimed as (
      update notifications set pushed_at = now() where id = ${id} and pushed_at is null
      returning id, user_id, type, title, body, translations, link
    )
    select claimed.*, users.fcm_id, users.notification as wants from claimed join users on users.id = claimed.user_id`);
  const row = rows[0];
  // Notifications turned off on the profile, or no browser to push to: claimed all the same, done.
  if (!row || !row.wants || !row.fcm_id) return false;
  try {
    const { default_language } = await readSettings(db);
    await messaging.send(message(row, row.fcm_id, origin, String(default_language)));
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (DEAD_TOKEN.has(code)) {
      // Only if it is still the same token: the person may have signed in again meanwhile.
      await db.execute(
        sql`update users set fcm_id = null where id = ${row.user_id} and fcm_id = ${row.fcm_id}`,
      );
      log.warn(
        `Web push: notification ${row.id} not delivered (${code}); the browser's token was removed from user ${row.user_id}`,
      );
    } else {
      log.warn(`Web push: notification ${row.id} not delivered: ${describe(error)}`);
    }
    return false;
  }
}

/**
 * FCM's message: the title and body in the site's default language (the `default_language`
 * setting: profiles keep no language of their own), every language in `data` for the open site to
 * show in its own; the click opens the notification's page in that language.
 */
export function message(
  row: Pick<Claimed, "id" | "type" | "title" | "body" | "translations" | "link">,
  token: string,
  origin: string | null,
  lang = "en",
): Message {
  const data: Record<string, string> = {
    notification_id: String(row.id),
    type: row.type,
    link: row.link ?? "",
  };
  for (const [code, text] of Object.entries(row.translations ?? {})) {
    if (typeof text?.title === "string") data[`title_${code}`] = text.title;
    if (typeof text?.body === "string") data[`body_${code}`] = text.body;
  }
  const text = row.translations?.[lang];
  // The site's addresses: English unprefixed, other languages under their code ("/ar/…").
  const link =
    row.link && lang !== "en" && PREFIXED_LANGUAGES.has(lang)
      ? `/${lang}${row.link === "/" ? "" : row.link}`
      : row.link;
  return {
    token,
    notification: { title: text?.title || row.title, body: text?.body || row.body },
    data,
    // FCM accepts only https links; without one the click brings the site's open tab forward.
    ...(origin && link ? { webpush: { fcmOptions: { link: `${origin}${link}` } } } : {}),
  };
}

function describe(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { code?: unknown; message?: unknown };
    return [e.code, e.message].filter((v) => typeof v === "string" && v).join(": ") || String(error);
  }
  return String(error);
}
