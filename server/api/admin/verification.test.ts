// Agent verification in the admin console: the queue of people's latest applications, one
// application with its answers and documents, and the decision: the person's status, the Verified
// badge, their notification and the audit line change together; turning down needs a reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { adminAuditLog, notifications, users } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
type Question = { id: number; field_type: string };
let questions: Question[];

beforeAll(async () => {
  t = await createTestApi();
  admin = await signedUpAdmin(t, "Verification Admin");
  questions = (await t.call("get-agent-verification-form-fields")).body.data;
});
afterAll(() => t?.close());

const ANSWERS: Record<string, string | string[]> = {
  text: "Rania Aziz",
  number: "6",
  radio: "Agent of an agency",
  checkbox: ["Dubai"],
  dropdown: "Arabic",
  textarea: "Villas in Arabian Ranches.",
};

/** A person who applied with a complete set of answers and a licence photo; their application's id. */
async function applicant(name: string) {
  const person = await signedUp(t, name);
  const form = new FormData();
  for (const [i, q] of questions.entries()) {
    form.append(`form_fields[${i}][id]`, String(q.id));
    if (q.field_type === "file") {
      const photo = await sharp({
        create: { width: 120, height: 90, channels: 3, background: { r: 10, g: 60, b: 120 } },
      })
        .jpeg()
        .toBuffer();
      form.append(
        `form_fields[${i}][value]`,
        new File([new Uint8Array(photo)], "licence.jpg", { type: "image/jpeg" }),
      );
    } else
      for (const v of [ANSWERS[q.field_type]!].flat())
        form.append(
          q.field_type === "checkbox" ? `form_fields[${i}][value][]` : `form_fields[${i}][value]`,
          v,
        );
  }
  const res = await t.api.fetch(
    new Request("http://test/api/apply-agent-verification", {
      method: "POST",
      headers: { authorization: `Bearer ${person.token}` },
      body: form,
    }),
  );
  const body = (await res.json()) as { data: { application_id: number } };
  expect(res.status).toBe(201);
  return { ...person, application: body.data.application_id };
}

const decide = (body: Record<string, unknown>) =>
  t.call("admin/decide-verification", { token: admin.token, body });
const statusOf = async (id: number) =>
  (await t.db.select({ s: users.verification_status }).from(users).where(eq(users.id, id)))[0]!.s;
const audits = (id: number) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "verification"), eq(adminAuditLog.target_id, String(id))))
    .orderBy(desc(adminAuditLog.id));

describe("the verification queue", () => {
  it("lists pending applications with the person, and shows one with its answers and documents", async () => {
    const a = await applicant("Rania Aziz");
    const queue = await t.call("admin/verifications", { token: admin.token, query: { search: a.email } });
    expect(queue.status).toBe(200);
    expect(queue.body.data).toEqual([
      expect.objectContaining({
        id: a.application,
        status: "pending",
        user: expect.objectContaining({ id: a.id, name: "Rania Aziz", email: a.email }),
      }),
    ]);

    const one = await t.call("admin/verification", {
      token: admin.token,
      query: { id: String(a.application) },
    });
    expect(one.body.data).toMatchObject({
      id: a.application,
      status: "pending",
      latest: true,
      user: { name: "Rania Aziz", verification_status: "pending" },
    });
    const answers = one.body.data.answers as {
      name: string;
      field_type: string;
      label: unknown;
      file: { id: number; url: string } | null;
    }[];
    expect(answers.find((x) => x.field_type === "radio")!.label).toBe("Agent of an agency");
    const doc = answers.find((x) => x.field_type === "file")!.file!;
    // The document opens for an admin (the applicant's own file address).
    const res = await t.api.fetch(
      new Request(`http://test${doc.url}`, { headers: { authorization: `Bearer ${admin.token}` } }),
    );
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(
      (await t.call("admin/verification", { token: admin.token, query: { id: "99999999" } })).status,
    ).toBe(404);
    expect(
      (await t.call("admin/verifications", { token: admin.token, query: { status: "maybe" } })).body.errors,
    ).toEqual({ status: ["Choose pending, success or failed"] });
  });
});

describe("admin/decide-verification", () => {
  it("approving makes the person a verified agent, tells them and logs it; the queue moves on", async () => {
    const a = await applicant("Omar Verified");
    const r = await decide({ id: a.application, status: "success" });
    expect([r.status, r.body.message, r.body.data.status]).toEqual([200, "The agent is verified", "success"]);
    expect(await statusOf(a.id)).toBe("success");
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, a.id))
      .orderBy(desc(notifications.id));
    expect(note).toMatchObject({ type: "verification_success", link: "/user/verification" });
    expect((await audits(a.application))[0]).toMatchObject({
      action: "verification.approve",
      admin_email: admin.email,
      before: { status: "pending", user_status: "pending" },
      after: { status: "success", user_status: "success" },
    });
    expect(
      (await t.call("agent-properties", { query: { id: String(a.id) } })).body.data.agent.is_verified,
    ).toBe(true);
    expect(
      (await t.call("admin/verifications", { token: admin.token, query: { search: a.email } })).body.total,
    ).toBe(0);
    expect(
      (
        await t.call("admin/verifications", {
          token: admin.token,
          query: { search: a.email, status: "success" },
        })
      ).body.data[0].id,
    ).toBe(a.application);

    const again = await decide({ id: a.application, status: "failed", reason: "Changed my mind" });
    expect([again.status, again.body.message]).toEqual([409, "This application has already been decided"]);
    expect(await audits(a.application)).toHaveLength(1);
  });

  it("turning down needs a reason, which the applicant reads", async () => {
    const a = await applicant("Hala Refused");
    const none = await decide({ id: a.application, status: "failed" });
    expect([none.status, none.body.errors]).toEqual([
      400,
      { reason: ["Please write why the application is turned down"] },
    ]);
    expect(await statusOf(a.id)).toBe("pending");
    expect(await audits(a.application)).toEqual([]);

    expect(
      (await decide({ id: a.application, status: "failed", reason: "The licence photo is unreadable." }))
        .status,
    ).toBe(200);
    expect(await statusOf(a.id)).toBe("failed");
    const mine = (await t.call("get-agent-verification-form-values", { token: a.token })).body.data;
    expect(mine).toMatchObject({ status: "failed", reason: "The licence photo is unreadable." });
    expect((await audits(a.application))[0]).toMatchObject({
      action: "verification.reject",
      reason: "The licence photo is unreadable.",
      after: { status: "failed" },
    });
  });
});
