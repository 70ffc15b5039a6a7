// Alerts: a listing going live (or dropping its price) is matched against the saved searches
// through the real paths that make it public (posting, the admin's approval, the owner's switch,
// an edit that lowers the price), hits are written once, instant searches are told at once and the
// others in a digest with an email that can be unsubscribed from without signing in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import {
  assignFacilities,
  assignParameters,
  listingEvents,
  notifications,
  properties,
  savedSearchHits,
  savedSearches,
} from "../../db/schema";
import type { Mail } from "../contact/mailer";
import { reviewListing } from "../listings/review";
import {
  createTestApi,
  emulatorAccount,
  signedUp,
  signedUpAdmin,
  testDatabases,
} from "../../../tests/support/testing";
import { openDatabase } from "../../db/client.server";
import { runDigests } from "./digest";
import { recordListingEvent } from "./events";
import { processListingEvents } from "./worker";

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: { token: string; id: number };
let categoryId: number;

/** Someone who may list: a complete profile and the starter package. */
async function lister(name: string) {
  const acc = await emulatorAccount(t.auth, name);
  const signup = await t.call("user_signup", {
    token: acc.idToken,
    body: { name, email: acc.email, mobile: "+971501234567", auth_id: acc.uid },
  });
  await t.call("update_profile", {
    token: acc.idToken,
    body: { profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" },
  });
  return { token: acc.idToken, id: signup.body.data.id as number };
}

let n = 0;
/** A listing of the owner's, waiting for review (not public yet). */
async function pendingListing(fields: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(properties)
    .values({
      slug_id: `alert-test-${Date.now()}-${n++}`,
      title: "Bright flat with a balcony",
      description: "Two bedrooms, a fitted kitchen and a view over the water.",
      category_id: categoryId,
      added_by: owner.id,
      property_type: "sell",
      price: 1_250_000,
      city: "Dubai",
      state: "Dubai",
      country: "United Arab Emirates",
      address: "Marina Walk, Dubai Marina",
      latitude: 25.08,
      longitude: 55.14,
      request_status: "pending",
      status: "active",
      ...fields,
    })
    .returning({ id: properties.id, slug_id: properties.slug_id });
  return row!;
}

/** The admin approves it: it goes live, and the worker matches it. */
async function goLive(id: number) {
  await reviewListing(t.db, { kind: "property", id, status: "approved" });
  await processListingEvents(t.db);
}

const hitsOf = (searchId: number) =>
  t.db.select().from(savedSearchHits).where(eq(savedSearchHits.search_id, searchId));
const notesOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), sql`${notifications.type} like 'saved_search%'`))
    .orderBy(notifications.id);
