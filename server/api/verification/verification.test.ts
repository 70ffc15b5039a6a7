// Agent verification through the API: the questions in the reader's language, each answer checked
// against its question, one application under review at a time, an admin's decision with its
// notification, applying again after a refusal, files only for their owner, and the listing gate
// that asks for verification when the site says so.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";
import { settings, users, verificationApplications, verificationValues } from "../../db/schema";
import { GATES } from "../packages/contract";
import { decideVerification } from "./service";
import { FAR_RENTAL } from "../../../tests/fixtures/far-rental";

let t: Awaited<ReturnType<typeof createTestApi>>;
type Question = {
  id: number;
  name: string;
  field_type: string;
  is_required: boolean;
  options: { value: string; label: string }[];
};
let q: Record<string, Question>;

beforeAll(async () => {
  t = await createTestApi();
  const fields = (await t.call("get-agent-verification-form-fields")).body.data as Question[];
  q = Object.fromEntries(fields.map((f) => [f.field_type, f]));
});
afterAll(() => t?.close());

async function person(name: string, complete = false) {
  const a = await emulatorAccount(t.auth, name);
  const r = await t.call("user_signup", {
    token: a.idToken,
    body: { name, email: a.email, auth_id: a.uid, mobile: "+971501234567" },
  });
  expect(r.status).toBe(200);
  if (complete)
    expect(
      (
        await t.call("update_profile", {
          token: a.idToken,
          body: { profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" },
        })
      ).status,
    ).toBe(200);
  return { token: a.idToken, id: r.body.data.id as number };
}

const jpeg = () =>
  sharp({ create: { width: 200, height: 140, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

async function send(form: FormData, token?: string) {
  const res = await t.api.fetch(
    new Request("http://test/api/apply-agent-verification", {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    }),
  );

  return { status: res.status, body: (await res.json()) as any };
}

/** A complete set of answers as a multipart form, in the form_fields[i][id|value] shape. */
async function answers(overrides: Record<string, string | string[] | File | null> = {}) {
  const base: Record<string, string | string[] | File | null> = {
    text: "Layla Haddad",
    number: "7",
    radio: "Agent of an agency",
    checkbox: ["Dubai", "Sharjah"],
    dropdown: "English and Arabic",
    textarea: "Rentals in Dubai Marina and JLT.",
    file: file(await jpeg(), "licence.jpg", "image/jpeg"),
    ...overrides,
  };
  const form = new FormData();
  Object.entries(base).forEach(([type, value], i) => {
    form.append(`form_fields[${i}][id]`, String(q[type]!.id));
    if (value === null) return;
    for (const v of [value].flat())
      form.append(Array.isArray(value) ? `form_fields[${i}][value][]` : `form_fields[${i}][value]`, v);
  });
  return form;
}

const statusOf = async (id: number) =>
  (await t.db.select({ s: users.verification_status }).from(users).where(eq(users.id, id)))[0]!.s;
const applicationsOf = async (id: number) =>
  t.db.select().from(verificationApplications).where(eq(verificationApplications.user_id, id));

function storedFiles(userId: number): string[] {
  const dir = path.join(
    (t.storage as unknown as { root: string }).root,
    "private",
    "verification",
    String(userId),
  );
  try {
    return readdirSync(dir).filter((f) => statSync(path.join(dir, f)).isFile());
  } catch {
    return [];
  }
}

async function download(valueId: number, token?: string) {
  const res = await t.api.fetch(
    new Request(`http://test/api/agent-verification-file/${valueId}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe("get-agent-verification-form-fields", () => {
  it("lists the active questions in order, every type once, names and choices in the reader's language", async () => {
    const en = (await t.call("get-agent-verification-form-fields")).body;
    expect(en.data.map((f: Question) => f.field_type)).toEqual([
      "text",
      "text",
      "number",
      "radio",
      "checkbox",
      "dropdown",
      "textarea",
      "file",
    ]);
    expect(en.data[0]).toMatchObject({ name: "Full name as on your ID", is_required: true, options: [] });
    expect(q.textarea!.is_required).toBe(false);
    expect(q.radio!.options[0]).toEqual({ value: "Independent agent", label: "Independent agent" });

    const ar = (await t.call("get-agent-verification-form-fields", { lang: "ar" })).body.data as Question[];
    expect(ar[0]!.name).toBe("الاسم الكامل كما في الهوية");
    const areas = ar.find((f) => f.field_type === "checkbox")!;
    expect(areas.name).toBe("المناطق التي تغطيها");
    // The value sent back stays the same in every language; only the label is translated.
    expect(areas.options[0]).toEqual({ value: "Dubai", label: "دبي" });
  });
});

describe("apply-agent-verification", () => {
  it("needs a signed-in person with a profile", async () => {
    expect((await send(await answers())).status).toBe(401);
  });

  it("says what is wrong on each question, and nothing is kept", async () => {
    const p = await person("Hasty Applicant");
    const empty = await send(new FormData(), p.token);
    expect(empty.status).toBe(400);
    const required = ["text", "number", "radio", "checkbox", "dropdown", "file"].map(
      (k) => `field_${q[k]!.id}`,
    );
    for (const key of required) expect(empty.body.errors[key]).toEqual(["This field is required"]);
    expect(empty.body.errors[`field_${q.textarea!.id}`]).toBeUndefined();
    // Both text questions are required.
    expect(Object.keys(empty.body.errors)).toHaveLength(7);

    const wrong = await send(
      await answers({
        number: "seven",
        radio: "Astronaut",
        checkbox: ["Dubai", "Mars"],
        dropdown: "French",
        textarea: "x".repeat(5001),
        file: file(Buffer.from("just some text, not a document"), "licence.pdf", "application/pdf"),
      }),
      p.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      [`field_${q.number!.id}`]: ["Please enter a number"],
      [`field_${q.radio!.id}`]: ["Please choose one of the options"],
      [`field_${q.checkbox!.id}`]: ["Please choose one of the options"],
      [`field_${q.dropdown!.id}`]: ["Please choose one of the options"],
      [`field_${q.textarea!.id}`]: ["This answer is too long"],
      [`field_${q.file!.id}`]: ["Files must be PDF, JPEG or PNG"],
      // The other text question was not answered.
      [`field_${Object.values(await fieldsById()).find((f) => f.field_type === "text" && f.id !== q.text!.id)!.id}`]:
        ["This field is required"],
    });

    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await send(await answers({ file: file(big, "huge.pdf", "application/pdf") }), p.token);
    expect(tooBig.body.errors[`field_${q.file!.id}`]).toEqual(["Files must be at most 10 MB"]);

    const unknown = new FormData();
    unknown.append("form_fields", JSON.stringify([{ id: 99999, value: "?" }]));
    expect((await send(unknown, p.token)).body.errors.form_fields).toEqual([
      "This question is not part of the form",
    ]);

    expect(await statusOf(p.id)).toBe("initial");
    expect(await applicationsOf(p.id)).toHaveLength(0);
    expect(storedFiles(p.id)).toEqual([]);
  });

  it("takes a full application with a file: under review, the answers and the file readable by their owner only", async () => {
    const p = await person("Careful Applicant");
    const other = await person("Curious Neighbour");
    const form = await answers({ text: "Careful Applicant" });
    // The second text question, answered too.
    const second = Object.values(await fieldsById()).find(
      (f) => f.field_type === "text" && f.id !== q.text!.id,
    )!;
    form.append("form_fields[20][id]", String(second.id));
    form.append("form_fields[20][value]", "BRN-48213");
    const res = await send(form, p.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Your application was sent. We will let you know once it is reviewed.");
    expect(res.body.data.status).toBe("pending");
    expect(await statusOf(p.id)).toBe("pending");
    expect(storedFiles(p.id)).toHaveLength(1);
    expect(storedFiles(p.id)[0]).toMatch(/\.jpg$/);

    const mine = (await t.call("get-agent-verification-form-values", { token: p.token })).body.data;
    expect(mine).toMatchObject({ status: "pending", reason: null });
    const byType = (type: string) => mine.form_fields.find((f: { id: number }) => f.id === q[type]!.id);
    expect(byType("checkbox")).toMatchObject({ value: ["Dubai", "Sharjah"], label: ["Dubai", "Sharjah"] });
    expect(byType("number").value).toBe("7");
    expect(byType("file").file).toMatchObject({
      name: "licence.jpg",
      url: expect.stringMatching(/^\/api\/agent-verification-file\/\d+$/),
    });
    const mineAr = (await t.call("get-agent-verification-form-values", { token: p.token, lang: "ar" })).body
      .data;
    expect(mineAr.form_fields.find((f: { id: number }) => f.id === q.checkbox!.id).label).toEqual([
      "دبي",
      "الشارقة",
    ]);

    const fileId = byType("file").file.id as number;
    const own = await download(fileId, p.token);
    expect(own.status).toBe(200);
    expect(own.type).toBe("image/jpeg");
    expect(own.bytes.equals(await jpeg())).toBe(true);
    expect((await download(fileId, other.token)).status).toBe(404);
    expect((await download(fileId)).status).toBe(401);
    expect((await download(99999999, p.token)).status).toBe(404);
    // Someone else reads their own (empty) state, never this person's.
    expect(
      (await t.call("get-agent-verification-form-values", { token: other.token })).body.data,
    ).toMatchObject({ status: "initial", form_fields: [] });
  });

  it("refuses a second application while one is under review", async () => {
    const p = await person("Eager Applicant");
    expect((await send(await answers({ textarea: null }), p.token)).status).toBe(400); // one text question missing
    const complete = await fullAnswers();
    expect((await send(complete, p.token)).status).toBe(201);
    const again = await send(await fullAnswers(), p.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Your Verification is Under Review");
    expect(await applicationsOf(p.id)).toHaveLength(1);
    expect(storedFiles(p.id)).toHaveLength(1);
  });

  it("applies for the caller only: a body naming someone else is refused, naming the field", async () => {
    const p = await person("Honest Applicant");
    const victim = await person("Someone Else");
    const form = await fullAnswers();
    form.append("user_id", String(victim.id));
    form.append("userid", String(victim.id));
    const refused = await send(form, p.token);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(["user_id", "userid"]);
    expect(await statusOf(p.id)).toBe("initial");
    expect((await send(await fullAnswers(), p.token)).status).toBe(201);
    expect(await statusOf(p.id)).toBe("pending");
    expect(await statusOf(victim.id)).toBe("initial");
    expect(await applicationsOf(victim.id)).toHaveLength(0);
  });
});

describe("decisions and applying again", () => {
  it("a refusal tells the applicant why; they apply again keeping their file; approval makes them verified", async () => {
    const p = await person("Persistent Agent");
    expect((await send(await fullAnswers(), p.token)).status).toBe(201);
    const [first] = await applicationsOf(p.id);

    const failed = await decideVerification(t.db, first!.id, {
      status: "failed",
      reason: "The licence number does not match the document.",
    });
    expect(failed).toMatchObject({
      status: "failed",
      reason: "The licence number does not match the document.",
    });
    expect(await statusOf(p.id)).toBe("failed");
    const notes = (await t.call("get_notification_list", { token: p.token })).body.data;
    expect(notes.notifications[0]).toMatchObject({
      type: "verification_failed",
      title: "Verification Failed",
      link: "/user/verification",
      is_read: false,
    });
    const notesAr = (await t.call("get_notification_list", { token: p.token, lang: "ar" })).body.data;
    expect(notesAr.notifications[0].title).toBe("فشل التوثيق");
    // Decided once: a second decision on the same application is refused, nothing changes.
    await expect(decideVerification(t.db, first!.id, { status: "success" })).rejects.toThrow(
      "This application has already been decided",
    );
    expect(await statusOf(p.id)).toBe("failed");

    const before = (await t.call("get-agent-verification-form-values", { token: p.token })).body.data;
    expect(before).toMatchObject({
      status: "failed",
      reason: "The licence number does not match the document.",
    });

    // Again, as JSON this time, with a corrected number and no new file: the earlier file is kept.
    const second = Object.values(await fieldsById()).find(
      (f) => f.field_type === "text" && f.id !== q.text!.id,
    )!;
    const body = {
      form_fields: [
        { id: q.text!.id, value: "Persistent Agent" },
        { id: second.id, value: "BRN-99120" },
        { id: q.number!.id, value: 12 },
        { id: q.radio!.id, value: "Independent agent" },
        { id: q.checkbox!.id, value: ["Abu Dhabi"] },
        { id: q.dropdown!.id, value: "Arabic" },
      ],
    };
    const again = await t.call("apply-agent-verification", { token: p.token, body });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await statusOf(p.id)).toBe("pending");
    const now = (await t.call("get-agent-verification-form-values", { token: p.token })).body.data;
    expect(now.reason).toBeNull();
    const answer = (id: number) => now.form_fields.find((f: { id: number }) => f.id === id);
    expect(answer(second.id).value).toBe("BRN-99120");
    expect(answer(q.number!.id).value).toBe("12");
    expect(answer(q.file!.id).file.name).toBe("licence.pdf");
    // Still one stored file, now part of both applications; its owner still opens it.
    expect(storedFiles(p.id)).toHaveLength(1);
    expect((await download(answer(q.file!.id).file.id, p.token)).status).toBe(200);
    const apps = await applicationsOf(p.id);
    expect(apps).toHaveLength(2);
    const kept = await t.db
      .select({ key: verificationValues.file_key })
      .from(verificationValues)
      .where(
        sql`${verificationValues.file_key} is not null and ${verificationValues.application_id} in (${sql.join(
          apps.map((a) => sql`${a.id}`),
          sql`, `,
        )})`,
      );
    expect(new Set(kept.map((k) => k.key)).size).toBe(1);

    const latest = apps.sort((a, b) => b.id - a.id)[0]!;
    await decideVerification(t.db, latest.id, { status: "success" });
    expect(await statusOf(p.id)).toBe("success");
    const approved = (await t.call("get_notification_list", { token: p.token })).body.data.notifications[0];
    expect(approved).toMatchObject({ type: "verification_success", title: "You are a verified agent" });
    const done = await send(await fullAnswers(), p.token);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe("You are already a verified agent");
    expect(await applicationsOf(p.id)).toHaveLength(2);
  });

  it("an unknown application cannot be decided", async () => {
    await expect(decideVerification(t.db, 99999999, { status: "success" })).rejects.toThrow(
      "Application not found",
    );
  });
});

describe("verification_required_for_user", () => {
  it("when on, only a verified person may list; its message leads to the verification page", async () => {
    const p = await person("Unverified Lister", true);
    const category = (await t.call("get_categories")).body.data[0].id as number;
    const post = async () => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        ...FAR_RENTAL,
        title: "A flat behind the verification gate",
        category_id: String(category),
        price: "9000",
      }))
        f.append(k, v);
      f.append(
        "title_image",
        file(
          await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 9, g: 9, b: 9 } } })
            .jpeg()
            .toBuffer(),
          "front.jpg",
          "image/jpeg",
        ),
      );
      const res = await t.api.fetch(
        new Request("http://test/api/post_property", {
          method: "POST",
          headers: { authorization: `Bearer ${p.token}` },
          body: f,
        }),
      );
      return { status: res.status, body: await res.json() };
    };
    // Off (the demo's default): a complete profile and a package are enough.
    expect((await post()).status).toBe(201);

    await t.db
      .insert(settings)
      .values({ key: "verification_required_for_user", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    try {
      const refused = await post();
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You have not completed profile verification. Please complete first");
      expect(GATES.verification.href).toBe("/user/verification");
      const pending = await send(await fullAnswers(), p.token);
      expect(pending.status).toBe(201);
      expect((await post()).status).toBe(403); // under review is not verified yet
      const [app] = await applicationsOf(p.id);
      await decideVerification(t.db, app!.id, { status: "success" });
      expect((await post()).status).toBe(201);
    } finally {
      await t.db
        .update(settings)
        .set({ value: false })
        .where(eq(settings.key, "verification_required_for_user"));
    }
  });
});

async function fieldsById() {
  const fields = (await t.call("get-agent-verification-form-fields")).body.data as Question[];
  return Object.fromEntries(fields.map((f) => [f.id, f]));
}

/** Every required question answered (both text ones), with a PDF for the file. */
async function fullAnswers() {
  const second = Object.values(await fieldsById()).find(
    (f) => f.field_type === "text" && f.id !== q.text!.id,
  )!;
  const form = await answers({ file: file(pdf(), "licence.pdf", "application/pdf") });
  form.append("form_fields[20][id]", String(second.id));
  form.append("form_fields[20][value]", "BRN-10001");
  return form;
}
