import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function person(name: string) {
  const acct = await emulatorAccount(t.auth, name);
  await t.call("user_signup", { token: acct.idToken, body: { name, email: acct.email, auth_id: acct.uid } });
  return acct;
}

/** update_profile as the browser's form sends it: multipart, with a photo. */
async function postPhoto(token: string, fields: Record<string, string>, colour: number) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const jpeg = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: colour, g: 80, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  body.set("profile", new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" }));
  const res = await t.api.fetch(
    new Request("http://test/api/update_profile", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as { data: { profile: string | null }; errors?: Record<string, string[]> },
  };
}

/** Every stored profile photo of this user id. */
async function avatarsOf(userId: number) {
  const dir = path.join(t.storage.root, "avatars");
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(`${userId}-`) && n.endsWith(".webp"));
}

describe("update_profile", () => {
  it("an emptied optional field is cleared; one left out keeps its value", async () => {
    const acct = await person("Clear Fields");
    const set = await t.call("update_profile", {
      token: acct.idToken,
      body: { about_me: "I sell flats", twiiter_id: "clear_me", city: "Dubai" },
    });
    expect(set.body.data).toMatchObject({ about_me: "I sell flats", twiiter_id: "clear_me", city: "Dubai" });
    const cleared = await t.call("update_profile", {
      token: acct.idToken,
      body: { about_me: "", twiiter_id: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ about_me: null, twiiter_id: null, city: "Dubai" });
  });

  it("a photo given as text must be an address of one; a made-up string does not complete the profile", async () => {
    const acct = await person("Photo Text");
    const bad = await t.call("update_profile", { token: acct.idToken, body: { profile: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.profile).toEqual(["Please choose a JPEG or PNG photo"]);
    const google = await t.call("update_profile", {
      token: acct.idToken,
      body: { profile: "https://lh3.googleusercontent.com/a/photo-of-me" },
    });
    expect(google.status).toBe(200);
    expect(google.body.data.profile).toBe("https://lh3.googleusercontent.com/a/photo-of-me");
  });

  it("a new photo replaces the stored one (the old file goes); a refused update leaves no file behind", async () => {
    const acct = await person("Photo Owner");
    const first = await postPhoto(acct.idToken, {}, 40);
    expect(first.status).toBe(200);
    const id = Number((await t.call("get-profile", { token: acct.idToken })).body.data.id);
    expect(await avatarsOf(id)).toHaveLength(1);

    const second = await postPhoto(acct.idToken, {}, 160);
    expect(second.status).toBe(200);
    expect(second.body.data.profile).not.toBe(first.body.data.profile);
    const files = await avatarsOf(id);
    expect(files).toHaveLength(1);
    expect(second.body.data.profile).toContain(files[0]);

    // Someone else's email: refused, and the photo sent with it is not kept.
    const other = await person("Email Holder");
    const refused = await postPhoto(acct.idToken, { email: other.email }, 220);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.email).toEqual(["Email already in use"]);
    expect(await avatarsOf(id)).toEqual(files);
  });
});
