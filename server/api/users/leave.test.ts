// Leaving (decision 022): delete_user removes what is the person's, keeps what others hold without
// saying who the person was, and refuses anyone but the person, a stale sign-in and the last admin.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import {
  adminAuditLog,
  advertisements,
  chatEvents,
  chatMessages,
  contactMessages,
  contactReveals,
  favourites,
  interestedUsers,
  notifications,
  otpCodes,
  packages,
  paymentTransactionEvents,
  paymentTransactions,
  projectImages,
  projects,
  properties,
  propertyDocuments,
  propertyImages,
  rateLimits,
  settings,
  userBlocks,
  userPackages,
  userReports,
  users,
  verificationApplications,
  verificationFields,
  verificationValues,
} from "../../db/schema";
import {
  createTestApi,
  emulatorAccount,
  quickPhoto,
  signedUp,
  signedUpAdmin,
  testDatabases,
} from "../../../tests/support/testing";
import { DEMO_MODE_MESSAGE } from "../listings/guards";
import { GATES } from "../packages/contract";
import { DELETED_ACCOUNT_NAME, FRESH_SIGN_IN_SECONDS, LEAVE_MESSAGES } from "./leave-schema";
import { LEFT_REASON } from "./leave-payments";

let t: Awaited<ReturnType<typeof createTestApi>>;
let listingIds: number[];
let projectIds: number[];
afterEach(() => {
  vi.useRealTimers();
});

type Person = Awaited<ReturnType<typeof signedUp>>;

/** A seeded listing moved to `owner` (demo listings belong to demo people). */
async function give(owner: { id: number }, index: number) {
  const id = listingIds[index]!;
  await t.db.update(properties).set({ added_by: owner.id }).where(eq(properties.id, id));
  return id;
}

/** A request the way a browser sends files. */
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

const jpeg = async () => new Blob([new Uint8Array(await quickPhoto("exterior", 3))], { type: "image/jpeg" });

/** Files written as the upload pipeline names them, so the test can tell they go. */
async function putFiles(keys: string[]) {
  for (const k of keys) await t.storage.put(k, Buffer.from(`file ${k}`), "application/octet-stream");
}

const exists = (k: string) => t.storage.exists(k);
const count = async (q: Promise<unknown[]>) => (await q).length;

