// Packages in the admin console: made, changed, retired and deleted by an admin, each with its line
// in the audit log; what people already hold never changes; a retired package leaves the shop
// window but keeps working for its holders; a mistake is a 400 with its message on the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { adminAuditLog, packages, settings, userPackageFeatures, userPackages } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;

beforeAll(async () => {
  t = await createTestApi();
  admin = await signedUpAdmin(t, "Package Admin");
});
afterAll(() => t?.close());

const save = (body: Record<string, unknown>) => t.call("admin/save-package", { token: admin.token, body });
const lastAudit = async (targetId: number) =>
  (
    await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, "package"), eq(adminAuditLog.target_id, String(targetId))))
      .orderBy(desc(adminAuditLog.id))
      .limit(1)
  )[0]!;
const offered = async (token?: string) =>
  (await t.call("get-package", { token })).body.data.packages as {
    id: number;
    name: string;
    features: { type: string; limit: number | null }[];
  }[];

const HARBOUR = {
  name: "Harbour Pro",
  name_ar: "هاربر برو",
  price: "120.50",
  validity_days: 30,
  property_list: "limited",
  property_list_limit: 3,
  project_list: "unlimited",
  premium_properties: true,
};

describe("admin/save-package", () => {
  it("makes a package with its Arabic name, price in minor units and features, and logs it", async () => {
    const r = await save(HARBOUR);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: "Harbour Pro",
      name_ar: "هاربر برو",
      price_minor: 12050,
      price: "120.50",
      validity_days: 30,
      status: "on_sale",
      holders: 0,
      deletable: true,
    });
    expect(r.body.data.features).toEqual([
      { type: "property_list", limit: 3 },
      { type: "project_list", limit: null },
      { type: "premium_properties", limit: null },
    ]);
    const log = await lastAudit(r.body.data.id);
    expect(log).toMatchObject({ action: "package.create", admin_email: admin.email, before: null });
    expect(log.after).toMatchObject({
      name: "Harbour Pro",
      price_minor: 12050,
      property_list: 3,
      project_list: "unlimited",
      premium_properties: "unlimited",
      property_feature: null,
    });
    // On sale at once, in both languages.
    expect((await offered()).find((p) => p.id === r.body.data.id)?.features).toHaveLength(3);
    const ar = await t.call("get-package", { lang: "ar" });
    expect(ar.body.data.packages.find((p: { id: number }) => p.id === r.body.data.id).name).toBe("هاربر برو");
  });

  it("answers a mistake with 400 and the message on each field, and saves nothing", async () => {
    const before = (await t.db.select().from(packages)).length;
    const r = await save({
      name: " ",
      validity_days: 0,
      price: "-5",
      property_feature: "limited",
      project_feature: "limited",
      project_feature_limit: 0,
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({
      name: ["Name is required"],
      validity_days: ["Validity must be at least 1 day"],
      price: ["Price must be 0 or more"],
      property_feature_limit: ["A limited feature needs a limit of 1 or more"],
      project_feature_limit: ["A limited feature needs a limit of 1 or more"],
    });
    // Not free, so it needs a price; and only a free package is once per account.
    const paid = await save({ name: "No Price", validity_days: 10, once_per_user: true });
    expect(paid.body.errors).toEqual({
      price: ["A package that is not free needs a price above 0"],
      once_per_user: ["Only a free package can be limited to once per account"],
    });
    const fils = await save({ name: "Odd Price", validity_days: 10, price: "1.005" });
    expect([fils.status, fils.body.errors]).toEqual([
      400,
      { price: ["Price has more decimals than the currency"] },
    ]);
    expect((await save({ id: 99999999, name: "Ghost", validity_days: 1, is_free: true })).status).toBe(404);
    // A currency with three decimals: the form's highest price is more minor units than the column holds.
    await t.db
      .insert(settings)
      .values({ key: "selected_currency_data", value: { code: "KWD", symbol: "KD", name: "Kuwaiti Dinar" } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { code: "KWD", symbol: "KD", name: "Kuwaiti Dinar" } },
      });
    try {
      const huge = await save({ name: "Palace", validity_days: 10, price: "9999999" });
      expect([huge.status, huge.body.errors]).toEqual([400, { price: ["Price is too high"] }]);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "selected_currency_data"));
    }
    expect((await t.db.select().from(packages)).length).toBe(before);
  });

  it("free means price 0; a changed package never changes what its holders already have", async () => {
    const made = (
      await save({
        name: "Open House",
        is_free: true,
        price: "99",
        validity_days: 7,
        property_list: "limited",
        property_list_limit: 2,
      })
    ).body.data;
    expect(made).toMatchObject({ is_free: true, price_minor: 0 });
    const holder = await signedUp(t, "Early Holder");
    expect(
      (await t.call("assign_package", { token: holder.token, body: { package_id: made.id } })).status,
    ).toBe(200);

    const r = await save({
      id: made.id,
      name: "Open House Plus",
      is_free: true,
      validity_days: 14,
      property_list: "limited",
      property_list_limit: 9,
      mortgage_calculator_detail: "1",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "Open House Plus",
      validity_days: 14,
      holders: 1,
      deletable: false,
    });
    const log = await lastAudit(made.id);
    expect(log.action).toBe("package.update");
    expect(log.before).toMatchObject({
      name: "Open House",
      validity_days: 7,
      property_list: 2,
      mortgage_calculator_detail: null,
    });
    expect(log.after).toMatchObject({
      name: "Open House Plus",
      validity_days: 14,
      property_list: 9,
      mortgage_calculator_detail: "unlimited",
    });

    const [held] = await t.db
      .select({ total: userPackageFeatures.total, type: userPackageFeatures.type })
      .from(userPackageFeatures)
      .innerJoin(userPackages, eq(userPackages.id, userPackageFeatures.user_package_id))
      .where(and(eq(userPackages.user_id, holder.id), eq(userPackages.package_id, made.id)));
    expect(held).toEqual({ total: 2, type: "property_list" });
  });
});

