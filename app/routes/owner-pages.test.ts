// The owner's pages as React Router calls them. The listing gates as the add pages meet them: the
// loader that decides whether the form opens, and the action that posts it anyway. Each person is put into one state in the database
// (the states an admin or the packages page would leave them in) and signed in with a real session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { properties, settings, userPackageFeatures, userPackages, users } from "~server/db/schema";
import { gateOf, type GateReason } from "~server/api/packages/quota";
import { startSession } from "~/lib/session.server";
import * as addProperty from "./user-add-property";
import * as addProject from "./user-add-project";
import * as myProperty from "./my-property";
import { FAR_RENTAL } from "../../tests/fixtures/far-rental";
import { routeArgs as args } from "~/lib/route-args.testing";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());

/** A signed-up person with a complete profile and the starter package: the state every gate starts from. */
async function lister(name: string) {
  const acct = await emulatorAccount(t.auth, name);
  await t.call("user_signup", { token: acct.idToken, body: { name, auth_id: acct.uid, email: acct.email } });
  const done = await t.call("update_profile", {
    token: acct.idToken,
    body: {
      mobile: "+971501112233",
      address: "1 Marina Walk, Dubai",
      profile: "https://example.test/lister.webp",
    },
  });
  expect(done.status).toBe(200);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.firebase_id, acct.uid));
  return { id: row!.id, cookie: await startSession(acct.idToken) };
}

/** What an admin, the packages page or time would do to put someone behind each gate. */
const PUT_INTO: Record<GateReason, (userId: number) => Promise<unknown>> = {
  deactivated: (id) => t.db.update(users).set({ is_active: false }).where(eq(users.id, id)),
  profile: (id) => t.db.update(users).set({ profile: null }).where(eq(users.id, id)),
  // The setting is global: the other cases run after it is switched back off.
  verification: async () => {
    await t.db
      .insert(settings)
      .values({ key: "verification_required_for_user", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
  },
  no_package: (id) => t.db.delete(userPackages).where(eq(userPackages.user_id, id)),
  // Holding a package that does not include listing properties.
  feature_unavailable: (id) =>
    t.db
      .delete(userPackageFeatures)
      .where(
        sql`${userPackageFeatures.type} = 'property_list' and ${userPackageFeatures.user_package_id} in (select id from user_packages where user_id = ${id})`,
      ),
  limit: (id) =>
    t.db
      .update(userPackageFeatures)
      .set({ used: sql`${userPackageFeatures.total}` })
      .where(
        sql`${userPackageFeatures.type} = 'property_list' and ${userPackageFeatures.user_package_id} in (select id from user_packages where user_id = ${id})`,
      ),
};

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 110, b: 90 } } })
    .jpeg()
    .toBuffer();

async function propertyForm() {
  const [category] = (await t.call("get_categories")).body.data as { id: number }[];
  const fd = new FormData();
  const fields: Record<string, string> = {
    ...FAR_RENTAL,
    title: "A flat that must not be posted",
    category_id: String(category!.id),
    price: "9000",
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set("title_image", new File([new Uint8Array(await jpeg())], "front.jpg", { type: "image/jpeg" }));
  return fd;
}

describe("listing gates on the add pages", () => {
  for (const reason of [
    "deactivated",
    "profile",
    "verification",
    "no_package",
    "feature_unavailable",
    "limit",
  ] as const satisfies GateReason[]) {
    it(`${reason}: both add forms stay shut with the spec's message and where OK leads; a post is refused`, async () => {
      const person = await lister(`Gated ${reason}`);
      // Open before the change: the form is there.
      const open = (await addProperty.loader(await args("/user/add-property", person.cookie))) as {
        gate: unknown;
        form: unknown;
      };
      expect(open.gate).toBeNull();
      expect(open.form).not.toBeNull();

      await PUT_INTO[reason](person.id);
      try {
        // The property form's gate; a missing feature is worded for listing properties.
        const gate = gateOf(reason, "property_list");
        const want = {
          message: gate.message,
          href: gate.href,
          ...("help" in gate ? { help: gate.help } : {}),
        };
        const property = (await addProperty.loader(await args("/user/add-property", person.cookie))) as {
          gate: unknown;
          form: unknown;
        };
        expect(property.gate).toEqual(want);
        // Allowances are per kind: a used-up or missing property allowance leaves projects open.
        const project = (await addProject.loader(await args("/user/add-project", person.cookie))) as {
          gate: unknown;
        };
        if (reason === "limit" || reason === "feature_unavailable") expect(project.gate).toBeNull();
        else expect(project.gate).toEqual(want);

        // Posting anyway (a form kept open from before): refused with the same words, nothing stored.
        const count = async () =>
          (
            await t.db.execute<{ n: number }>(
              sql`select count(*)::int as n from properties where added_by = ${person.id}`,
            )
          ).rows[0]!.n;
        const res = (await addProperty.action(
          await args("/user/add-property", person.cookie, { method: "POST", body: await propertyForm() }),
        )) as unknown as {
          init: { status: number };
          data: { error: Record<string, string[]> };
        };
        expect(res.init.status).toBe(400);
        expect(JSON.stringify(res.data.error)).toContain(gate.message);
        expect(await count()).toBe(0);
      } finally {
        if (reason === "verification")
          await t.db
            .update(settings)
            .set({ value: false })
            .where(eq(settings.key, "verification_required_for_user"));
      }
    });
  }
});

describe("the owner's status forms", () => {
  it("a change the API refuses stays on the page as 'Failed to Update Status' with the reason, and nothing changes", async () => {
    const person = await lister("Status Owner");
    const posted = (await addProperty.action(
      await args("/user/add-property", person.cookie, { method: "POST", body: await propertyForm() }),
    )) as unknown as Response;
    expect(posted.status).toBe(302);
    const [row] = await t.db.select().from(properties).where(eq(properties.added_by, person.id));
    // Waiting for review: the owner may not switch it on or off yet.
    await t.db.update(properties).set({ request_status: "pending" }).where(eq(properties.id, row!.id));
    const body = new URLSearchParams({ intent: "status", id: String(row!.id), status: "inactive" });
    const res = (await myProperty.action(
      await args(`/my-property/${row!.slug_id}`, person.cookie, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    )) as unknown as { init: { status: number }; data: { error: string; reason: string } };
    expect(res.init.status).toBe(400);
    expect(res.data).toEqual({
      error: "Failed to Update Status",
      reason: "A listing can be switched on or off once it is approved",
    });
    const [after] = await t.db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, row!.id));
    expect(after!.status).toBe("active");
  });
});
