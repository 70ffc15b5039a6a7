// The content editors: what an admin creates, changes and deletes (or is refused deleting), the
// Arabic served by the public calls, the audit row written with each change, and messages on the
// field for bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { adminAuditLog } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 12 });
  admin = await signedUpAdmin(t, "Content Admin");
});
afterAll(() => t?.close());

const as = (name: string, body?: unknown, query?: Record<string, string>) =>
  t.call(name, { token: admin.token, body, query, method: body === undefined ? "GET" : "POST" });

/** The newest audit row of a record. */
async function lastAudit(target_type: string, id: number) {
  const [row] = await t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, target_type), eq(adminAuditLog.target_id, String(id))))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row!;
}

describe("categories and their details", () => {
  it("a new detail with Arabic options, asked by a new category in order; public calls serve the Arabic", async () => {
    const bad = await as("admin/save-parameter", { name: " ", type_of_parameter: "dropdown", options: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.name).toEqual(["Name is required"]);
    const noOptions = await as("admin/save-parameter", {
      name: "Sea access",
      type_of_parameter: "dropdown",
      options: [{ value: "", ar: "" }],
    });
    expect(noOptions.body.errors).toEqual({ options: ["A choice needs at least one option"] });
    const comma = await as("admin/save-parameter", {
      name: "Sea access",
      type_of_parameter: "checkbox",
      options: [{ value: "Beach, private" }],
    });
    expect(comma.body.errors.options).toEqual(["Commas are not allowed in an option"]);

    const made = await as("admin/save-parameter", {
      name: "Sea access",
      name_ar: "الوصول إلى البحر",
      type_of_parameter: "radio",
      options: [
        { value: "Private beach", ar: "شاطئ خاص" },
        { value: "Public beach", ar: "شاطئ عام" },
      ],
      image: "🏖️",
    });
    expect(made.status).toBe(200);
    const paramId = made.body.data.id as number;
    const area = (await as("admin/parameters")).body.data.find((p: { name: string }) => p.name === "Area");

    const noName = await as("admin/save-category", { category: "", parameter_ids: [paramId] });
    expect(noName.body.errors).toEqual({ category: ["Name is required"] });
    const cat = await as("admin/save-category", {
      category: "Beach Houses",
      category_ar: "بيوت الشاطئ",
      image: "🏝️",
      parameter_ids: [paramId, area.id],
    });
    expect(cat.status).toBe(200);
    expect(cat.body.data.slug_id).toBe("beach-houses");
    const catId = cat.body.data.id as number;
    // A second category of the same name gets a slug of its own; a typed slug that is taken is refused.
    const twin = await as("admin/save-category", { category: "Beach Houses", status: "0" });
    expect(twin.body.data.slug_id).toBe("beach-houses-2");
    const clash = await as("admin/save-category", {
      id: twin.body.data.id,
      category: "Beach Houses",
      slug_id: "Beach Houses",
    });
    expect(clash.body.errors).toEqual({ slug_id: ["Another category has this slug"] });

    const ar = (await t.call("get_categories", { lang: "ar" })).body.data.find(
      (c: { id: number }) => c.id === catId,
    );
    expect(ar.category).toBe("بيوت الشاطئ");
    expect(ar.parameter_types.map((p: { id: number }) => p.id)).toEqual([paramId, area.id]);
    expect(ar.parameter_types[0]).toMatchObject({
      name: "الوصول إلى البحر",
      type_of_parameter: "radio",
      type_values: [
        { value: "Private beach", label: "شاطئ خاص" },
        { value: "Public beach", label: "شاطئ عام" },
      ],
    });
    // Switched off, the twin is not offered.
    expect(
      (await t.call("get_categories")).body.data.some((c: { id: number }) => c.id === twin.body.data.id),
    ).toBe(false);

    // Reordered: the order asked is the order served; the audit row holds both.
    expect(
      (
        await as("admin/save-category", {
          id: catId,
          category: "Beach Houses",
          category_ar: "بيوت الشاطئ",
          parameter_ids: [area.id, paramId],
        })
      ).status,
    ).toBe(200);
    const en = (await t.call("get_categories")).body.data.find((c: { id: number }) => c.id === catId);
    expect(en.parameter_types.map((p: { id: number }) => p.id)).toEqual([area.id, paramId]);
    const log = await lastAudit("category", catId);
    expect(log).toMatchObject({ action: "category.update", admin_email: admin.email });
    expect(log.before).toMatchObject({ parameter_ids: [paramId, area.id], slug_id: "beach-houses" });
    expect(log.after).toMatchObject({
      parameter_ids: [area.id, paramId],
      translations: { ar: { category: "بيوت الشاطئ" } },
    });

    // Not used by any listing: deleted, with its audit row.
    expect((await as("admin/delete-category", { id: twin.body.data.id })).status).toBe(200);
    expect(await lastAudit("category", twin.body.data.id)).toMatchObject({
      action: "category.delete",
      after: null,
      before: { category: "Beach Houses" },
    });
  });

  it("refuses to delete a category or detail listings use, and keeps a used option and type", async () => {
    const [used] = (
      await t.db.execute<{ category_id: number; parameter_id: number; value: string }>(sql`
      select p.category_id, a.parameter_id, a.value from assign_parameters a join properties p on p.id = a.property_id
      join parameters prm on prm.id = a.parameter_id where prm.type_of_parameter = 'dropdown' limit 1`)
    ).rows;
    const cat = await as("admin/delete-category", { id: used!.category_id });
    expect(cat.status).toBe(409);
    expect(cat.body.message).toMatch(/Switch it off instead/);
    const prm = await as("admin/delete-parameter", { id: used!.parameter_id });
    expect(prm.status).toBe(409);
    expect(prm.body.message).toMatch(/Take it out of its categories instead/);

    const read = (await as("admin/parameters", undefined, { id: String(used!.parameter_id) })).body.data[0];
    // What the save call takes of what the list gives (it refuses fields it does not read).
    const { id, name, name_ar, type_of_parameter, options, unit, image } = read;
    const current = { id, name, name_ar, type_of_parameter, options, unit, image };
    const retype = await as("admin/save-parameter", { ...current, type_of_parameter: "text" });
    expect(retype.body.errors).toEqual({
      type_of_parameter: ["Listings have filled in this detail, so its type cannot change"],
    });
    const dropped = await as("admin/save-parameter", {
      ...current,
      options: current.options.filter((o: { value: string }) => o.value !== used!.value),
    });
    expect(dropped.body.errors.options).toEqual([
      "Listings chose an option that was taken out: keep it (its Arabic label can change)",
    ]);
    // Its Arabic labels can change.
    const relabelled = await as("admin/save-parameter", {
      ...current,
      options: current.options.map((o: { value: string; ar: string }) => ({ ...o, ar: `${o.ar} ✓` })),
    });
    expect(relabelled.status).toBe(200);
    const log = await lastAudit("parameter", used!.parameter_id);
    expect(log.action).toBe("parameter.update");
    expect(
      (log.after as { type_values: { translations: { ar: string } }[] }).type_values[0]!.translations.ar,
    ).toMatch(/✓$/);

    const nobody = await as("admin/delete-parameter", {
      id: (await as("admin/save-parameter", { name: "Unused detail", type_of_parameter: "number" })).body.data
        .id,
    });
    expect(nobody.status).toBe(200);
  });
});

describe("facilities", () => {
  it("created and renamed in both languages, deleted when unused, refused when listings name it", async () => {
    expect((await as("admin/save-facility", { name: "" })).body.errors).toEqual({
      name: ["Name is required"],
    });
    const made = await as("admin/save-facility", { name: "Marina", name_ar: "مرسى اليخوت", image: "⛵" });
    const id = made.body.data.id as number;
    expect(await lastAudit("facility", id)).toMatchObject({
      action: "facility.create",
      before: null,
      after: { name: "Marina", translations: { ar: { name: "مرسى اليخوت" } } },
    });
    await as("admin/save-facility", { id, name: "Yacht marina", name_ar: "مرسى اليخوت الكبير" });
    const ar = (await t.call("get_facilities", { lang: "ar" })).body.data.find(
      (f: { id: number }) => f.id === id,
    );
    expect(ar).toEqual({ id, name: "مرسى اليخوت الكبير", image: null });
    expect((await as("admin/delete-facility", { id })).status).toBe(200);

    const [near] = (
      await t.db.execute<{ facility_id: number }>(sql`select facility_id from assign_facilities limit 1`)
    ).rows;
    const refused = await as("admin/delete-facility", { id: near!.facility_id });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      "Listings name this facility, so it cannot be deleted. Rename it instead if it is wrong.",
    ]);
  });
});