// PGlite always; a PostgreSQL server too when DATABASE_URL is set (the migration and the transaction on both).
describe.each(testDatabases())("leaving ($name)", (database) => {
  beforeAll(async () => {
    t = await createTestApi(database.name === "pglite" ? {} : { database });
    listingIds = (
      await t.db.execute<{ id: number }>(
        sql`select id from properties where request_status = 'approved' and status = 'active' order by id desc limit 12`,
      )
    ).rows.map((r) => Number(r.id));
    projectIds = (
      await t.db.execute<{ id: number }>(sql`select id from projects order by id desc limit 4`)
    ).rows.map((r) => Number(r.id));
  });
  afterAll(() => t?.close());

  describe("delete_user", () => {
    it("removes the person's own things, keeps others' without the person, and ends the account", async () => {
      const lina = await signedUp(t, "Leaving Lina");
      const sami = await signedUp(t, "Staying Sami");
      const tariq = await signedUp(t, "Third Tariq");
      await t.db.update(users).set({ mobile: "+971501112233" }).where(eq(users.id, lina.id));

      // Lina's profile photo and push token.
      const avatar = await multipart("update_profile", lina.token, { profile: await jpeg() });
      expect(avatar.status, JSON.stringify(avatar.body)).toBe(200);
      const avatarKey = new URL(`http://x${avatar.body.data.profile}`).pathname.replace(/^\/uploads\//, "");
      expect(await exists(avatarKey)).toBe(true);
      expect(
        (await t.call("update-fcm-id", { token: lina.token, body: { fcm_id: "lina-browser-token" } })).status,
      ).toBe(200);

      // Lina's property, with a photo in every variant, its original and a document; and her project.
      const linaHome = await give(lina, 0);
      const photo = `properties/leave-${lina.id}-a`;
      const photoKeys = [
        `${photo}-320.webp`,
        `${photo}-320.avif`,
        `${photo}-640.webp`,
        `${photo}-640.avif`,
        `private/originals/${photo}.jpg`,
      ];
      const docKey = `documents/leave-${lina.id}.pdf`;
      await putFiles([...photoKeys, docKey]);
      await t.db.insert(propertyImages).values({
        property_id: linaHome,
        key: photo,
        position: 9,
        width: 640,
        height: 480,
        widths: [320, 640],
        avif: true,
      });
      await t.db
        .insert(propertyDocuments)
        .values({ property_id: linaHome, key: docKey, name: "Floor plan.pdf" });
      const linaProject = projectIds[0]!;
      await t.db.update(projects).set({ added_by: lina.id }).where(eq(projects.id, linaProject));
      const projectPhoto = `projects/leave-${lina.id}-b`;
      await putFiles([`${projectPhoto}-320.webp`, `private/originals/${projectPhoto}.png`]);
      await t.db.insert(projectImages).values({
        project_id: linaProject,
        key: projectPhoto,
        position: 9,
        width: 320,
        height: 240,
        widths: [320],
      });
      await t.db.insert(advertisements).values({
        user_id: lina.id,
        feature_for: "property",
        property_id: linaHome,
        status: "approved",
        end_date: new Date(Date.now() + 86_400_000),
      });

      // Sami's listing: Lina favourites it, is interested, reports it, and they talk about it.
      const samiHome = await give(sami, 1);
      expect(
        (await t.call("add_favourite", { token: lina.token, body: { property_id: samiHome, type: 1 } }))
          .status,
      ).toBe(200);
      expect(
        (await t.call("interested_users", { token: lina.token, body: { property_id: samiHome, type: 1 } }))
          .status,
      ).toBe(200);
      expect(
        (
          await t.call("add_reports", {
            token: lina.token,
            body: {
              property_id: samiHome,
              reason_id: "other",
              other_message: "The photos are of another flat",
            },
          })
        ).status,
      ).toBe(201);
      const withFile = await multipart("send_message", lina.token, {
        receiver_id: String(sami.id),
        property_id: String(samiHome),
        message: "Here is my ID as asked",
        file: await jpeg(),
      });
      expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
      const [attached] = await t.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, withFile.body.data.message_id));
      expect(await exists(attached!.file_key!)).toBe(true);
      const samiReply = await t.call("send_message", {
        token: sami.token,
        body: { receiver_id: lina.id, property_id: samiHome, message: "Thanks, see you Saturday" },
      });
      expect(samiReply.status).toBe(201);
      // Sami and Tariq are interested in Lina's home, and Sami asks about it.
      expect(
        (await t.call("add_favourite", { token: sami.token, body: { property_id: linaHome, type: 1 } }))
          .status,
      ).toBe(200);
      expect(
        (await t.call("interested_users", { token: tariq.token, body: { property_id: linaHome, type: 1 } }))
          .status,
      ).toBe(200);
      expect(
        (
          await t.call("add_reports", {
            token: tariq.token,
            body: { property_id: linaHome, reason_id: "other", other_message: "Too cheap to be true" },
          })
        ).status,
      ).toBe(201);
      const aboutHers = await multipart("send_message", sami.token, {
        receiver_id: String(lina.id),
        property_id: String(linaHome),
        message: "Is the parking included?",
        file: await jpeg(),
      });
      expect(aboutHers.status).toBe(201);
      const [samiAttachment] = await t.db
        .select({ key: chatMessages.file_key })
        .from(chatMessages)
        .where(eq(chatMessages.id, aboutHers.body.data.message_id));

      // Blocks both ways, a sign-in code, a rate-limit counter, a contact-form message, a lead.
      expect(
        (await t.call("block-user", { token: lina.token, body: { to_user_id: tariq.id } })).status,
      ).toBeLessThan(300);
      await t.db.insert(userBlocks).values({ user_id: tariq.id, to_user_id: lina.id });
      await t.db.insert(otpCodes).values({
        target: lina.email.toLowerCase(),
        code_hash: "x",
        expires_at: new Date(Date.now() + 600_000),
      });
      await t.db
        .insert(rateLimits)
        .values({ key: `sign-in-failed:to:${lina.email.toLowerCase()}`, window_start: new Date(), hits: 1 });
      await t.db.insert(contactMessages).values({
        first_name: "Lina",
        email: lina.email,
        subject: "Hello",
        message: "A question",
        user_id: lina.id,
      });
      await t.db.insert(contactReveals).values([
        { owner_id: lina.id, viewer_id: sami.id, property_id: linaHome, kind: "phone", day: "2026-01-02" },
        { owner_id: sami.id, viewer_id: lina.id, property_id: samiHome, kind: "email", day: "2026-01-02" },
      ]);

      // Agent verification with an identity document.
      const [field] = await t.db
        .insert(verificationFields)
        .values({ name: "Licence", field_type: "file" })
        .returning();
      const [application] = await t.db
        .insert(verificationApplications)
        .values({ user_id: lina.id })
        .returning();
      const licence = `private/verification/${lina.id}/licence.pdf`;
      await putFiles([licence]);
      await t.db.insert(verificationValues).values({
        application_id: application!.id,
        field_id: field!.id,
        file_key: licence,
        file_name: "licence.pdf",
      });

      // Payments: one that gave a package, one bank transfer waiting with its receipt.
      const [pkg] = await t.db.select().from(packages).limit(1);
      const [held] = await t.db
        .insert(userPackages)
        .values({ user_id: lina.id, package_id: pkg!.id, end_at: new Date(Date.now() + 86_400_000) })
        .returning();
      const receipt = `private/receipts/leave-${lina.id}.pdf`;
      await putFiles([receipt]);
      const paid = await t.db
        .insert(paymentTransactions)
        .values([
          {
            user_id: lina.id,
            package_id: pkg!.id,
            amount_minor: 9900,
            currency: "AED",
            payment_gateway: "stripe",
            status: "success",
            order_id: `leave-a-${lina.id}`,
            gateway_reference: `pi_${lina.id}`,
            user_package_id: held!.id,
          },
          {
            user_id: lina.id,
            package_id: pkg!.id,
            amount_minor: 9900,
            currency: "AED",
            payment_gateway: "bank_transfer",
            status: "review",
            order_id: `leave-b-${lina.id}`,
            receipt_key: receipt,
          },
        ])
        .returning();

      // The admins' log: a record about her, and one she wrote as an admin.
      await t.db.insert(adminAuditLog).values([
        {
          admin_uid: "someone",
          admin_email: "boss@example.test",
          action: "user.deactivate",
          target_type: "user",
          target_id: String(lina.id),
          before: { name: "Leaving Lina", email: lina.email, mobile: "+971501112233" },
          after: { is_active: false },
          reason: `Complaint from ${lina.email}`,
        },
        {
          admin_uid: lina.uid,
          admin_email: lina.email,
          admin_user_id: lina.id,
          action: "settings.update",
          target_type: "settings",
          target_id: "x",
        },
      ]);
      const [samiBefore] = await t.db.select().from(users).where(eq(users.id, sami.id));
      const mentionsBefore = (
        await t.db.select().from(notifications).where(eq(notifications.user_id, sami.id))
      ).filter((n) => `${n.title} ${n.body}`.includes("Leaving Lina"));
      expect(mentionsBefore.map((n) => n.type).sort()).toEqual(["interest", "message"]);
      expect(
        await count(t.db.select().from(notifications).where(eq(notifications.user_id, lina.id))),
      ).toBeGreaterThan(0);

      const r = await t.call("delete_user", { token: lina.token, body: {} });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ error: false, message: LEAVE_MESSAGES.deleted, data: { id: lina.id } });

      // Gone: listings with everything on them, and their files.
      expect(await count(t.db.select().from(properties).where(eq(properties.added_by, lina.id)))).toBe(0);
      expect(await count(t.db.select().from(projects).where(eq(projects.added_by, lina.id)))).toBe(0);
      expect(
        await count(t.db.select().from(propertyImages).where(eq(propertyImages.property_id, linaHome))),
      ).toBe(0);
      expect(await count(t.db.select().from(favourites).where(eq(favourites.property_id, linaHome)))).toBe(0);
      expect(
        await count(t.db.select().from(interestedUsers).where(eq(interestedUsers.property_id, linaHome))),
      ).toBe(0);
      expect(await count(t.db.select().from(userReports).where(eq(userReports.property_id, linaHome)))).toBe(
        0,
      );
      expect(await count(t.db.select().from(advertisements).where(eq(advertisements.user_id, lina.id)))).toBe(
        0,
      );
      for (const k of [
        ...photoKeys,
        docKey,
        `${projectPhoto}-320.webp`,
        `private/originals/${projectPhoto}.png`,
      ])
        expect([k, await exists(k)]).toEqual([k, false]);
      // The conversation about her home went with it, with the file Sami sent in it.
      expect(
        await count(t.db.select().from(chatMessages).where(eq(chatMessages.property_id, linaHome))),
      ).toBe(0);
      expect(await exists(samiAttachment!.key!)).toBe(false);

      // Gone: her favourites, interest, blocks either way, notifications, codes, counters, contact messages, verification, packages.
      expect(await count(t.db.select().from(favourites).where(eq(favourites.user_id, lina.id)))).toBe(0);
      expect(
        await count(t.db.select().from(interestedUsers).where(eq(interestedUsers.user_id, lina.id))),
      ).toBe(0);
      expect(
        await count(
          t.db
            .select()
            .from(userBlocks)
            .where(sql`${userBlocks.user_id} = ${lina.id} or ${userBlocks.to_user_id} = ${lina.id}`),
        ),
      ).toBe(0);
      expect(await count(t.db.select().from(notifications).where(eq(notifications.user_id, lina.id)))).toBe(
        0,
      );
      expect(await count(t.db.select().from(chatEvents).where(eq(chatEvents.user_id, lina.id)))).toBe(0);
      expect(
        await count(t.db.select().from(otpCodes).where(eq(otpCodes.target, lina.email.toLowerCase()))),
      ).toBe(0);
      expect(
        await count(
          t.db
            .select()
            .from(rateLimits)
            .where(sql`${rateLimits.key} like ${`%${lina.email.toLowerCase()}`}`),
        ),
      ).toBe(0);
      expect(
        await count(t.db.select().from(contactMessages).where(eq(contactMessages.user_id, lina.id))),
      ).toBe(0);
      expect(
        await count(t.db.select().from(contactReveals).where(eq(contactReveals.owner_id, lina.id))),
      ).toBe(0);
      expect(
        await t.db
          .select({ viewer: contactReveals.viewer_id })
          .from(contactReveals)
          .where(eq(contactReveals.owner_id, sami.id)),
      ).toEqual([{ viewer: null }]);
      expect(
        await count(
          t.db.select().from(verificationApplications).where(eq(verificationApplications.user_id, lina.id)),
        ),
      ).toBe(0);
      expect(await exists(licence)).toBe(false);
      expect(await count(t.db.select().from(userPackages).where(eq(userPackages.user_id, lina.id)))).toBe(0);
      expect(await exists(avatarKey)).toBe(false);
      // Sami no longer reads her name in his notifications ("… is interested", "New message from …").
      const samiNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, sami.id));
      expect(samiNotes.filter((n) => `${n.title} ${n.body}`.includes("Leaving Lina"))).toEqual([]);

      // Kept, without her: the profile row is an empty tombstone.
      const [tomb] = await t.db.select().from(users).where(eq(users.id, lina.id));
      expect(tomb).toMatchObject({
        name: DELETED_ACCOUNT_NAME,
        email: null,
        mobile: null,
        profile: null,
        fcm_id: null,
        address: null,
        is_active: false,
      });
      expect(tomb!.firebase_id).not.toBe(lina.uid);
      expect(tomb!.deleted_at).toBeInstanceOf(Date);

      // Kept: payments, for the accounts; the open transfer turned down, its receipt gone.
      const kept = await t.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.user_id, lina.id))
        .orderBy(paymentTransactions.id);
      expect(kept.map((p) => [p.order_id, p.status, p.amount_minor, p.receipt_key])).toEqual([
        [paid[0]!.order_id, "success", 9900, null],
        [paid[1]!.order_id, "rejected", 9900, null],
      ]);
      expect(kept[1]!.reason).toBe(LEFT_REASON);
      expect(await exists(receipt)).toBe(false);
      expect(
        await count(
          t.db
            .select()
            .from(paymentTransactionEvents)
            .where(
              and(
                eq(paymentTransactionEvents.transaction_id, paid[1]!.id),
                eq(paymentTransactionEvents.to_status, "rejected"),
              ),
            ),
        ),
      ).toBe(1);

      // Kept: her report of Sami's listing, now from nobody in particular.
      expect(
        await count(
          t.db
            .select()
            .from(userReports)
            .where(and(eq(userReports.user_id, lina.id), eq(userReports.property_id, samiHome))),
        ),
      ).toBe(1);

      // Kept: the audit log's rows, without her email or number.
      const log = await t.db
        .select()
        .from(adminAuditLog)
        .where(
          sql`${adminAuditLog.target_id} = ${String(lina.id)} or ${adminAuditLog.admin_uid} = ${lina.uid}`,
        );
      expect(log).toHaveLength(2);
      const logText = JSON.stringify(log);
      expect(logText).not.toContain(lina.email);
      expect(logText).not.toContain("+971501112233");
      expect(logText).not.toContain("Leaving Lina");
      expect(log.find((l) => l.admin_uid === lina.uid)!.admin_email).toBeNull();

      // Sami's conversation stays: her messages read "Message deleted", her file is gone, his words remain.
      const page = await t.call("get_messages", {
        token: sami.token,
        query: { user_id: String(lina.id), property_id: String(samiHome) },
      });
      expect(page.status).toBe(200);
      expect(page.body.data.other).toMatchObject({
        id: lina.id,
        name: DELETED_ACCOUNT_NAME,
        is_active: false,
      });
      const [his, hers] = page.body.data.messages;
      expect(his).toMatchObject({
        sender_id: sami.id,
        message: "Thanks, see you Saturday",
        is_deleted: false,
      });
      expect(hers).toMatchObject({
        sender_id: lina.id,
        message: null,
        file: null,
        audio: null,
        is_deleted: true,
      });
      expect(await exists(attached!.file_key!)).toBe(false);
      const events = await t.db
        .select()
        .from(chatEvents)
        .where(
          and(
            eq(chatEvents.user_id, sami.id),
            eq(chatEvents.message_id, attached!.id),
            eq(chatEvents.kind, "delete"),
          ),
        );
      expect(events).toHaveLength(1);
      const chats = await t.call("get_chats", { token: sami.token });
      expect(chats.body.data.chats.find((c: { user_id: number }) => c.user_id === lina.id)).toMatchObject({
        name: DELETED_ACCOUNT_NAME,
        property_id: samiHome,
      });
      // Nobody can write to the account any more.
      const toNobody = await t.call("send_message", {
        token: sami.token,
        body: { receiver_id: lina.id, property_id: samiHome, message: "Hello?" },
      });
      expect(toNobody.status).toBe(403);

      // Others are untouched.
      const [samiAfter] = await t.db.select().from(users).where(eq(users.id, sami.id));
      expect(samiAfter).toEqual(samiBefore);
      expect(await count(t.db.select().from(properties).where(eq(properties.id, samiHome)))).toBe(1);

      // The identity account is gone: no token of hers works, and signing in again fails.
      await expect(t.auth.adminAuth.getUser(lina.uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
      expect((await t.call("get-profile", { token: lina.token })).status).toBe(401);
      expect(
        (await t.call("update_profile", { token: lina.token, body: { name: "Back again" } })).status,
      ).toBe(401);
      expect((await t.call("delete_user", { token: lina.token, body: {} })).status).toBe(401);
      await expect(t.auth.signIn(lina.email, "secret123")).rejects.toThrow();
      // The address is free again: the same person may come back as a new account.
      const back = await t.call("user-register", {
        body: {
          name: "Lina Again",
          email: lina.email,
          mobile: "+971501112233",
          password: "secret123",
          re_password: "secret123",
        },
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.data.user.id).not.toBe(lina.id);
    });

    it("refuses to delete anyone else, in any spelling of the id, and changes nothing", async () => {
      const me = await signedUp(t, "Curious Carl");
      const other = await signedUp(t, "Other Olga");
      const home = await give(other, 2);
      for (const body of [
        { userid: other.id },
        { user_id: other.id },
        { id: other.id },
        { userid: me.id, id: other.id },
      ]) {
        const r = await t.call("delete_user", { token: me.token, body });
        expect([JSON.stringify(body), r.status, r.body.message]).toEqual([
          JSON.stringify(body),
          403,
          LEAVE_MESSAGES.notYours,
        ]);
      }
      expect((await t.call("get-profile", { token: other.token })).status).toBe(200);
      expect((await t.call("get-profile", { token: me.token })).status).toBe(200);
      expect(await count(t.db.select().from(properties).where(eq(properties.id, home)))).toBe(1);
      expect((await t.auth.adminAuth.getUser(other.uid)).uid).toBe(other.uid);
      // Naming oneself is the same as naming nobody.
      const own = await t.call("delete_user", { token: me.token, body: { userid: me.id } });
      expect(own.status).toBe(200);
      expect((await t.call("get-profile", { token: other.token })).status).toBe(200);
    });

    it("refuses a sign-in older than the fresh window, and changes nothing", async () => {
      const p = await signedUp(t, "Stale Stella");
      const home = await give(p, 3);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (FRESH_SIGN_IN_SECONDS + 60) * 1000 });
      const r = await t.call("delete_user", { token: p.token, body: {} });
      expect([r.status, r.body.message]).toEqual([403, LEAVE_MESSAGES.stale]);
      vi.useRealTimers();
      expect((await t.call("get-profile", { token: p.token })).status).toBe(200);
      expect(await count(t.db.select().from(properties).where(eq(properties.id, home)))).toBe(1);
      expect((await t.auth.adminAuth.getUser(p.uid)).uid).toBe(p.uid);
      // A fresh sign-in opens it again.
      const fresh = await t.auth.signIn(p.email, "secret123");
      expect((await t.call("delete_user", { token: fresh.idToken, body: {} })).status).toBe(200);
    });

    it("refuses the last admin, and lets an admin go while another stays", async () => {
      const first = await signedUpAdmin(t, "First Admin");
      const refused = await t.call("delete_user", { token: first.token, body: {} });
      expect([refused.status, refused.body.message]).toEqual([409, LEAVE_MESSAGES.lastAdmin]);
      expect((await t.call("get-profile", { token: first.token })).status).toBe(200);
      const second = await signedUpAdmin(t, "Second Admin");
      expect((await t.call("delete_user", { token: first.token, body: {} })).status).toBe(200);
      // An emptied account is nobody to find in the console's list of people.
      const people = await t.call("admin/users", { token: second.token, query: { limit: "100" } });
      expect(people.status).toBe(200);
      expect(people.body.data.map((u: { id: number }) => u.id)).not.toContain(first.id);
      const alone = await t.call("delete_user", { token: second.token, body: {} });
      expect([alone.status, alone.body.message]).toEqual([409, LEAVE_MESSAGES.lastAdmin]);
      await t.auth.adminAuth.deleteUser(second.uid).catch(() => {});
    });

    it("keeps the demo's own people while the site is a public demo", async () => {
      const uid = `demo-leave-${Date.now()}`;
      const email = `${uid}@example.test`;
      await t.auth.adminAuth.createUser({ uid, email, password: "secret123", displayName: "Demo Dana" });
      const token = (await t.auth.signIn(email, "secret123")).idToken;
      expect(
        (await t.call("user_signup", { token, body: { name: "Demo Dana", email, auth_id: uid } })).status,
      ).toBe(200);
      await t.db
        .insert(settings)
        .values({ key: "demo_mode", value: true })
        .onConflictDoUpdate({ target: settings.key, set: { value: true } });
      try {
        const r = await t.call("delete_user", { token, body: {} });
        expect([r.status, r.body.message]).toEqual([403, DEMO_MODE_MESSAGE]);
      } finally {
        await t.db.update(settings).set({ value: false }).where(eq(settings.key, "demo_mode"));
      }
      expect((await t.call("get-profile", { token })).status).toBe(200);
      await t.auth.adminAuth.deleteUser(uid).catch(() => {});
    });

    it("is refused to an account an admin switched off, like every other change of theirs", async () => {
      const p = await signedUp(t, "Switched Off");
      await t.db
        .update(users)
        .set({ is_active: false, deactivated_reason: "Fraud check" })
        .where(eq(users.id, p.id));
      const r = await t.call("delete_user", { token: p.token, body: {} });
      expect([r.status, r.body.message]).toEqual([403, GATES.deactivated.message]);
      expect((await t.auth.adminAuth.getUser(p.uid)).uid).toBe(p.uid);
    });

    it("deletes a sign-in that never made a profile here", async () => {
      const a = await emulatorAccount(t.auth, "No Profile");
      const r = await t.call("delete_user", { token: a.idToken, body: {} });
      expect([r.status, r.body.data]).toEqual([200, { id: null }]);
      await expect(t.auth.adminAuth.getUser(a.uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    });

    it("needs a token", async () => {
      expect((await t.call("delete_user", { body: {} })).status).toBe(401);
    });
  });

  describe("export-my-data", () => {
    it("holds the person's data and nobody else's", async () => {
      const ana: Person = await signedUp(t, "Exporting Ana");
      const ben = await signedUp(t, "Bystander Ben");
      const cat = await signedUp(t, "Chatting Cat");
      const anaHome = await give(ana, 4);
      const benHome = await give(ben, 5);
      const catHome = await give(cat, 6);
      await t.call("add_favourite", { token: ana.token, body: { property_id: benHome, type: 1 } });
      await t.call("add_favourite", { token: ben.token, body: { property_id: catHome, type: 1 } });
      await t.call("send_message", {
        token: ana.token,
        body: { receiver_id: ben.id, property_id: benHome, message: "Ana asks Ben" },
      });
      await t.call("send_message", {
        token: ben.token,
        body: { receiver_id: ana.id, property_id: benHome, message: "Ben answers Ana" },
      });
      await t.call("send_message", {
        token: ben.token,
        body: { receiver_id: cat.id, property_id: catHome, message: "Ben and Cat, private" },
      });
      await t.call("add_reports", {
        token: ana.token,
        body: { property_id: catHome, reason_id: "other", other_message: "Ana's report" },
      });

      // Asking for someone else's is refused outright, naming the field the call does not take.
      const other = await t.call("export-my-data", { token: ana.token, query: { user_id: String(ben.id) } });
      expect(other.status).toBe(400);
      expect(other.body.errors).toHaveProperty("user_id");
      const r = await t.call("export-my-data", { token: ana.token });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.profile).toMatchObject({
        id: ana.id,
        name: "Exporting Ana",
        email: ana.email,
        auth_id: ana.uid,
      });
      expect(d.properties.map((p: { id: number }) => p.id)).toEqual([anaHome]);
      expect(d.properties[0].photos.length).toBeGreaterThan(0);
      expect(d.favourites.map((f: { id: number }) => f.id)).toEqual([benHome]);
      expect(d.conversations).toHaveLength(1);
      expect(d.conversations[0]).toMatchObject({
        with: { id: ben.id, name: "Bystander Ben" },
        property: { id: benHome },
      });
      expect(
        d.conversations[0].messages.map((m: { message: string; sent: boolean }) => [m.sent, m.message]),
      ).toEqual([
        [true, "Ana asks Ben"],
        [false, "Ben answers Ana"],
      ]);
      expect(
        d.notifications.some((n: { title: string }) => n.title === "New message from Bystander Ben"),
      ).toBe(true);
      expect(d.reports.map((x: { other_message: string }) => x.other_message)).toEqual(["Ana's report"]);
      const text = JSON.stringify(d);
      expect(text).not.toContain("Ben and Cat, private");
      expect(text).not.toContain(ben.email);
      expect(text).not.toContain(cat.email);
      expect(text).not.toContain(`"id":${catHome},"slug_id"`);

      const bens = await t.call("export-my-data", { token: ben.token });
      expect(bens.body.data.profile.id).toBe(ben.id);
      expect(JSON.stringify(bens.body.data)).not.toContain("Ana's report");
      expect((await t.call("export-my-data", {})).status).toBe(401);
    });

    it("gives no message someone else sent from an address the person merely typed, and nothing to an ended session", async () => {
      const victimAddress = `victim-${Date.now()}@example.test`;
      await t.db.insert(contactMessages).values({
        first_name: "Someone",
        email: victimAddress,
        subject: "Private",
        message: "Sent by someone else",
        user_id: null,
      });
      const claimer: Person = await signedUp(t, "Claims An Address");
      expect(
        (await t.call("update_profile", { token: claimer.token, body: { email: victimAddress } })).status,
      ).toBe(200);
      const r = await t.call("export-my-data", { token: claimer.token });
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body.data.contact_messages)).not.toContain("Sent by someone else");
      // Signed out (the session ended): a copy of the old token reads nothing.
      await new Promise((done) => setTimeout(done, 1100));
      await t.auth.revokeSessions(claimer.uid);
      expect((await t.call("export-my-data", { token: claimer.token })).status).toBe(401);
    });
  });
});
