import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../../tests/support/testing";
import { MESSAGES, sniff } from "../../uploads.server";

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: { token: string; id: number };
let other: { token: string; id: number };
let category: {
  id: number;
  parameter_types: { id: number; type_of_parameter: string; type_values: { value: string }[] }[];
};
let facilityId: number;

/** A signed-in person with a complete profile (spec §6: listing needs one) and the starter package. */
async function lister(name: string) {
  const acc = await emulatorAccount(t.auth, name);
  const signup = await t.call("user_signup", {
    token: acc.idToken,
    body: { name, email: acc.email, mobile: "+971501234567", auth_id: acc.uid },
  });
  expect(signup.status).toBe(200);
  const profile = await t.call("update_profile", {
    token: acc.idToken,
    body: { profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" },
  });
  expect(profile.status).toBe(200);
  return { token: acc.idToken, id: signup.body.data.id as number };
}

const jpeg = (w = 640, h = 480, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A JPEG whose EXIF holds a GPS position and a camera make. */
async function jpegWithGps() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .withExif({
      IFD0: { Make: "SecretCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "25/1 4/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "55/1 8/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A small PNG whose header claims 30000×30000 pixels: decoding it would need gigabytes. */
async function bomb(width = 30_000, height = 30_000) {
  const b = Buffer.from(await png(200, 200));
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
  return b;
}

const file = (bytes: Buffer, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

async function multipart(name: string, form: FormData, token?: string) {
  const res = await t.api.fetch(
    new Request(`http://test/api/${name}`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    }),
  );

  return { status: res.status, body: (await res.json()) as any };
}

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
  return out.filter((f) => !f.startsWith("demo"));
}

const countOf = async (userId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from properties where added_by = ${userId}`,
      )
    ).rows[0]!.n,
  );

async function baseForm(extra: Record<string, string | File | (string | File)[]> = {}) {
  const f = new FormData();
  const fields: Record<string, string | File | (string | File)[]> = {
    title: "Sunny two-bedroom flat by the marina",
    description: "Bright corner flat with a balcony over the water, two bedrooms and a fitted kitchen.",
    category_id: String(category.id),
    property_type: "sell",
    price: "1250000",
    country: "United Arab Emirates",
    state: "Dubai",
    city: "Dubai",
    address: "Marina Walk, Dubai Marina, Dubai",
    latitude: "25.08",
    longitude: "55.14",
    title_image: file(await jpeg(), "front.jpg"),
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) f.append(k, item);
  return f;
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await lister("Owner Person");
  other = await lister("Other Person");
  const cats = await t.call("get_categories");
  category = cats.body.data.find((c: typeof category) =>
    c.parameter_types.some((p) => p.type_of_parameter === "checkbox"),
  );
  facilityId = (await t.call("get_facilities")).body.data[0].id;
}, 60_000);
afterAll(() => t?.close());

describe("post_property", () => {
  it("refuses an empty form with the spec's message on each field", async () => {
    const r = await multipart("post_property", new FormData(), owner.token);
    expect(r.status).toBe(400);
    expect(r.body.errors.title).toEqual(["Title is required"]);
    expect(r.body.errors.description).toEqual(["Description field is required"]);
    expect(r.body.errors.price).toEqual(["Price is required"]);
    expect(r.body.errors.category_id).toEqual(["Please select Category"]);
    expect(r.body.errors.title_image).toEqual(["Please select a Title Image"]);
    expect(r.body.errors.location).toEqual([
      "City, state, country and formatted address must all be present",
    ]);
  });

  it("needs a signed-in caller", async () => {
    const r = await multipart("post_property", await baseForm());
    expect(r.status).toBe(401);
  });

  it("asks for a rent duration when the property is for rent", async () => {
    const r = await multipart("post_property", await baseForm({ property_type: "rent" }), owner.token);
    expect(r.status).toBe(400);
    expect(r.body.errors.rentduration).toEqual(["Please select a rent duration"]);
  });

  it("posts a listing with photos, documents, parameters and facilities, stripped of EXIF, originals private", async () => {
    const before = storedFiles().length;
    const checkbox = category.parameter_types.find((p) => p.type_of_parameter === "checkbox")!;
    const number = category.parameter_types.find((p) => p.type_of_parameter === "number")!;
    const form = await baseForm({
      title_image: file(await jpegWithGps(), "front.jpg"),
      gallery_images: [file(await png(), "a.png", "image/png"), file(await jpeg(400, 300, 10), "b.jpg")],
      documents: file(pdf(), "floor plan.pdf", "application/pdf"),
      meta_title: "A title for search engines that is much longer than sixty characters in all",
      meta_description: "Too short",
      [`param_${number.id}`]: "3",
      [`param_${checkbox.id}`]: [checkbox.type_values[0]!.value, checkbox.type_values[1]!.value],
      [`facility_${facilityId}`]: "1.5",
    });
    const r = await multipart("post_property", form, owner.token);
    expect(r.status).toBe(201);
    expect(r.body.data.request_status).toBe("approved");
    expect(r.body.data.slug_id).toMatch(/^sunny-two-bedroom-flat-by-the-marina-[0-9a-f]{8}$/);
    expect(Object.keys(r.body.data.warnings).sort()).toEqual(["meta_description", "meta_title"]);

    const own = await t.call("get-own-property", {
      token: owner.token,
      query: { id: String(r.body.data.id) },
    });
    const p = own.body.data;
    expect(p.title_image.variants.length).toBeGreaterThan(0);
    expect(p.gallery_images).toHaveLength(2);
    expect(p.documents).toEqual([expect.objectContaining({ name: "floor plan.pdf" })]);
    expect(p.parameters).toEqual(
      expect.arrayContaining([
        { parameter_id: number.id, value: "3" },
        {
          parameter_id: checkbox.id,
          value: `${checkbox.type_values[0]!.value},${checkbox.type_values[1]!.value}`,
        },
      ]),
    );
    expect(p.facilities).toEqual([{ facility_id: facilityId, distance: 1.5 }]);

    // The public page shows it (auto_approve is on by default).
    const pub = await t.call("get_property", { query: { slug_id: r.body.data.slug_id } });
    expect(pub.body.data[0].gallery).toHaveLength(3);

    const files = storedFiles().slice(before);
    expect(storedFiles().length).toBeGreaterThan(before);
    const originals = storedFiles().filter((f) => f.startsWith("private/originals/"));
    expect(originals.length).toBeGreaterThanOrEqual(3);
    // What is served, WebP and AVIF alike, has no EXIF: no camera, no position.
    const variant = p.title_image.variants[0];
    expect(variant.url).toMatch(/\.webp$/);
    expect(variant.avif).toBe(variant.url.replace(/\.webp$/, ".avif"));
    for (const [url, format] of [
      [variant.url, "webp"],
      [variant.avif, "heif"],
    ]) {
      const served = await t.storage.get(url.replace("/uploads/", ""));
      const meta = await sharp(served!).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(served!.includes(Buffer.from("SecretCam"))).toBe(false);
    }
    expect(files.every((f) => !f.endsWith(".tmp"))).toBe(true);
  });

  it("judges photos by their bytes: wrong type, too small, a decompression bomb, a strip; nothing is stored", async () => {
    const before = storedFiles();
    const count = await countOf(owner.id);
    const cases: [File, string, string][] = [
      [file(Buffer.from("GIF89a not really a photo"), "photo.jpg"), "title_image", MESSAGES.photoType],
      [file(await jpeg(100, 100), "tiny.jpg"), "title_image", MESSAGES.photoSmall],
      [file(await bomb(), "bomb.png", "image/png"), "title_image", MESSAGES.photoPixels],
      // Within 40 megapixels, but a side or a shape no photo has: seconds of work and hundreds of MB.
      [file(await bomb(120, 333_000), "strip.png", "image/png"), "title_image", MESSAGES.photoSide],
      [file(await bomb(16_400, 2_000), "wide.png", "image/png"), "title_image", MESSAGES.photoSide],
      [file(await bomb(1_300, 120), "band.png", "image/png"), "gallery_images", MESSAGES.photoShape],
    ];
    for (const [f, field, message] of cases) {
      const r = await multipart("post_property", await baseForm({ [field]: f }), owner.token);
      expect(r.status, message).toBe(400);
      expect(r.body.errors[field]).toEqual([message]);
    }
    const badDoc = await multipart(
      "post_property",
      await baseForm({ documents: file(await png(), "plan.pdf", "application/pdf") }),
      owner.token,
    );
    expect(badDoc.status).toBe(400);
    expect(badDoc.body.errors.documents).toEqual([MESSAGES.documentType]);
    const badGallery = await multipart(
      "post_property",
      await baseForm({ gallery_images: [file(await png(), "ok.png"), file(Buffer.from("hello"), "x.png")] }),
      owner.token,
    );
    expect(badGallery.body.errors.gallery_images).toEqual([MESSAGES.photoType]);
    expect(await countOf(owner.id)).toBe(count);
    expect(storedFiles()).toEqual(before);
  });

  it("recognises JPEG, PNG and PDF by their first bytes", () => {
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniff(new Uint8Array(Buffer.from("%PDF-1.7")))).toBe("pdf");
    expect(sniff(new Uint8Array(Buffer.from("<svg>")))).toBeNull();
  });

  it("leaves no listing and no file behind when the database refuses the insert", async () => {
    // A trigger stands in for any failure inside the transaction, after the files were written.
    await t.db.execute(
      sql`create or replace function refuse_doc() returns trigger language plpgsql as $$ begin if new.name = 'boom.pdf' then raise exception 'refused'; end if; return new; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_doc before insert on property_documents for each row execute function refuse_doc()`,
    );
    const before = storedFiles();
    const count = await countOf(owner.id);
    const r = await multipart(
      "post_property",
      await baseForm({ gallery_images: file(await png(), "g.png"), documents: file(pdf(), "boom.pdf") }),
      owner.token,
    );
    expect(r.status).toBe(500);
    expect(await countOf(owner.id)).toBe(count);
    expect(storedFiles()).toEqual(before);
    await t.db.execute(sql`drop trigger refuse_doc on property_documents`);
  });

  it("checks parameters against the category and facilities against the list", async () => {
    const r = await multipart(
      "post_property",
      await baseForm({ param_999999: "1", [`facility_999999`]: "2" }),
      owner.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.errors.param_999999).toBeDefined();
    expect(r.body.errors.facility_999999).toBeDefined();
  });
});

describe("update_post_property", () => {
  let id: number;
  let gallery: { id: number }[];
  beforeAll(async () => {
    const form = await baseForm({
      gallery_images: [
        file(await png(), "1.png"),
        file(await jpeg(), "2.jpg"),
        file(await png(400, 400), "3.png"),
      ],
      documents: file(pdf(), "deed.pdf"),
    });
    const r = await multipart("post_property", form, owner.token);
    expect(r.status).toBe(201);
    id = r.body.data.id;
    gallery = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body.data
      .gallery_images;
  });

  const editForm = async (extra: Record<string, string | File | (string | File)[]> = {}) => {
    const f = await baseForm({ id: String(id), title: "Renamed flat by the marina", ...extra });
    f.delete("title_image");
    for (const [k, v] of Object.entries(extra))
      if (k === "title_image") for (const item of [v].flat()) f.append(k, item);
    return f;
  };

  it("refuses anyone but the owner, changing nothing", async () => {
    const r = await multipart(
      "update_post_property",
      await editForm({ remove_gallery_images: String(gallery[0]!.id) }),
      other.token,
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Forbidden");
    const del = await t.call("delete_property", { token: other.token, body: { id } });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe("Forbidden");
    const own = await t.call("get-own-property", { token: owner.token, query: { id: String(id) } });
    expect(own.body.data.title).toBe("Sunny two-bedroom flat by the marina");
    expect(own.body.data.gallery_images).toHaveLength(3);
    const peek = await t.call("get-own-property", { token: other.token, query: { id: String(id) } });
    expect(peek.status).toBe(403);
  });

  it("edits fields, removes a photo and a document, adds one, and saves the gallery's order", async () => {
    const [a, b, c] = gallery as [
      { id: number; url: string },
      { id: number; url: string },
      { id: number; url: string },
    ];
    const removedFile = a.url.replace("/uploads/", "");
    expect(await t.storage.exists(removedFile)).toBe(true);
    const docs = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body
      .data.documents;
    const r = await multipart(
      "update_post_property",
      await editForm({
        action_type: "0",
        remove_gallery_images: String(a.id),
        remove_documents: String(docs[0].id),
        gallery_images: file(await jpeg(500, 500, 30), "new.jpg"),
        gallery_order: `e${c.id},n0,e${b.id}`,
        property_type: "rent",
        rentduration: "yearly",
      }),
      owner.token,
    );
    expect(r.status).toBe(200);
    const p = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body.data;
    expect(p.title).toBe("Renamed flat by the marina");
    expect(p.property_type).toBe("rent");
    expect(p.rentduration).toBe("yearly");
    expect(p.documents).toEqual([]);
    expect(p.gallery_images.map((g: { id: number }) => g.id)).toEqual([c.id, expect.any(Number), b.id]);
    expect(await t.storage.exists(removedFile)).toBe(false);
  });

  it("an edit of a rejected listing goes back to review, without the old reason", async () => {
    await t.db.execute(
      sql`update properties set request_status = 'rejected', reject_reason = 'Photos are blurry' where id = ${id}`,
    );
    const r = await multipart(
      "update_post_property",
      await editForm({ title: "Flat by the marina, new photos" }),
      owner.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.request_status).toBe("pending");
    const row = (
      await t.db.execute<{ request_status: string; reject_reason: string | null }>(
        sql`select request_status, reject_reason from properties where id = ${id}`,
      )
    ).rows[0]!;
    expect(row).toEqual({ request_status: "pending", reject_reason: null });
    await t.db.execute(sql`update properties set request_status = 'approved' where id = ${id}`);
  });

  it("two edits at once cannot both pass checks made on what the other changes", async () => {
    const before = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body
      .data.gallery_images as { id: number }[];
    // Each removes a different photo and adds one: alone each is fine; together they must take turns.
    const [r1, r2] = await Promise.all([
      multipart(
        "update_post_property",
        await editForm({
          remove_gallery_images: String(before[0]!.id),
          gallery_images: file(await jpeg(300, 300, 70), "x.jpg"),
        }),
        owner.token,
      ),
      multipart(
        "update_post_property",
        await editForm({
          remove_gallery_images: String(before[1]!.id),
          gallery_images: file(await jpeg(300, 300, 140), "y.jpg"),
        }),
        owner.token,
      ),
    ]);
    const statuses = [r1.status, r2.status].sort();
    // Both may succeed one after the other only if the second saw the first's result; otherwise it is refused whole.
    if (statuses[0] === 200 && statuses[1] === 200) {
      const after = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body
        .data.gallery_images as { id: number }[];
      expect(after).toHaveLength(before.length);
    } else {
      expect(statuses).toEqual([200, 409]);
      const refused = r1.status === 409 ? r1 : r2;
      expect(refused.body.message).toBe(
        "This listing was changed at the same time. Please reload it and try again",
      );
      const after = (await t.call("get-own-property", { token: owner.token, query: { id: String(id) } })).body
        .data.gallery_images as { id: number }[];
      expect(after).toHaveLength(before.length);
    }
  });

  it("refuses removing a photo of another listing", async () => {
    const r = await multipart(
      "update_post_property",
      await editForm({ remove_gallery_images: "1" }),
      owner.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.errors.remove_gallery_images).toBeDefined();
  });

  it("lets the owner delete it", async () => {
    const r = await t.call("delete_property", { token: owner.token, body: { id } });
    expect(r.status).toBe(200);
    const gone = await t.call("get-own-property", { token: owner.token, query: { id: String(id) } });
    expect(gone.status).toBe(404);
  });
});

describe("delete_property", () => {
  it("removes every file the listing stored: photo variants (WebP and AVIF), private originals, documents", async () => {
    const before = new Set(storedFiles());
    const form = await baseForm({
      gallery_images: [file(await png(), "a.png", "image/png")],
      documents: file(pdf(), "plan.pdf", "application/pdf"),
    });
    const posted = await multipart("post_property", form, owner.token);
    expect(posted.status).toBe(201);
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added.some((f) => f.startsWith("private/"))).toBe(true);
    expect(added.some((f) => f.endsWith(".pdf"))).toBe(true);
    const avif = added.filter((f) => f.endsWith(".avif"));
    expect(avif.length).toBeGreaterThan(0);
    expect(added).toEqual(expect.arrayContaining(avif.map((f) => f.replace(/\.avif$/, ".webp"))));
    const r = await t.call("delete_property", { token: owner.token, body: { id: posted.body.data.id } });
    expect(r.status).toBe(200);
    expect(storedFiles().filter((f) => !before.has(f))).toEqual([]);
  });
});

describe("reverse-geocode", () => {
  it("finds the nearest city offline", async () => {
    const r = await t.call("reverse-geocode", {
      token: owner.token,
      query: { latitude: "25.2048", longitude: "55.2708" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ city: "Dubai", country: "United Arab Emirates", source: "offline" });
    expect(r.body.data.address).toContain("Dubai");
  });

  it("refuses coordinates off the globe", async () => {
    const r = await t.call("reverse-geocode", {
      token: owner.token,
      query: { latitude: "95", longitude: "10" },
    });
    expect(r.status).toBe(400);
  });

  it("lists countries and a country's states and cities", async () => {
    const r = await t.call("get-location-options", {
      query: { country: "United Arab Emirates", state: "Dubai" },
    });
    expect(r.body.data.countries.length).toBeGreaterThan(200);
    expect(r.body.data.states).toContain("Dubai");
    expect(r.body.data.cities).toContain("Dubai");
  });
});