describe("report reasons", () => {
  it("a new reason is offered in Arabic; once reported it is retired, not deleted", async () => {
    expect((await as("admin/save-report-reason", { reason: "" })).body.errors).toEqual({
      reason: ["Reason is required"],
    });
    const made = await as("admin/save-report-reason", { reason: "Wrong photos", reason_ar: "صور غير صحيحة" });
    const id = made.body.data.id as number;
    expect((await t.call("get_report_reasons", { lang: "ar" })).body.data).toContainEqual({
      id,
      reason: "صور غير صحيحة",
    });

    const reporter = await signedUp(t, "Careful Reader");
    const [listing] = (
      await t.db.execute<{ id: number }>(
        sql`select id from properties where request_status = 'approved' and status = 'active' limit 1`,
      )
    ).rows;
    expect(
      (
        await t.call("add_reports", {
          token: reporter.token,
          body: { property_id: listing!.id, reason_id: id },
        })
      ).status,
    ).toBe(201);
    const refused = await as("admin/delete-report-reason", { id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Switch it off instead/);

    await as("admin/save-report-reason", {
      id,
      reason: "Wrong photos",
      reason_ar: "صور غير صحيحة",
      status: false,
    });
    expect((await t.call("get_report_reasons")).body.data.some((r: { id: number }) => r.id === id)).toBe(
      false,
    );
    expect(
      (await as("admin/report-reasons")).body.data.find((r: { id: number }) => r.id === id),
    ).toMatchObject({ status: false, reports: 1 });
    expect(await lastAudit("report_reason", id)).toMatchObject({
      action: "report_reason.update",
      before: { status: true },
      after: { status: false },
    });
  });
});

describe("report reasons about people", () => {
  it("a person's reason is offered about people and the team, not about listings, and keeps its kind when edited", async () => {
    const made = await as("admin/save-report-reason", {
      reason: "Asks for a deposit before a viewing",
      reason_ar: "يطلب عربونًا قبل المعاينة",
      applies_to: "person",
    });
    const id = made.body.data.id as number;
    const ids = async (target?: string) =>
      (await t.call("get_report_reasons", { query: target ? { target } : {} })).body.data.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids("user")).toContain(id);
    expect(await ids("admin")).toContain(id);
    expect(await ids()).not.toContain(id);
    await as("admin/save-report-reason", { id, reason: "Asks for money before a viewing" });
    expect(
      (await as("admin/report-reasons")).body.data.find((r: { id: number }) => r.id === id),
    ).toMatchObject({ reason: "Asks for money before a viewing", applies_to: "person" });
    expect((await as("admin/save-report-reason", { reason: "X", applies_to: "agent" })).body.errors).toEqual({
      applies_to: ["applies_to must be listing or person"],
    });
  });
});

