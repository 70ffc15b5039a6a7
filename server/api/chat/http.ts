// The two chat endpoints that are not JSON calls: the live stream (Server-Sent Events) and a
// message's file. Both take the same bearer token as every call.
import type { Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { ApiDeps } from "../context";
import { findByFirebaseId } from "../users/service";
import { bearer, privateFileResponse } from "../raw";
import { ChatHub, trackLiveStream } from "./live";
import { attachmentFor, eventsAfter, lastEventId, unreadCount } from "./service";

/** A stream is closed after this long; the browser reconnects at once with Last-Event-ID. */
const STREAM_LIFETIME_MS = Number(process.env.CHAT_STREAM_LIFETIME_MS) || 10 * 60_000;
/** A comment this often keeps proxies and phones from dropping a quiet connection. */
const HEARTBEAT_MS = 25_000;
/** Without LISTEN (never in the product; a bare test API), streams look for news this often. */
const POLL_MS = 2_000;

async function caller(c: Context, deps: ApiDeps) {
  const token = bearer(c);
  const principal = token ? await deps.auth.verify(token, true) : null;
  const user = principal ? await findByFirebaseId(deps.db, principal.uid) : null;
  return user?.is_active ? user : null;
}

const unauthorized = (c: Context) => c.json({ error: true, message: "Unauthorized", data: null }, 401);

export function mountChat(app: Hono, deps: ApiDeps) {
  const hub = deps.listen ? new ChatHub(deps.listen) : null;

  app.get("/chat-events", async (c) => {
    const user = await caller(c, deps);
    if (!user) return unauthorized(c);
    // Where to resume: the browser's Last-Event-ID after a drop, else what the page was drawn with,
    // else from now on.
    const given = Number(c.req.header("last-event-id") ?? c.req.query("last_event_id"));
    let last = Number.isSafeInteger(given) && given >= 0 ? given : await lastEventId(deps.db, user.id);
    const res = streamSSE(c, async (stream) => {
      let news = true;
      let closed = false;
      let nudge: () => void = () => {};
      const poke = () => {
        news = true;
        nudge();
      };
      const stop = hub ? await hub.subscribe(user.id, poke) : () => {};
      stream.onAbort(() => {
        closed = true;
        nudge();
      });
      // The process is stopping: the stream ends now and its browser comes back at once, elsewhere.
      let leaving = false;
      const untrack = trackLiveStream(() => {
        leaving = true;
        news = true;
        nudge();
      });
      const ends = Date.now() + STREAM_LIFETIME_MS;
      try {
        // Some proxies on mobile networks hold the first couple of kilobytes back: a comment of that
        // size up front lets the first real event through at once.
        await stream.write(`:${" ".repeat(2048)}\n\n`);
        await stream.writeSSE({
          event: "ready",
          data: JSON.stringify({ unread: await unreadCount(deps.db, user.id) }),
          retry: 3000,
        });
        while (!closed && !leaving && Date.now() < ends) {
          if (news) {
            news = false;
            const events = await eventsAfter(deps.db, user.id, last);
            for (const e of events) {
              await stream.writeSSE({ id: String(e.id), event: e.kind, data: JSON.stringify(e) });
              last = e.id;
            }
            if (events.length)
              await stream.writeSSE({
                event: "unread",
                data: JSON.stringify({ unread: await unreadCount(deps.db, user.id) }),
              });
            if (events.length === 200) {
              news = true; // more waiting
              continue;
            }
          }
          const waited = await new Promise<boolean>((resolve) => {
            // News that came while the events above were read (its nudge found no one waiting) is
            // read now, not after the next heartbeat.
            if (news || closed) return resolve(true);
            const timer = setTimeout(
              () => resolve(false),
              hub ? Math.min(HEARTBEAT_MS, ends - Date.now()) : POLL_MS,
            );
            nudge = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          if (!hub) news = true;
          if (!waited && !closed && !news) await stream.write(": keep-alive\n\n");
        }
        // A pause of its own for each browser (a retry field alone dispatches no event), so that
        // the streams of a stopping process do not all come back in the same instant.
        if (leaving && !closed) await stream.write(`retry: ${250 + Math.floor(Math.random() * 750)}\n\n`);
      } finally {
        untrack();
        stop();
      }
    });
    // After streamSSE, which sets its own "no-cache": a person's conversations are kept by no cache
    // (private, no-store), and no-transform keeps compressing proxies (and our own compression) from
    // holding events back; X-Accel-Buffering tells nginx the same.
    res.headers.set("cache-control", "private, no-store, no-transform");
    res.headers.set("x-accel-buffering", "no");
    return res;
  });

  app.get("/chat-file/:id/:kind", async (c) => {
    const user = await caller(c, deps);
    if (!user) return unauthorized(c);
    const id = Number(c.req.param("id"));
    const kind = c.req.param("kind");
    const notFound = () => c.json({ error: true, message: "File not found", data: null }, 404);
    if (!Number.isSafeInteger(id) || id <= 0 || (kind !== "file" && kind !== "audio")) return notFound();
    const found = await attachmentFor(deps.db, user.id, id, kind);
    const bytes = found ? await deps.storage.get(found.key) : null;
    if (!found || !bytes) return notFound();
    return privateFileResponse(bytes, found, "private, max-age=86400");
  });
}
