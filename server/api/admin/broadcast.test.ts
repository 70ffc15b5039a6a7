// An admin's notification: to everyone with an active account, or to one person; in each list in
// both languages, audited, and pushed once to browsers that asked for it, after one announcement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { adminAuditLog, notifications, users } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import type { PushSender } from "../push/fcm.server";
import { startPushDispatcher } from "../push/dispatcher";
import { QUEUE_CHANNEL } from "../../queue/queue";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let reader: Awaited<ReturnType<typeof signedUp>>;
let other: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApi({ propertyCount: 4 });
  admin = await signedUpAdmin(t, "Broadcast Admin");
  [reader, other] = [await signedUp(t, "Notice Reader"), await signedUp(t, "Other Reader")];
});
afterAll(() => t?.close());

const send = (body: Record<string, unknown>) =>
  t.call("admin/send-notification", { token: admin.token, body });
const listOf = async (token: string, lang?: string) =>
  (await t.call("get_notification_list", { token, lang })).body.data.notifications as {
    type: string;
    title: string;
    body: string;
    link: string | null;
  }[];
const lastAudit = async () =>
  (await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0]!;
const adminRows = async (title: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.type, "admin"), eq(notifications.title, title)))
  )[0]!.n;

describe("admin/send-notification", () => {
  it("reaches every active account, in its language, in one step, audited", async () => {
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, other.id));
    const [{ active }] = (await t.db
      .select({ active: count() })
      .from(users)
      .where(eq(users.is_active, true))) as [{ active: number }];
    const r = await send({
      to: "all",
      title: "Eid opening hours",
      body: "Our office closes early on Thursday.",
      title_ar: "مواعيد العمل في العيد",
      body_ar: "يغلق مكتبنا مبكرًا يوم الخميس.",
      link: "/contact",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.recipients).toBe(active);
    expect(await adminRows("Eid opening hours")).toBe(active);

    expect((await listOf(reader.token))[0]).toMatchObject({
      type: "admin",
      title: "Eid opening hours",
      body: "Our office closes early on Thursday.",
      link: "/contact",
    });
    expect((await listOf(reader.token, "ar"))[0]).toMatchObject({
      title: "مواعيد العمل في العيد",
      body: "يغلق مكتبنا مبكرًا يوم الخميس.",
    });
    // A deactivated account is left out.
    expect((await listOf(other.token)).map((n) => n.title)).not.toContain("Eid opening hours");
    expect(await lastAudit()).toMatchObject({
      action: "notification.broadcast",
      target_type: "notification",
      target_id: "all",
      after: {
        to: "all",
        title: "Eid opening hours",
        title_ar: "مواعيد العمل في العيد",
        link: "/contact",
        recipients: active,
      },
    });
    await t.db.update(users).set({ is_active: true }).where(eq(users.id, other.id));
  });

  it("reaches one person only; without Arabic, Arabic readers see the English", async () => {
    const r = await send({
      to: "user",
      user_id: reader.id,
      title: "Your listing tips",
      body: "Add five photos or more.",
    });
    expect([r.status, r.body.data.recipients]).toEqual([200, 1]);
    expect(await adminRows("Your listing tips")).toBe(1);
    expect((await listOf(reader.token, "ar"))[0]).toMatchObject({
      title: "Your listing tips",
      body: "Add five photos or more.",
    });
    expect((await listOf(other.token)).map((n) => n.title)).not.toContain("Your listing tips");
    expect(await lastAudit()).toMatchObject({
      action: "notification.send",
      target_id: String(reader.id),
      after: { to: "user", user_id: reader.id, recipients: 1 },
    });
  });

  it("refuses on the field: no person, an unknown one, no title, a link off the site", async () => {
    const logged = (await lastAudit()).id;
    for (const [body, field] of [
      [{ to: "user", title: "T", body: "B" }, "user_id"],
      [{ to: "user", user_id: 999999, title: "T", body: "B" }, "user_id"],
      [{ to: "all", title: " ", body: "B" }, "title"],
      [{ to: "all", title: "T", body: "" }, "body"],
      [{ to: "all", title: "T", body: "B", link: "https://elsewhere.example/" }, "link"],
      [{ to: "all", title: "T", body: "B", link: "//elsewhere.example/" }, "link"],
      [{ to: "everyone", title: "T", body: "B" }, "to"],
    ] as const) {
      const r = await send(body);
      expect([field, r.status, Object.keys(r.body.errors ?? {})]).toEqual([field, 400, [field]]);
    }
    expect((await lastAudit()).id).toBe(logged);
  });

  it("is announced once for web push, and each browser that asked gets it once", async () => {
    const token = `browser-${Math.random().toString(36).slice(2)}:APA91b${"x".repeat(120)}`;
    await t.db.update(users).set({ fcm_id: token, notification: true }).where(eq(users.id, reader.id));
    const sent: string[] = [];
    const messaging: PushSender = {
      send: async (m) => (sent.push(JSON.stringify(m)), "projects/demo/messages/1"),
    };
    const heard: string[] = [];
    const stopListening = await t.handle.listen(QUEUE_CHANNEL, (p) => heard.push(p));
    const dispatcher = await startPushDispatcher({
      db: t.db,
      listen: t.handle.listen,
      messaging,
      log: { warn: () => {} },
    });
    await dispatcher.settled();
    sent.length = 0;

    const r = await send({
      to: "all",
      title: "Site maintenance tonight",
      body: "The site is down from 2 to 3 am.",
    });
    expect(r.body.data.to_push).toBe(1);
    for (let i = 0; i < 100 && !sent.length; i++) await new Promise((res) => setTimeout(res, 20));
    await dispatcher.settled();
    expect(heard).toEqual(["push"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(token);
    expect(sent[0]).toContain("Site maintenance tonight");
    // Every row of it is dealt with: pushed, or marked as having nobody to push to.
    const [{ waiting }] = (await t.db
      .select({ waiting: count() })
      .from(notifications)
      .where(
        and(eq(notifications.title, "Site maintenance tonight"), sql`${notifications.pushed_at} is null`),
      )) as [{ waiting: number }];
    expect(waiting).toBe(0);
    await dispatcher.stop();
    await stopListening();
  });
});
