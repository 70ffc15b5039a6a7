// Web push for in-app notifications. `notify` announces every new notification on PUSH_CHANNEL
// when its transaction commits; every server process listens, and the one whose claim on the row
// succeeds (pushed_at set from null) sends it through FCM. So with several processes a notification
// is pushed once, and one written while no process listened is caught up at start or on reconnect.
import { sql } from "drizzle-orm";
import type { Message } from "firebase-admin/messaging";
import type { Database, DatabaseHandle } from "../../db/client.server";
import type { Translations } from "../../db/schema";
import { PUSH_CHANNEL, PUSH_SCAN } from "../notifications/service";
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

export interface PushDispatcherOptions {
  db: Database;
  listen: DatabaseHandle["listen"];
  messaging: PushSender;
  /** This site's public https origin: a pushed notification then opens its page when clicked. */
  origin?: string | null;
  log?: Pick<Console, "warn">;
}

export interface PushDispatcher {
  /** Resolves once every notification heard of so far has been dealt with (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

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

export async function startPushDispatcher(options: PushDispatcherOptions): Promise<PushDispatcher> {
  const { db, messaging } = options;
  const log = options.log ?? console;
  const origin =
    options.origin && options.origin.startsWith("https://") ? options.origin.replace(/\/+$/, "") : null;
  let stopped = false;
  // One notification at a time per process: pushes are few, and a burst must not open a connection each.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => log.warn(`Web push: ${describe(error)}`));
  };

  const deliver = async (id: number) => {
    if (stopped) return;
    // The claim: only the process whose update finds pushed_at still empty goes on.
    const { rows } = await db.execute<Claimed>(sql`
      with claimed as (
        update notifications set pushed_at = now() where id = ${id} and pushed_at is null
        returning id, user_id, type, title, body, translations, link
      )
      select claimed.*, users.fcm_id, users.notification as wants from claimed join users on users.id = claimed.user_id`);
    const row = rows[0];
    // Notifications turned off on the profile, or no browser to push to: claimed all the same, done.
    if (!row || !row.wants || !row.fcm_id) return;
    try {
      const { default_language } = await readSettings(db);
      await messaging.send(message(row, row.fcm_id, origin, String(default_language)));
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
    }
  };

  /** Everything recent that nobody claimed (written while no process was listening). */
  const catchUp = () =>
    enqueue(async () => {
      const { rows } = await db.execute<{ id: number }>(
        sql`select id from notifications where pushed_at is null and created_at > now() - ${CATCH_UP_WINDOW}::interval order by id`,
      );
      for (const { id } of rows) await deliver(id);
    });

  const unlisten = await options.listen(
    PUSH_CHANNEL,
    (payload) => {
      // A broadcast: one announcement for all its rows; the per-row claim still pushes each once.
      if (payload === PUSH_SCAN) return catchUp();
      const id = Number(payload);
      if (Number.isSafeInteger(id) && id > 0) enqueue(() => deliver(id));
    },
    catchUp,
  );
  catchUp();

  return {
    async settled() {
      for (let seen: Promise<void> | null = null; seen !== queue;) {
        seen = queue;
        await seen;
      }
    },
    async stop() {
      stopped = true;
      await unlisten();
      await queue;
    },
  };
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