describe("admin/retire-package and admin/delete-package", () => {
  it("retiring hides it from sale; its holder keeps it; it can go back on sale", async () => {
    const pkg = (
      await save({
        name: "Sunset Deal",
        is_free: true,
        validity_days: 30,
        project_feature: "limited",
        project_feature_limit: 1,
      })
    ).body.data;
    const holder = await signedUp(t, "Sunset Holder");
    await t.call("assign_package", { token: holder.token, body: { package_id: pkg.id } });

    const r = await t.call("admin/retire-package", {
      token: admin.token,
      body: { id: pkg.id, retired: true },
    });
    expect([r.status, r.body.message, r.body.data.status]).toEqual([200, "Package retired", "retired"]);
    expect(await lastAudit(pkg.id)).toMatchObject({
      action: "package.retire",
      before: { status: "on_sale" },
      after: { status: "retired" },
    });
    expect((await offered(holder.token)).map((p) => p.id)).not.toContain(pkg.id);
    // Nobody takes it any more…
    const other = await signedUp(t, "Too Late");
    expect(
      (await t.call("assign_package", { token: other.token, body: { package_id: pkg.id } })).status,
    ).toBe(404);
    // …but its holder still has it and can use it.
    const mine = (await t.call("get-package", { token: holder.token })).body.data.active as {
      package_id: number;
    }[];
    expect(mine.map((h) => h.package_id)).toContain(pkg.id);
    expect(
      (await t.call("check-package-limit", { token: holder.token, query: { type: "project_feature" } })).body
        .data,
    ).toMatchObject({ feature_available: true, limit_available: true });
    // The console still lists it, with its holder.
    const list = (await t.call("admin/packages", { token: admin.token })).body.data as {
      id: number;
      status: string;
      holders: number;
    }[];
    expect(list.find((p) => p.id === pkg.id)).toMatchObject({ status: "retired", holders: 1 });

    // Retiring twice changes nothing and logs nothing.
    const logged = (await t.db.select().from(adminAuditLog)).length;
    expect(
      (await t.call("admin/retire-package", { token: admin.token, body: { id: pkg.id, retired: true } })).body
        .message,
    ).toBe("Nothing changed");
    expect((await t.db.select().from(adminAuditLog)).length).toBe(logged);

    expect(
      (await t.call("admin/retire-package", { token: admin.token, body: { id: pkg.id, retired: false } }))
        .body.data.status,
    ).toBe("on_sale");
    expect((await lastAudit(pkg.id)).action).toBe("package.restore");
    expect((await offered()).map((p) => p.id)).toContain(pkg.id);
  });

  it("deletes only a package nobody ever held; any other is to be retired", async () => {
    const held = (await t.call("admin/packages", { token: admin.token })).body.data.find(
      (p: { name: string }) => p.name === "Agent",
    );
    const refused = await t.call("admin/delete-package", { token: admin.token, body: { id: held.id } });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      "Someone has bought or held this package, so it cannot be deleted. Retire it instead.",
    ]);

    const unused = (await save({ name: "Never Sold", price: "10", validity_days: 5 })).body.data;
    expect(
      (await t.call("admin/delete-package", { token: admin.token, body: { id: unused.id } })).status,
    ).toBe(200);
    expect(await t.db.select().from(packages).where(eq(packages.id, unused.id))).toEqual([]);
    expect(await lastAudit(unused.id)).toMatchObject({
      action: "package.delete",
      before: { name: "Never Sold", price_minor: 1000 },
      after: null,
    });
  });
});