describe("articles", () => {
  it("an article with a cover in both languages is on get_articles at once; its photo is replaced and removed with it", async () => {
    const cat = await as("admin/save-article-category", { name: "Market news", name_ar: "أخبار السوق" });
    expect(cat.body.data.slug_id).toBe("market-news");
    const empty = await as("admin/save-article", { title: "", body: "" });
    expect(empty.body.errors).toEqual({
      title: ["Title is required"],
      body: ["Description field is required"],
    });

    const send = async (fields: Record<string, string>, photo?: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (photo) form.append("image", new File([new Uint8Array(photo)], "cover.jpg", { type: "image/jpeg" }));
      const res = await t.api.fetch(
        new Request("http://test/api/admin/save-article", {
          method: "POST",
          headers: { authorization: `Bearer ${admin.token}` },
          body: form,
        }),
      );
      return {
        status: res.status,
        body: (await res.json()) as {
          data: { id: number; slug_id: string };
          errors?: Record<string, string[]>;
        },
      };
    };
    const tiny = await send(
      { title: "Tiny", body: "Text" },
      await sharp({ create: { width: 60, height: 60, channels: 3, background: "#333" } })
        .jpeg()
        .toBuffer(),
    );
    expect(tiny.body.errors).toEqual({ image: ["Photos must be at least 120x120"] });

    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#4a7" } })
      .jpeg()
      .toBuffer();
    const fields = {
      title: "Prices by the sea in spring",
      title_ar: "الأسعار على البحر في الربيع",
      summary: "What changed.",
      summary_ar: "ما الذي تغير.",
      body: "One.\n\nTwo.",
      body_ar: "واحد.\n\nاثنان.",
      category_id: String(cat.body.data.id),
    };
    const made = await send(fields, photo);
    expect(made.status).toBe(200);
    const { id, slug_id } = made.body.data;
    expect(slug_id).toBe("prices-by-the-sea-in-spring");

    const ar = (await t.call("get_articles", { lang: "ar", query: { slug_id } })).body.data[0];
    expect(ar).toMatchObject({
      title: "الأسعار على البحر في الربيع",
      summary: "ما الذي تغير.",
      body: "واحد.\n\nاثنان.",
      category: { name: "أخبار السوق" },
    });
    expect(
      ar.image.variants.map((v: { width: number; avif?: string }) => [v.width, Boolean(v.avif)]),
    ).toEqual([
      [320, true],
      [640, true],
    ]);
    const firstKey = ar.image.url.replace(/^\/uploads\//, "").replace(/-\d+\.(webp|avif)$/, "");
    expect(firstKey).toMatch(/^articles\//);
    expect(await t.storage.exists(`${firstKey}-640.avif`)).toBe(true);
    expect(await lastAudit("article", id)).toMatchObject({
      action: "article.create",
      before: null,
      after: { slug_id, status: true },
    });

    // A new cover replaces the old one's files; a draft leaves the public list.
    const changed = await send(
      { ...fields, id: String(id), status: "0" },
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a47" } })
        .png()
        .toBuffer(),
    );
    expect(changed.status).toBe(200);
    expect(await t.storage.exists(`${firstKey}-640.webp`)).toBe(false);
    expect((await t.call("get_articles", { query: { slug_id } })).body.data).toEqual([]);
    const edited = (await as("admin/article", undefined, { id: String(id) })).body.data;
    expect(edited).toMatchObject({ status: false, body_ar: "واحد.\n\nاثنان.", slug_id });

    expect((await as("admin/delete-article-category", { id: cat.body.data.id })).status).toBe(409);
    const gone = await as("admin/delete-article", { id });
    expect(gone.status).toBe(200);
    expect(
      await t.storage.exists(
        `${edited.image.url.replace(/^\/uploads\//, "").replace(/-\d+\.(webp|avif)$/, "")}-320.webp`,
      ),
    ).toBe(false);
    expect(await lastAudit("article", id)).toMatchObject({ action: "article.delete", after: null });
    expect((await as("admin/delete-article-category", { id: cat.body.data.id })).status).toBe(200);
  });
});

describe("FAQs", () => {
  it("added last in both languages, moved up, hidden and deleted, each change in the audit log", async () => {
    const empty = await as("admin/save-faq", { question: "", answer: "" });
    expect(empty.body.errors).toEqual({ question: ["Question is required"], answer: ["Answer is required"] });
    const made = await as("admin/save-faq", {
      question: "Can I list for free?",
      question_ar: "هل يمكنني النشر مجانًا؟",
      answer: "Yes, once.",
      answer_ar: "نعم، مرة واحدة.",
    });
    const id = made.body.data.id as number;
    const list = (await t.call("faqs", { lang: "ar" })).body.data;
    expect(list.at(-1)).toEqual({ id, question: "هل يمكنني النشر مجانًا؟", answer: "نعم، مرة واحدة." });

    expect((await as("admin/move-faq", { id, direction: "up" })).status).toBe(200);
    const moved = (await t.call("faqs")).body.data.map((f: { id: number }) => f.id);
    expect(moved.at(-2)).toBe(id);
    expect((await lastAudit("faq", id)).action).toBe("faq.move");

    await as("admin/save-faq", { id, question: "Can I list for free?", answer: "Yes, once.", status: "0" });
    expect((await t.call("faqs")).body.data.some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await as("admin/delete-faq", { id })).status).toBe(200);
    expect(await lastAudit("faq", id)).toMatchObject({
      action: "faq.delete",
      before: { question: "Can I list for free?" },
      after: null,
    });
    expect((await as("admin/delete-faq", { id })).status).toBe(404);
  });
});
