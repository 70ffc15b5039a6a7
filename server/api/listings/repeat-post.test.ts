// A posting form sent twice is saved once (decision 046): two identical POSTs with the form's
// token make one listing and take one unit of the package, one after the other or both at once.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let categoryId: number;

/** A signed-in person with a complete profile (spec §6) and the starter package. */
async function lister(name: string) {
  const acc = await emulatorAccount(t.auth, name);
  const signup = await t.call("user_signup", {
    token: acc.idToken,
    body: { name, email: acc.email, mobile: "+971501234567", auth_id: acc.uid },
  });
  expect(signup.status).toBe(200);
  const profile = await t.call("update_profile", {
    token: acc.idToken,
    body: { profile: "https://example.test/me.webp", address: "Marina Walk, Dubai", mobile: "+971501234567" },
  });
  expect(profile.status).toBe(200);
  return { token: acc.idToken, id: signup.body.data.id as number };
}

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const photo = async () => new File([new Uint8Array(await jpeg())], "front.jpg", { type: "image/jpeg" });

const PLACE = {
  country: "United Arab Emirates",
  state: "Dubai",
  city: "Dubai",
  latitude: "25.08",
  longitude: "55.14",
};

async function propertyForm(extra: Record<string, string> = {}) {
  const f = new FormData();
  const fields = {
    title: "Corner flat over the marina",
    description: "Bright corner flat with a balcony over the water, two bedrooms and a fitted kitchen.",
    category_id: String(categoryId),
    property_type: "sell",
    price: "1250000",
    address: "Marina Walk, Dubai Marina, Dubai",
    ...PLACE,
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("title_image", await photo());
  return f;
}

async function projectForm(extra: Record<string, string> = {}) {
  const f = new FormData();
  const fields = {
    title: "Marina Heights",
    description: "Two towers by the water with a park, a pool and shops on the ground floor.",
    category_id: String(categoryId),
    type: "under_construction",
    location: "Marina Walk, Dubai Marina, Dubai",
    ...PLACE,
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("image", await photo());
  return f;
}

async function post(call: "post_property" | "post_project", form: FormData, token: string) {
  const res = await t.api.fetch(
    new Request(`http://test/api/${call}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

const count = async (table: "properties" | "projects", userId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(table)} where added_by = ${userId}`,
      )
    ).rows[0]!.n,
  );

/** Units of the person's packages used so far, every kind together. */
const used = async (userId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select coalesce(sum(f.used), 0)::int as n from user_package_features f
            join user_packages p on p.id = f.user_package_id where p.user_id = ${userId}`,
      )
    ).rows[0]!.n,
  );

function storedFiles(): string[] {
  const root = (t.storage as unknown as { root: string }).root;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.filter((f) => !f.startsWith("demo")).sort();
}

beforeAll(async () => {
  t = await createTestApi();
  categoryId = (await t.call("get_categories")).body.data[0].id;
});
afterAll(() => t?.close());

describe("a posting form sent twice", () => {
  it("saves one property and takes one unit, answering both posts with it", async () => {
    const owner = await lister("Twice Pressed");
    const token = "form-0123456789abcdef";
    const first = await post("post_property", await propertyForm({ form_token: token }), owner.token);
    const files = storedFiles();
    const second = await post("post_property", await propertyForm({ form_token: token }), owner.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.slug_id).toBe(first.body.data.slug_id);
    expect(await count("properties", owner.id)).toBe(1);
    expect(await used(owner.id)).toBe(1);
    // The second copy's photo was not kept.
    expect(storedFiles()).toEqual(files);
  });

  it("saves one when both copies arrive at once", async () => {
    const owner = await lister("Double Clicker");
    const token = "form-fedcba9876543210";
    const both = await Promise.all([
      post("post_property", await propertyForm({ form_token: token }), owner.token),
      post("post_property", await propertyForm({ form_token: token }), owner.token),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[1]!.body.data.id).toBe(both[0]!.body.data.id);
    expect(await count("properties", owner.id)).toBe(1);
    expect(await used(owner.id)).toBe(1);
  });

  it("saves one project too", async () => {
    const owner = await lister("Project Twice");
    const token = "form-aaaabbbbccccdddd";
    const first = await post("post_project", await projectForm({ form_token: token }), owner.token);
    const second = await post("post_project", await projectForm({ form_token: token }), owner.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await count("projects", owner.id)).toBe(1);
  });

  it("is a new listing from another form, another owner's form or a client without a token", async () => {
    const owner = await lister("Two Forms");
    const other = await lister("Same Token Elsewhere");
    const token = "form-1111222233334444";
    await post("post_property", await propertyForm({ form_token: token }), owner.token);
    await post("post_property", await propertyForm({ form_token: "form-5555666677778888" }), owner.token);
    await post("post_property", await propertyForm(), owner.token);
    await post("post_property", await propertyForm(), owner.token);
    expect(await count("properties", owner.id)).toBe(4);
    const elsewhere = await post("post_property", await propertyForm({ form_token: token }), other.token);
    expect(elsewhere.status).toBe(201);
    expect(await count("properties", other.id)).toBe(1);
  });

  it("refuses a token that is not one", async () => {
    const owner = await lister("Odd Token");
    const r = await post("post_property", await propertyForm({ form_token: "short" }), owner.token);
    expect(r.status).toBe(400);
    expect(r.body.errors.form_token).toEqual(["Invalid form token"]);
  });
});