const save = async (token: string, body: Record<string, unknown>) => {
  const r = await t.call("saved-searches", { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
};

// PGlite always; PostgreSQL too when DATABASE_URL names a server.
for (const database of testDatabases()) {
  describe(`on ${database.name}`, () => {
    beforeAll(async () => {
      t = await createTestApi(database.name === "pglite" ? {} : { database });
      owner = await lister("Alert Owner");
      categoryId = (await t.call("get_categories")).body.data[0].id;
    }, 60_000);
    afterAll(() => t?.close());

    describe("matching a listing that goes live", () => {
      it("makes exactly one hit and one notification; a second event for the same listing makes none", async () => {
        const p = await signedUp(t, "Instant Seeker");
        const match = await save(p.token, {
          name: "Lighthouse homes",
          frequency: "instant",
          city: "dubai",
          search: "lighthouse",
          max_price: 2_000_000,
        });
        const elsewhere = await save(p.token, { name: "Cairo", frequency: "instant", city: "Cairo" });
        const tooCheap = await save(p.token, {
          name: "Cheap lighthouse",
          frequency: "instant",
          search: "lighthouse",
          max_price: 500_000,
        });
        const own = await save(owner.token, {
          name: "My own lighthouse",
          frequency: "instant",
          search: "lighthouse",
        });
        const listing = await pendingListing({ title: "Lighthouse view apartment" });
        // Not public yet: nothing to match.
        await processListingEvents(t.db);
        expect(await hitsOf(match)).toEqual([]);

        await goLive(listing.id);
        expect((await hitsOf(match)).map((h) => [h.property_id, h.reason, h.sent_at !== null])).toEqual([
          [listing.id, "new", true],
        ]);
        expect(await hitsOf(elsewhere)).toEqual([]);
        expect(await hitsOf(tooCheap)).toEqual([]);
        const notes = await notesOf(p.id);
        expect(notes.map((x) => [x.type, x.title, x.body, x.link])).toEqual([
          [
            "saved_search_match",
            "New match for “Lighthouse homes”",
            "Lighthouse view apartment: AED 1,250,000 in Dubai.",
            `/properties-details/${listing.slug_id}`,
          ],
        ]);
        expect(notes[0]!.translations.ar!.title).toBe("إعلان جديد يطابق «Lighthouse homes»");
        expect(
          (await t.db.select().from(listingEvents).where(eq(listingEvents.property_id, listing.id))).every(
            (e) => e.done_at !== null,
          ),
        ).toBe(true);

        // Off and on again, or a second event: nothing new for anyone.
        await t.db.update(properties).set({ status: "inactive" }).where(eq(properties.id, listing.id));
        await t.db.transaction(async (tx) => {
          await tx.update(properties).set({ status: "active" }).where(eq(properties.id, listing.id));
          await recordListingEvent(tx, listing.id, "live");
        });
        await processListingEvents(t.db);
        expect(await hitsOf(match)).toHaveLength(1);
        expect(await notesOf(p.id)).toHaveLength(1);
        // The listing's own owner never hears of it, even with a search it matches.
        expect(await hitsOf(own)).toEqual([]);
        expect(await notesOf(owner.id)).toEqual([]);
      });

      it("one notification per person and listing, however many of their searches it matches; a search saved after the event is not told", async () => {
        const p = await signedUp(t, "Many Searches");
        const a = await save(p.token, { name: "Coral A", frequency: "instant", search: "coral" });
        const b = await save(p.token, {
          name: "Coral B",
          frequency: "instant",
          search: "coral",
          city: "Dubai",
        });
        const listing = await pendingListing({ title: "Coral reef townhouse" });
        await reviewListing(t.db, { kind: "property", id: listing.id, status: "approved" });
        const late = await save(p.token, { name: "Coral late", frequency: "instant", search: "coral" });
        await processListingEvents(t.db);
        expect(await hitsOf(a)).toHaveLength(1);
        expect(await hitsOf(b)).toHaveLength(1);
        expect(await hitsOf(late)).toEqual([]);
        expect((await notesOf(p.id)).map((x) => x.title)).toEqual(["New match for “Coral A”"]);
      });

      it("words in Arabic match Arabic listings", async () => {
        const p = await signedUp(t, "باحث عن فيلا");
        const villa = await save(p.token, { name: "فلل بحرية", frequency: "instant", search: "فيلا بحرية" });
        const other = await save(p.token, { name: "مكاتب", frequency: "instant", search: "مكتب" });
        const prefix = await save(p.token, { name: "بداية كلمة", frequency: "instant", search: "بحر" });
        const listing = await pendingListing({
          title: "فيلا بحرية مع مسبح خاص",
          description: "خمس غرف نوم وحديقة واسعة.",
          address: "جزيرة ياس، أبوظبي",
        });
        await goLive(listing.id);
        expect(await hitsOf(villa)).toHaveLength(1);
        expect(await hitsOf(prefix)).toHaveLength(1);
        expect(await hitsOf(other)).toEqual([]);
        expect((await notesOf(p.id))[0]!.translations.ar!.body).toBe(
          "فيلا بحرية مع مسبح خاص: AED 1,250,000 في Dubai.",
        );
      });

      it("a map box matches only inside it, and a circle only within its distance", async () => {
        const p = await signedUp(t, "Map Drawer");
        const around = await save(p.token, {
          name: "Marina box",
          frequency: "instant",
          bbox: "55.10,25.05,55.20,25.12",
        });
        const nextDoor = await save(p.token, {
          name: "Sharjah box",
          frequency: "instant",
          bbox: "55.35,25.30,55.45,25.40",
        });
        const wide = await save(p.token, { name: "The Gulf", frequency: "instant", bbox: "40,15,60,30" });
        const near = await save(p.token, {
          name: "Within 5 km",
          frequency: "instant",
          near_lat: 25.1,
          near_lng: 55.15,
          within_km: 5,
        });
        const far = await save(p.token, {
          name: "Within 1 km",
          frequency: "instant",
          near_lat: 25.1,
          near_lng: 55.15,
          within_km: 1,
        });
        const listing = await pendingListing({ latitude: 25.08, longitude: 55.14 });
        await goLive(listing.id);
        expect(await hitsOf(around)).toHaveLength(1);
        expect(await hitsOf(wide)).toHaveLength(1);
        expect(await hitsOf(near)).toHaveLength(1);
        expect(await hitsOf(nextDoor)).toEqual([]);
        expect(await hitsOf(far)).toEqual([]);
        // The anchors: cells for a small box; a box too wide to be a filter anchors on something else.
        const anchors = async (id: number) =>
          (
            await t.db
              .select({ a: savedSearches.anchors })
              .from(savedSearches)
              .where(eq(savedSearches.id, id))
          )[0]!.a;
        expect(await anchors(around)).toEqual(["cell:50:110"]);
        expect(await anchors(wide)).toEqual(["any"]);
      });

      it("parameter and facility filters are checked with the list's own conditions", async () => {
        const p = await signedUp(t, "Bedroom Counter");
        const [bedrooms] = (
          await t.db.execute<{ id: number }>(
            sql`select id from parameters where type_of_parameter = 'number' order by id limit 1`,
          )
        ).rows;
        const [facility] = (
          await t.db.execute<{ id: number }>(sql`select id from facilities order by id limit 1`)
        ).rows;
        const three = await save(p.token, {
          name: "3+",
          frequency: "instant",
          search: "garnet",
          [`pmin_${bedrooms!.id}`]: "3",
        });
        const five = await save(p.token, {
          name: "5+",
          frequency: "instant",
          search: "garnet",
          [`pmin_${bedrooms!.id}`]: "5",
        });
        const metro = await save(p.token, {
          name: "Metro",
          frequency: "instant",
          search: "garnet",
          facility_ids: [facility!.id],
          max_distance: 2,
        });
        const metroFar = await save(p.token, {
          name: "Metro close",
          frequency: "instant",
          search: "garnet",
          facility_ids: [facility!.id],
          max_distance: 0.5,
        });
        const listing = await pendingListing({ title: "Garnet court family home" });
        await t.db
          .insert(assignParameters)
          .values({ property_id: listing.id, parameter_id: bedrooms!.id, value: "4" });
        await t.db
          .insert(assignFacilities)
          .values({ property_id: listing.id, facility_id: facility!.id, distance: 1.2 });
        await goLive(listing.id);
        expect(await hitsOf(three)).toHaveLength(1);
        expect(await hitsOf(metro)).toHaveLength(1);
        expect(await hitsOf(five)).toEqual([]);
        expect(await hitsOf(metroFar)).toEqual([]);
      });

      it("switched-off alerts and deleted searches hear nothing", async () => {
        const p = await signedUp(t, "Quiet Seeker");
        const off = await save(p.token, { name: "Quiet", frequency: "instant", search: "quartz" });
        await t.call(`saved-searches/${off}`, { token: p.token, method: "PUT", body: { alerts_on: "0" } });
        const listing = await pendingListing({ title: "Quartz tower studio" });
        await goLive(listing.id);
        expect(await hitsOf(off)).toEqual([]);
        expect(await notesOf(p.id)).toEqual([]);
      });
    });

    describe("several processes", () => {
      it("two workers at once take each event once: one hit and one notification per search and listing", async () => {
        // A second process on PostgreSQL; on PGlite the same handle (one process, one connection).
        const second = t.handle.url ? await openDatabase({ url: t.handle.url }) : null;
        try {
          const p = await signedUp(t, "Twice Told");
          const s = await save(p.token, { name: "Amber", frequency: "instant", search: "amber" });
          const listings = await Promise.all(
            [1, 2, 3, 4, 5].map((i) => pendingListing({ title: `Amber court home ${i}` })),
          );
          for (const l of listings) {
            await reviewListing(t.db, { kind: "property", id: l.id, status: "approved" });
            await t.db.transaction((tx) => recordListingEvent(tx, l.id, "live"));
          }
          await Promise.all([
            processListingEvents(t.db),
            processListingEvents(second?.db ?? t.db),
            processListingEvents(t.db),
          ]);
          expect((await hitsOf(s)).map((h) => h.property_id).sort()).toEqual(
            listings.map((l) => l.id).sort(),
          );
          expect(await notesOf(p.id)).toHaveLength(5);
          expect(
            await t.db
              .select()
              .from(listingEvents)
              .where(sql`${listingEvents.done_at} is null`),
          ).toEqual([]);
        } finally {
          await second?.close();
        }
      });
    });

    describe("the paths that make a listing public or cheaper", () => {
      const jpeg = () =>
        sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } } })
          .jpeg()
          .toBuffer();
      async function post(title: string, price: string, extra: Record<string, string> = {}) {
        const f = new FormData();
        const fields: Record<string, string> = {
          title,
          description: "A quiet flat with a balcony, two bedrooms and a fitted kitchen near the beach.",
          category_id: String(categoryId),
          property_type: "sell",
          price,
          country: "United Arab Emirates",
          state: "Dubai",
          city: "Dubai",
          address: "Marina Walk, Dubai Marina, Dubai",
          latitude: "25.08",
          longitude: "55.14",
          ...extra,
        };
        for (const [k, v] of Object.entries(fields)) f.append(k, v);
        f.append(
          "title_image",
          new File([new Uint8Array(await jpeg())], "front.jpg", { type: "image/jpeg" }),
        );
        const res = await t.api.fetch(
          new Request(`http://test/api/${extra.id ? "update_post_property" : "post_property"}`, {
            method: "POST",
            headers: { authorization: `Bearer ${owner.token}` },
            body: f,
          }),
        );
        const body = (await res.json()) as { data: { id: number } };
        expect(res.status, JSON.stringify(body)).toBe(extra.id ? 200 : 201);
        return body.data.id;
      }

      it("posting (automatic approval) alerts; a price drop alerts a search it now fits, never one that already heard", async () => {
        const p = await signedUp(t, "Bargain Hunter");
        const cheap = await save(p.token, {
          name: "Jasmine under a million",
          frequency: "instant",
          search: "jasmine",
          max_price: 1_000_000,
        });
        const any = await save(p.token, { name: "Any jasmine", frequency: "daily", search: "jasmine" });
        const id = await post("Jasmine garden flat", "1250000");
        await processListingEvents(t.db);
        expect(await hitsOf(cheap)).toEqual([]);
        expect((await hitsOf(any)).map((h) => h.reason)).toEqual(["new"]);

        // Cheaper (the owner's edit): the search it now fits hears of it, as a price drop.
        await post("Jasmine garden flat", "950000", { id: String(id) });
        await processListingEvents(t.db);
        expect((await hitsOf(cheap)).map((h) => h.reason)).toEqual(["price_drop"]);
        expect((await hitsOf(any)).map((h) => h.reason)).toEqual(["new"]);
        const notes = await notesOf(p.id);
        expect(notes.map((x) => [x.type, x.title, x.body])).toEqual([
          [
            "saved_search_price_drop",
            "Price drop for “Jasmine under a million”",
            "Jasmine garden flat now costs AED 950,000 in Dubai.",
          ],
        ]);
        // A price going up is no news.
        await post("Jasmine garden flat", "990000", { id: String(id) });
        expect(
          await t.db
            .select()
            .from(listingEvents)
            .where(and(eq(listingEvents.property_id, id), eq(listingEvents.kind, "price_drop"))),
        ).toHaveLength(1);
      });

      it("the owner switching a listing on, and an admin's approval, record events in the same step", async () => {
        const p = await signedUp(t, "Switch Watcher");
        const s = await save(p.token, { name: "Saffron", frequency: "instant", search: "saffron" });
        const id = await post("Saffron court duplex", "2100000");
        await t.call("change-property-status", { token: owner.token, body: { id, status: "inactive" } });
        await t.db.delete(listingEvents).where(eq(listingEvents.property_id, id));
        const on = await t.call("change-property-status", {
          token: owner.token,
          body: { id, status: "active" },
        });
        expect(on.status).toBe(200);
        const events = await t.db.select().from(listingEvents).where(eq(listingEvents.property_id, id));
        expect(events.map((e) => [e.kind, e.done_at])).toEqual([["live", null]]);
        await processListingEvents(t.db);
        expect(await hitsOf(s)).toHaveLength(1);
        // Switched off, nothing is recorded.
        await t.call("change-property-status", { token: owner.token, body: { id, status: "inactive" } });
        expect(
          await t.db
            .select()
            .from(listingEvents)
            .where(and(eq(listingEvents.property_id, id), sql`${listingEvents.done_at} is null`)),
        ).toEqual([]);
      });
    });

    describe("an admin bringing listings back", () => {
      it("switching a listing on, or its owner's account, records events for the listings that come back", async () => {
        const admin = await signedUpAdmin(t, "Alert Admin");
        const seller = await lister("Returning Seller");
        const p = await signedUp(t, "Patient Seeker");
        const s = await save(p.token, { name: "Topaz", frequency: "instant", search: "topaz" });
        const one = await pendingListing({
          title: "Topaz heights flat",
          added_by: seller.id,
          request_status: "approved",
          status: "inactive",
        });
        const two = await pendingListing({
          title: "Topaz garden villa",
          added_by: seller.id,
          request_status: "approved",
        });
        const on = await t.call("admin/listing-status", {
          token: admin.token,
          body: { kind: "property", id: one.id, status: "active" },
        });
        expect(on.status).toBe(200);
        await processListingEvents(t.db);
        expect((await hitsOf(s)).map((h) => h.property_id)).toEqual([one.id]);

        // The account goes off with its listings, and comes back with them.
        expect(
          (
            await t.call("admin/deactivate-user", {
              token: admin.token,
              body: { id: seller.id, reason: "Checking documents" },
            })
          ).status,
        ).toBe(200);
        expect(
          (await t.call("admin/reactivate-user", { token: admin.token, body: { id: seller.id } })).status,
        ).toBe(200);
        const events = await t.db
          .select()
          .from(listingEvents)
          .where(
            sql`${listingEvents.property_id} in (${one.id}, ${two.id}) and ${listingEvents.done_at} is null`,
          );
        expect(events.map((e) => [e.property_id, e.kind]).sort()).toEqual(
          [
            [one.id, "live"],
            [two.id, "live"],
          ].sort(),
        );
        await processListingEvents(t.db);
        // The one it already heard of is not news; the other is.
        expect((await hitsOf(s)).map((h) => h.property_id).sort()).toEqual([one.id, two.id].sort());
        expect((await notesOf(p.id)).map((x) => x.body)).toEqual([
          "Topaz heights flat: AED 1,250,000 in Dubai.",
          "Topaz garden villa: AED 1,250,000 in Dubai.",
        ]);
      });
    });

    describe("digests", () => {
      it("sends daily searches one notification each and one email per person, with a one-click unsubscribe; nothing twice", async () => {
        const mails: Mail[] = [];
        const mailer = { send: async (m: Mail) => void mails.push(m) };
        const p = await signedUp(t, "Digest Reader");
        const daily = await save(p.token, { name: "Obsidian daily", frequency: "daily", search: "obsidian" });
        const weekly = await save(p.token, {
          name: "Obsidian weekly",
          frequency: "weekly",
          search: "obsidian",
          city: "Dubai",
        });
        const first = await pendingListing({ title: "Obsidian tower loft", price: 880_000 });
        const second = await pendingListing({ title: "Obsidian garden villa", price: 3_400_000 });
        await goLive(first.id);
        await goLive(second.id);
        // Not sent yet: daily and weekly wait for the digest.
        expect((await hitsOf(daily)).every((h) => h.sent_at === null)).toBe(true);
        expect(await notesOf(p.id)).toEqual([]);

        const report = await runDigests(t.db, { mailer, origin: "https://souq.test" });
        expect(report.searches).toBeGreaterThanOrEqual(2);
        const notes = await notesOf(p.id);
        expect(notes.map((x) => [x.type, x.title, x.body, x.link]).sort()).toEqual([
          [
            "saved_search_digest",
            "New matches for “Obsidian daily”",
            "New listings matching your saved search: 2.",
            "/properties?search=obsidian",
          ],
          [
            "saved_search_digest",
            "New matches for “Obsidian weekly”",
            "New listings matching your saved search: 2.",
            "/properties?city=Dubai&search=obsidian",
          ],
        ]);
        const mine = mails.filter((m) => m.to === p.email);
        expect(mine).toHaveLength(1);
        const mail = mine[0]!;
        expect(mail.subject).toBe("New listings for your saved searches");
        expect(mail.text).toContain("Obsidian tower loft · AED 880,000 · Dubai");
        expect(mail.html).toContain(`href="https://souq.test/properties-details/${first.slug_id}"`);
        // Each listing with a picture of its place (the static map), from the site's own address.
        expect(mail.html).toMatch(
          /<img src="https:\/\/souq\.test\/api\/static-map\?lat=[\d.-]+&amp;lng=[\d.-]+&amp;width=160&amp;height=100&amp;zoom=14"/,
        );
        expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        const link = /^<(https:\/\/souq\.test\/alerts\/unsubscribe\?token=([^>]+))>$/.exec(
          mail.headers!["List-Unsubscribe"]!,
        );
        expect(link).not.toBeNull();
        expect(mail.html).toContain(link![1]!);

        // Nothing twice: the hits are marked sent and the searches are not due again for a day (a week).
        expect((await hitsOf(daily)).every((h) => h.sent_at !== null)).toBe(true);
        mails.length = 0;
        await runDigests(t.db, { mailer, origin: "https://souq.test" });
        expect(mails.filter((m) => m.to === p.email)).toEqual([]);
        // A day later with one more listing: the daily search's digest names only the new one.
        const third = await pendingListing({ title: "Obsidian harbour flat" });
        await goLive(third.id);
        await t.db
          .update(savedSearches)
          .set({ last_sent_at: sql`now() - interval '25 hours'` })
          .where(sql`${savedSearches.id} in (${daily}, ${weekly})`);
        await runDigests(t.db, { mailer, origin: "https://souq.test" });
        const next = mails.filter((m) => m.to === p.email);
        expect(next).toHaveLength(1);
        expect(next[0]!.subject).toBe("New matches for “Obsidian daily”");
        expect(next[0]!.text).toContain("Obsidian harbour flat");
        expect(next[0]!.text).not.toContain("Obsidian tower loft");

        // The email's one-click link switches off every search it named, without signing in.
        const off = await t.call("saved-search-unsubscribe", {
          body: { token: decodeURIComponent(link![2]!) },
        });
        expect(off.status).toBe(200);
        expect(off.body.data.searches.map((s: { name: string }) => s.name)).toEqual([
          "Obsidian daily",
          "Obsidian weekly",
        ]);
      });

      it("writes in the language the search was saved in", async () => {
        const mails: Mail[] = [];
        const p = await signedUp(t, "قارئ عربي");
        const r = await t.call("saved-searches", {
          token: p.token,
          lang: "ar",
          body: { name: "عقيق", frequency: "daily", search: "agate" },
        });
        expect(r.status).toBe(201);
        const listing = await pendingListing({ title: "Agate residence" });
        await goLive(listing.id);
        await runDigests(t.db, {
          mailer: { send: async (m) => void mails.push(m) },
          origin: "https://souq.test",
        });
        const mail = mails.find((m) => m.text.includes("Agate residence"))!;
        expect(mail.subject).toBe("نتائج جديدة لبحث «عقيق»");
        expect(mail.html).toContain('dir="rtl"');
        expect(mail.text).toContain("دبي");
        expect(mail.headers!["List-Unsubscribe"]).toMatch(
          /^<https:\/\/souq\.test\/ar\/alerts\/unsubscribe\?token=/,
        );
      });
    });
  });
}
