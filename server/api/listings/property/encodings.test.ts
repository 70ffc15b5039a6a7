// A listing posted in every encoding a client may use keeps every parameter, facility and photo:
// bracketed names as PHP, Laravel and qs write them, the web form's own names, JSON text in a form,
// a JSON body. A name the call does not take is refused, naming it, never dropped while we say "success".

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let category: {
  id: number;
  parameter_types: { id: number; type_of_parameter: string; type_values: { value: string }[] }[];
};
let facilities: number[];

const jpeg = (r = 200) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const file = async (name: string, r = 200) =>
  new File([new Uint8Array(await jpeg(r))], name, { type: "image/jpeg" });

async function lister(name: string) {
  const acc = await emulatorAccount(t.auth, name);
  await t.call("user_signup", {
    token: acc.idToken,
    body: { name, email: acc.email, mobile: "+971501234567", auth_id: acc.uid },
  });
  await t.call("update_profile", {
    token: acc.idToken,
    body: { profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" },
  });
  return acc.idToken;
}

async function send(name: string, token: string, body: FormData | URLSearchParams | object) {
  const isJson = !(body instanceof FormData) && !(body instanceof URLSearchParams);
  const res = await t.api.fetch(
    new Request(`http://test/api/${name}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(isJson ? { "content-type": "application/json" } : {}),
      },
      body: isJson ? JSON.stringify(body) : (body as BodyInit),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

function base(f: FormData) {
  const fields: Record<string, string> = {
    title: "Every field kept",
    description: "A listing sent in one encoding after another.",
    category_id: String(category.id),
    property_type: "rent",
    rentduration: "monthly",
    price: "9000",
    country: "United Arab Emirates",
    state: "Dubai",
    city: "Dubai",
    address: "Marina Walk, Dubai",
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** The values sent for the category's first three parameters: a number, a choice, a text. */
function answers() {
  return category.parameter_types.slice(0, 3).map((p) => ({
    id: p.id,
    value: p.type_of_parameter === "number" ? "3" : (p.type_values[0]?.value ?? "Sea view"),
  }));
}

/** The parameters and facilities in PHP's bracket names. */
function withBrackets(f: FormData) {
  answers().forEach((a, i) => {
    f.append(`parameters[${i}][parameter_id]`, String(a.id));
    f.append(`parameters[${i}][value]`, a.value);
  });
  facilities.forEach((id, i) => {
    f.append(`facilities[${i}][facility_id]`, String(id));
    f.append(`facilities[${i}][distance]`, i === 0 ? "1.5" : "2");
  });
}

async function readBack(token: string, id: number) {
  const res = await t.call("get-own-property", { token, query: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body.data;
}

function expectAll(own: any, photos: number) {
  expect(own.parameters.map((p: any) => [p.parameter_id, p.value]).sort()).toEqual(
    answers()
      .map((a) => [a.id, a.value])
      .sort(),
  );
  expect(own.facilities.map((f: any) => [f.facility_id, f.distance]).sort()).toEqual(
    [
      [facilities[0], 1.5],
      [facilities[1], 2],
    ].sort(),
  );
  expect(own.gallery_images).toHaveLength(photos);
}

beforeAll(async () => {
  t = await createTestApi();
  const cats = await t.call("get_categories");
  category = cats.body.data.find((c: typeof category) => c.parameter_types.length >= 3);
  facilities = (await t.call("get_facilities")).body.data.slice(0, 2).map((f: { id: number }) => f.id);
}, 60_000);
afterAll(() => t?.close());

describe("post_property in every encoding", () => {
  it("multipart with PHP brackets: parameters[0][parameter_id], facilities[0][distance], gallery_images[0]", async () => {
    const token = await lister("Brackets");
    const f = base(new FormData());
    f.append("title_image", await file("t.jpg"));
    withBrackets(f);
    f.append("gallery_images[0]", await file("a.jpg", 10));
    f.append("gallery_images[1]", await file("b.jpg", 90));
    const r = await send("post_property", token, f);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const own = await readBack(token, r.body.data.id);
    expectAll(own, 2);

    // An edit in the same convention: one photo removed by remove_gallery_images[0], one added.
    const e = base(new FormData());
    e.append("id", String(own.id));
    withBrackets(e);
    e.append("remove_gallery_images[0]", String(own.gallery_images[0].id));
    e.append("gallery_images[0]", await file("c.jpg", 140));
    const edited = await send("update_post_property", token, e);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await readBack(token, own.id);
    expectAll(after, 2);
    expect(after.gallery_images.map((g: any) => g.id)).not.toContain(own.gallery_images[0].id);
  });

  it("the web form's names: param_<id>, facility_<id>, repeated gallery_images", async () => {
    const token = await lister("Form names");
    const f = base(new FormData());
    f.append("title_image", await file("t.jpg"));
    for (const a of answers()) f.append(`param_${a.id}`, a.value);
    f.append(`facility_${facilities[0]}`, "1.5");
    f.append(`facility_${facilities[1]}`, "2");
    f.append("gallery_images", await file("a.jpg", 10));
    f.append("gallery_images", await file("b.jpg", 90));
    f.append("gallery_images", await file("c.jpg", 150));
    const r = await send("post_property", token, f);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expectAll(await readBack(token, r.body.data.id), 3);
  });

  it("JSON text in a form, and gallery_images[] suffixes", async () => {
    const token = await lister("Json text");
    const f = base(new FormData());
    f.append("title_image", await file("t.jpg"));
    f.append("parameters", JSON.stringify(answers().map((a) => ({ parameter_id: a.id, value: a.value }))));
    f.append(
      "facilities",
      JSON.stringify([
        { facility_id: facilities[0], distance: 1.5 },
        { facility_id: facilities[1], distance: 2 },
      ]),
    );
    f.append("gallery_images[]", await file("a.jpg", 10));
    const r = await send("post_property", token, f);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expectAll(await readBack(token, r.body.data.id), 1);
  });

  it("a JSON body edit, with arrays and with bracketed names", async () => {
    const token = await lister("Json body");
    const f = base(new FormData());
    f.append("title_image", await file("t.jpg"));
    const r = await send("post_property", token, f);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.data.id;
    const fields = Object.fromEntries([...base(new FormData()).entries()]);
    const arrays = await send("update_post_property", token, {
      ...fields,
      id,
      parameters: answers().map((a) => ({ parameter_id: a.id, value: a.value })),
      facilities: [
        { facility_id: facilities[0], distance: 1.5 },
        { facility_id: facilities[1], distance: 2 },
      ],
    });
    expect(arrays.status, JSON.stringify(arrays.body)).toBe(200);
    expectAll(await readBack(token, id), 0);
    const bracketed: Record<string, unknown> = { ...fields, id };
    answers().forEach((a, i) => {
      bracketed[`parameters[${i}][parameter_id]`] = a.id;
      bracketed[`parameters[${i}][value]`] = a.value;
    });
    bracketed["facilities[0][facility_id]"] = facilities[0];
    bracketed["facilities[0][distance]"] = 1.5;
    bracketed["facilities[1][facility_id]"] = facilities[1];
    bracketed["facilities[1][distance]"] = 2;
    const flat = await send("update_post_property", token, bracketed);
    expect(flat.status, JSON.stringify(flat.body)).toBe(200);
    expectAll(await readBack(token, id), 0);
  });

  it("refuses what it does not read, naming it, and stores nothing", async () => {
    const token = await lister("Unknown names");
    for (const [name, value] of [
      ["parameter[0][parameter_id]", "1"],
      ["gallery[0]", "x"],
      ["parameters[0][colour]", "red"],
      ["__proto__[admin]", "1"],
    ]) {
      const f = base(new FormData());
      f.append("title_image", await file("t.jpg"));
      f.append(name!, value!);
      const r = await send("post_property", token, f);
      expect(r.status, name).toBe(400);
      expect(JSON.stringify(r.body.errors ?? r.body.message), name).toMatch(
        /parameter|gallery|colour|__proto__/,
      );
    }
    const mine = await t.call("get-added-properties", { token });
    expect(mine.body.total).toBe(0);
  });
});
