// Web push: a browser's token kept on its person's profile and taken off at sign-out (never someone
// else's), and every notification pushed once through FCM (its HTTP API stood in for by msw), however
// many server processes listen, respecting the profile's notification switch.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupServer } from "msw/node";
import { eq, sql } from "drizzle-orm";
import { createTestApi, emulatorAccount, testDatabases } from "../../../tests/support/testing";
import { notifications, users } from "../../db/schema";
import { fcmMock } from "../../../tests/mocks/fcm";
import { notify } from "../notifications/service";
import { messagingFor } from "./fcm.server";
import { startPushDispatcher, type PushDispatcher } from "./dispatcher";
import { message } from "./send";

const fcm = fcmMock();
const msw = setupServer(...fcm.handlers);
const ORIGIN = "https://souq.example";

beforeAll(() => msw.listen({ onUnhandledRequest: "bypass" })); // the auth emulator and PostgreSQL are real and local
afterAll(() => msw.close());

describe.each(testDatabases())("web push ($name)", (database) => {
  let t: Awaited<ReturnType<typeof createTestApi>>;
  let running: PushDispatcher[] = [];
  const warnings = vi.fn();

  beforeAll(async () => {
    t = await createTestApi({ database, propertyCount: 4 });
  });
  afterEach(async () => {
    await Promise.all(running.map((d) => d.stop()));
    running = [];
    fcm.state.sent.length = 0;
    warnings.mockReset();
  });
  afterAll(() => t?.close());

  const dispatcher = async () => {
    const d = await startPushDispatcher({
      db: t.db,
      listen: t.handle.listen,
      messaging: messagingFor(fcm.serviceAccount),
      origin: ORIGIN,
      log: { warn: warnings },
    });
    running.push(d);
    return d;
  };

  async function person(name: string, token?: string) {
    const a = await emulatorAccount(t.auth, name);
    const r = await t.call("user_signup", {
      token: a.idToken,
      body: { name, email: a.email, auth_id: a.uid },
    });
    expect(r.status).toBe(200);
    if (token)
      expect((await t.call("update-fcm-id", { token: a.idToken, body: { fcm_id: token } })).status).toBe(200);
    return { token: a.idToken, id: r.body.data.id as number };
  }
  const fcmIdOf = async (id: number) =>
    (await t.db.select({ fcm_id: users.fcm_id }).from(users).where(eq(users.id, id)))[0]!.fcm_id;
  const browserToken = (kind = "browser") =>
    `${kind}-${Math.random().toString(36).slice(2)}:APA91b${"x".repeat(120)}`;

  /** A notification written the way events write them: inside a transaction that commits. */
  async function notifyOf(userId: number, listing = "Marina View") {
    await t.db.transaction((tx) =>
      notify(tx, userId, "interest", { name: "Nadia Fan", listing }, "/my-property/marina-view-1"),
    );
    const [row] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(sql`id desc`)
      .limit(1);
    return row!.id;
  }
  /** Until some process claimed the notification and every dispatcher finished what it heard of. */
  async function handled(id: number) {
    for (let waited = 0; waited < 10_000; waited += 25) {
      const [row] = await t.db
        .select({ pushed_at: notifications.pushed_at })
        .from(notifications)
        .where(eq(notifications.id, id));
      if (row!.pushed_at) break;
      await sleep(25);
    }
    await sleep(100); // a second listener's copy of the announcement, if it is still on its way
    await Promise.all(running.map((d) => d.settled()));
  }
  const pushedAt = async (id: number) =>
    (
      await t.db
        .select({ pushed_at: notifications.pushed_at })
        .from(notifications)
        .where(eq(notifications.id, id))
    )[0]!.pushed_at;

  describe("the browser's token on the profile", () => {
    it("is saved for the caller only, moves when another person signs in on that browser, and is never shown", async () => {
      const token = browserToken();
      const first = await person("First Browser User", token);
      expect(await fcmIdOf(first.id)).toBe(token);
      expect(JSON.stringify((await t.call("get-profile", { token: first.token })).body)).not.toContain(token);

      const second = await person("Second Browser User", token);
      expect(await fcmIdOf(second.id)).toBe(token);
      expect(await fcmIdOf(first.id)).toBeNull();
    });

    it("before-logout removes the caller's own token, and nobody else's", async () => {
      const mine = browserToken();
      const theirs = browserToken();
      const me = await person("Signing Out", mine);
      const other = await person("Staying In", theirs);

      const refused = await t.call("before-logout", { token: me.token, body: { fcm_id: theirs } });
      expect(refused.status).toBe(200);
      expect(refused.body.data.removed).toBe(false);
      expect(await fcmIdOf(other.id)).toBe(theirs);

      expect(
        (await t.call("before-logout", { token: me.token, body: { fcm_id: mine } })).body.data.removed,
      ).toBe(true);
      expect(await fcmIdOf(me.id)).toBeNull();
      expect(await fcmIdOf(other.id)).toBe(theirs);
    });

    it("refuses a missing or malformed token, and callers without a sign-in", async () => {
      const me = await person("Careless Client", browserToken());
      const missing = await t.call("update-fcm-id", { token: me.token, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("fcm_id is required");
      expect(
        (await t.call("before-logout", { token: me.token, body: { fcm_id: "not a token; drop table" } }))
          .status,
      ).toBe(400);
      expect((await t.call("update-fcm-id", { body: { fcm_id: browserToken() } })).status).toBe(401);
      expect(await fcmIdOf(me.id)).toMatch(/^browser-/);
    });
  });

  describe("a push's language", () => {
    it("is the site's default language (profiles keep none), with every language in its data", () => {
      const row = {
        id: 7,
        type: "admin",
        title: "Hello",
        body: "Welcome",
        translations: { ar: { title: "مرحبا", body: "أهلا" } },
        link: "/user/notifications",
      };
      const en = message(row, "tok", "https://souq.example");
      expect(en.notification).toEqual({ title: "Hello", body: "Welcome" });
      expect(en).toMatchObject({
        data: { title_ar: "مرحبا", body_ar: "أهلا" },
        webpush: { fcmOptions: { link: "https://souq.example/user/notifications" } },
      });
      const ar = message(row, "tok", "https://souq.example", "ar");
      expect(ar.notification).toEqual({ title: "مرحبا", body: "أهلا" });
      expect(ar).toMatchObject({
        webpush: { fcmOptions: { link: "https://souq.example/ar/user/notifications" } },
      });
      // No Arabic text written: the English one rather than nothing.
      expect(message({ ...row, translations: {} }, "tok", null, "ar").notification).toEqual({
        title: "Hello",
        body: "Welcome",
      });
    });
  });

  describe("the dispatcher", () => {
    it("pushes a new notification once, to the person's browser, with its title, text and page", async () => {
      const token = browserToken();
      const owner = await person("Pushed Owner", token);
      await dispatcher();
      const id = await notifyOf(owner.id);
      await handled(id);
      expect(fcm.state.sent).toHaveLength(1);
      expect(fcm.state.sent[0]).toMatchObject({
        token,
        notification: { title: "Someone is interested", body: "Nadia Fan is interested in Marina View." },
        data: {
          notification_id: String(id),
          type: "interest",
          link: "/my-property/marina-view-1",
          title_ar: "شخص مهتم بإعلانك",
        },
        webpush: { fcmOptions: { link: `${ORIGIN}/my-property/marina-view-1` } },
      });
      expect(await pushedAt(id)).not.toBeNull();
      expect(warnings).not.toHaveBeenCalled();
    });

    it("sends once when two server processes listen on the same database", async () => {
      const token = browserToken();
      const owner = await person("Twice Heard", token);
      await Promise.all([dispatcher(), dispatcher()]);
      const ids = [
        await notifyOf(owner.id, "One"),
        await notifyOf(owner.id, "Two"),
        await notifyOf(owner.id, "Three"),
      ];
      for (const id of ids) await handled(id);
      expect(fcm.state.sent.map((m) => m.notification?.body).sort()).toEqual([
        "Nadia Fan is interested in One.",
        "Nadia Fan is interested in Three.",
        "Nadia Fan is interested in Two.",
      ]);
    });

    it("sends nothing to someone who turned notifications off on their profile, or has no browser token", async () => {
      const quiet = await person("Quiet Person", browserToken());
      expect(
        (await t.call("update_profile", { token: quiet.token, body: { notification: false } })).status,
      ).toBe(200);
      const tokenless = await person("No Browser Yet");
      await dispatcher();
      const ids = [await notifyOf(quiet.id), await notifyOf(tokenless.id)];
      for (const id of ids) await handled(id);
      expect(fcm.state.sent).toHaveLength(0);
      // Decided all the same: a process starting later does not send them either.
      for (const id of ids) expect(await pushedAt(id)).not.toBeNull();
    });

    it("takes a token FCM no longer knows off the profile", async () => {
      const owner = await person("Uninstalled Browser", browserToken("unregistered"));
      await dispatcher();
      await handled(await notifyOf(owner.id));
      expect(fcm.state.sent).toHaveLength(1);
      expect(await fcmIdOf(owner.id)).toBeNull();
      expect(warnings).toHaveBeenCalledWith(
        expect.stringContaining("messaging/registration-token-not-registered"),
      );
    });

    it("only logs an FCM failure: the token stays and the next notification is still pushed", async () => {
      const token = browserToken("broken");
      const owner = await person("Unlucky Moment", token);
      await dispatcher();
      await handled(await notifyOf(owner.id));
      expect(warnings).toHaveBeenCalledWith(
        expect.stringMatching(/not delivered: messaging\/internal-error/),
      );
      expect(await fcmIdOf(owner.id)).toBe(token);
      await handled(await notifyOf(owner.id, "Second try"));
      expect(fcm.state.sent).toHaveLength(2);
    });

    it("catches up on notifications written while no process listened, but not on old ones", async () => {
      const owner = await person("Away Owner", browserToken());
      const recent = await notifyOf(owner.id, "Recent");
      const old = await notifyOf(owner.id, "Old");
      await t.db
        .update(notifications)
        .set({ created_at: sql`now() - interval '2 hours'` })
        .where(eq(notifications.id, old));
      await dispatcher();
      await handled(recent);
      expect(fcm.state.sent.map((m) => m.notification?.body)).toEqual(["Nadia Fan is interested in Recent."]);
      expect(await pushedAt(old)).toBeNull();
    });
  });
});
