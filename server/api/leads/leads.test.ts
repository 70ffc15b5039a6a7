// Contact details that earn leads (decision 023): no public answer carries an owner's phone or
// email; reveal-contact gives them to a signed-in person, counts a lead once a day, never the
// owner's own, and stops a scraper; the owner's dashboard shows views, reveals and conversations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApi, signedUp, signedUpAdmin, testDatabases } from "../../../tests/support/testing";
import { contactReveals, projects, properties, users } from "../../db/schema";
import { LEAD_MESSAGES, REVEAL_LIMITS } from "./service";

// PGlite always; PostgreSQL too when DATABASE_URL names a server.
for (const database of testDatabases()) {
  describe(`on ${database.name}`, () => {
    let t: Awaited<ReturnType<typeof createTestApi>>;
    let owner: Awaited<ReturnType<typeof signedUp>>;
    let buyer: Awaited<ReturnType<typeof signedUp>>;
    const OWNER_MOBILE = "+971 50 765 4321";
    /** A public property and a public project, handed to `owner` for these tests. */
    let listing: { id: number; slug_id: string };
    let project: { id: number; slug_id: string };
    /** Every phone number and email address people have here: none may appear in an anonymous answer. */
    let secrets: string[];

    beforeAll(async () => {
      t = await createTestApi(database.name === "pglite" ? {} : { database });
      owner = await signedUp(t, "Lead Owner");
      buyer = await signedUp(t, "Keen Buyer");
      await t.db.update(users).set({ mobile: OWNER_MOBILE, type: "agent" }).where(eq(users.id, owner.id));
      const [p] = await t.db
        .select({ id: properties.id, slug_id: properties.slug_id })
        .from(properties)
        .where(
          and(
            eq(properties.request_status, "approved"),
            eq(properties.status, "active"),
            eq(properties.is_premium, false),
          ),
        )
        .orderBy(properties.id)
        .limit(1);
      listing = p!;
      await t.db.update(properties).set({ added_by: owner.id }).where(eq(properties.id, listing.id));
      const [pr] = await t.db
        .select({ id: projects.id, slug_id: projects.slug_id })
        .from(projects)
        .where(and(eq(projects.request_status, "approved"), eq(projects.status, "active")))
        .orderBy(projects.id)
        .limit(1);
      project = pr!;
      await t.db.update(projects).set({ added_by: owner.id }).where(eq(projects.id, project.id));
      const people = await t.db.select({ email: users.email, mobile: users.mobile }).from(users);
      secrets = people.flatMap((u) => [u.email, u.mobile]).filter((v): v is string => Boolean(v));
    });
    afterAll(() => t?.close());

    /** Every `mobile` and `email` value anywhere in an answer, with its path. */
    function contactsIn(value: unknown, path = "data"): string[] {
      if (Array.isArray(value)) return value.flatMap((v, i) => contactsIn(v, `${path}[${i}]`));
      if (value === null || typeof value !== "object") return [];
      return Object.entries(value).flatMap(([k, v]) => [
        ...((k === "mobile" || k === "email" || /whatsapp|phone/i.test(k)) &&
        v !== null &&
        typeof v !== "boolean"
          ? [`${path}.${k}=${String(v)}`]
          : []),
        ...contactsIn(v, `${path}.${k}`),
      ]);
    }

    function leaks(body: unknown): string[] {
      const text = JSON.stringify(body);
      return secrets.filter((s) => text.includes(JSON.stringify(s).slice(1, -1)));
    }

    const reveal = (token: string | undefined, body: Record<string, unknown>, ip?: string) =>
      t.call("reveal-contact", { token, body, ip });

    describe("public answers carry no owner's contact", () => {
      it("every listing, project, agent and developer call, anonymous and signed in as someone else", async () => {
        const agents = (await t.call("agent-list", { query: { limit: "100" } })).body.data as {
          id: number;
        }[];
        const developers = (await t.call("developer-list", { query: { limit: "100" } })).body.data as {
          id: number;
        }[];
        const answers: [string, Parameters<typeof t.call>[1]][] = [
          ["get_property", { query: { limit: "100" } }],
          ["get_property", { query: { slug_id: listing.slug_id } }],
          ["get_property", { query: { id: String(listing.id), get_simiilar: "1" } }],
          ["get_property", { query: { promoted: "1" } }],
          ["get_property", { query: { userid: String(owner.id) } }],
          ["get_nearby_properties", { query: { city: "Dubai" } }],
          ["homepage-data", {}],
          ["get-featured-data", { query: { type: "property", limit: "50" } }],
          ["get-featured-data", { query: { type: "project", limit: "50" } }],
          ["agent-list", { query: { limit: "100" } }],
          ["agent-properties", { query: { id: String(agents[0]!.id) } }],
          ["agent-properties", { query: { id: String(owner.id) } }],
          ["developer-list", { query: { limit: "100" } }],
          ["developer-projects", { query: { id: String(developers[0]!.id) } }],
          ["get-projects", { query: { limit: "100" } }],
          ["get-project-detail", { query: { slug_id: project.slug_id } }],
        ];
        for (const token of [undefined, buyer.token]) {
          for (const [name, init] of answers) {
            const r = await t.call(name, { ...init, token });
            expect(r.status, `${name} ${JSON.stringify(init)}`).toBe(200);
            expect(contactsIn(r.body.data), `${name} ${JSON.stringify(init)}`).toEqual([]);
            expect(leaks(r.body), `${name} ${JSON.stringify(init)}`).toEqual([]);
          }
        }
        // The fields stay, empty, with what there is to ask for.
        const detail = (await t.call("get_property", { query: { slug_id: listing.slug_id } })).body.data[0];
        expect(detail.customer).toMatchObject({
          id: owner.id,
          mobile: null,
          email: null,
          has_mobile: true,
          has_email: true,
        });
        const agent = (await t.call("agent-properties", { query: { id: String(owner.id) } })).body.data.agent;
        expect(agent).toMatchObject({ mobile: null, email: null, has_mobile: true, has_email: true });
        const dev = (await t.call("get-project-detail", { query: { slug_id: project.slug_id } })).body.data
          .developer;
        expect(dev).toMatchObject({ mobile: null, email: null, has_mobile: true, has_email: true });
      });

      it("the owner still sees their own, and so do admins", async () => {
        const mine = (
          await t.call("get_property", { token: owner.token, query: { slug_id: listing.slug_id } })
        ).body.data[0];
        expect(mine.customer).toMatchObject({ mobile: OWNER_MOBILE, email: owner.email });
        const myProject = (
          await t.call("get-project-detail", { token: owner.token, query: { slug_id: project.slug_id } })
        ).body.data.developer;
        expect(myProject).toMatchObject({ mobile: OWNER_MOBILE, email: owner.email });
        const admin = await signedUpAdmin(t, "Lead Admin");
        // An admin call reads the account afresh (the claim was set after the sign-up read it).
        expect((await t.call("admin/audit-log", { token: admin.token })).status).toBe(200);
        const seen = (
          await t.call("get_property", { token: admin.token, query: { slug_id: listing.slug_id } })
        ).body.data[0];
        expect(seen.customer).toMatchObject({ mobile: OWNER_MOBILE, email: owner.email });
      });
    });

    describe("reveal-contact", () => {
      const leadsOf = async (propertyId: number) =>
        (
          await t.db
            .select({ kind: contactReveals.kind, viewer_id: contactReveals.viewer_id })
            .from(contactReveals)
            .where(eq(contactReveals.property_id, propertyId))
        ).map((r) => `${r.viewer_id}:${r.kind}`);

      it("refuses anyone not signed in, and input that names no listing or kind", async () => {
        const anon = await reveal(undefined, { property_id: listing.id, kind: "phone" });
        expect(anon.status).toBe(401);
        expect(anon.body.data).toBeNull();
        const none = await reveal(buyer.token, { kind: "phone" });
        expect(none.status).toBe(400);
        expect(none.body.errors.property_id).toEqual(["Give one of property_id, project_id or user_id"]);
        const both = await reveal(buyer.token, {
          property_id: listing.id,
          project_id: project.id,
          kind: "phone",
        });
        expect(both.status).toBe(400);
        const kind = await reveal(buyer.token, { property_id: listing.id, kind: "fax" });
        expect(kind.status).toBe(400);
        expect(kind.body.errors.kind).toEqual(["kind must be phone, email or whatsapp"]);
        expect((await reveal(buyer.token, { property_id: "abc", kind: "phone" })).status).toBe(400);
        expect((await reveal(buyer.token, { property_id: 2 ** 31 - 1, kind: "phone" })).status).toBe(404);
      });

      it("gives a signed-in person the phone, email and WhatsApp, and counts one lead each (deduplicated per day)", async () => {
        const phone = await reveal(buyer.token, { property_id: listing.id, kind: "phone" });
        expect(phone.status).toBe(200);
        expect(phone.body.data).toEqual({
          kind: "phone",
          value: OWNER_MOBILE,
          href: "tel:+971507654321",
          counted: true,
        });
        const again = await reveal(buyer.token, { property_id: String(listing.id), kind: "phone" });
        expect(again.body.data).toMatchObject({ value: OWNER_MOBILE, counted: false });
        const email = await reveal(buyer.token, { property_id: listing.id, kind: "email" });
        expect(email.body.data).toEqual({
          kind: "email",
          value: owner.email,
          href: `mailto:${owner.email}`,
          counted: true,
        });
        const wa = await reveal(buyer.token, { property_id: listing.id, kind: "whatsapp" });
        expect(wa.body.data).toMatchObject({
          value: OWNER_MOBILE,
          href: "https://wa.me/971507654321",
          counted: true,
        });
        expect((await leadsOf(listing.id)).sort()).toEqual([
          `${buyer.id}:email`,
          `${buyer.id}:phone`,
          `${buyer.id}:whatsapp`,
        ]);
      });

      it("does not count the owner's own", async () => {
        const own = await reveal(owner.token, { property_id: listing.id, kind: "phone" });
        expect(own.body.data).toMatchObject({ value: OWNER_MOBILE, counted: false });
        expect((await leadsOf(listing.id)).filter((l) => l.startsWith(`${owner.id}:`))).toEqual([]);
      });

      it("reveals a project's developer and an agent's profile, but not a private person's or a hidden listing's", async () => {
        const dev = await reveal(buyer.token, { project_id: project.id, kind: "email" });
        expect(dev.body.data).toMatchObject({ value: owner.email, counted: true });
        const profile = await reveal(buyer.token, { user_id: owner.id, kind: "phone" });
        expect(profile.body.data).toMatchObject({ value: OWNER_MOBILE, counted: true });
        const privatePerson = await reveal(owner.token, { user_id: buyer.id, kind: "email" });
        expect(privatePerson.status).toBe(404);
        const [hidden] = await t.db
          .select({ id: properties.id })
          .from(properties)
          .where(eq(properties.request_status, "pending"))
          .limit(1);
        if (hidden)
          expect((await reveal(buyer.token, { property_id: hidden.id, kind: "phone" })).status).toBe(404);
        await t.db.update(properties).set({ status: "inactive" }).where(eq(properties.id, listing.id));
        expect((await reveal(buyer.token, { property_id: listing.id, kind: "phone" })).status).toBe(404);
        expect((await reveal(owner.token, { property_id: listing.id, kind: "phone" })).status).toBe(200);
        await t.db.update(properties).set({ status: "active" }).where(eq(properties.id, listing.id));
      });

      it("keeps a premium listing's contact for premium members, and a detail nobody gave is 404", async () => {
        const [other] = await t.db
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(
              eq(properties.request_status, "approved"),
              eq(properties.status, "active"),
              sql`${properties.id} <> ${listing.id}`,
            ),
          )
          .limit(1);
        await t.db.update(properties).set({ is_premium: true }).where(eq(properties.id, other!.id));
        const locked = await reveal(buyer.token, { property_id: other!.id, kind: "phone" });
        expect(locked.status).toBe(403);
        expect([
          "Limit or Package Not Available: Premium properties",
          "You have not subscribed. Please subscribe first",
        ]).toContain(locked.body.message);
        await t.db.update(properties).set({ is_premium: false }).where(eq(properties.id, other!.id));
        await t.db.update(users).set({ mobile: null }).where(eq(users.id, owner.id));
        const missing = await reveal(buyer.token, { project_id: project.id, kind: "whatsapp" });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe(LEAD_MESSAGES.missing);
        await t.db.update(users).set({ mobile: OWNER_MOBILE }).where(eq(users.id, owner.id));
      });

      it("refuses a person the owner blocked", async () => {
        const pest = await signedUp(t, "Blocked Caller");
        expect(
          (await t.call("block-user", { token: owner.token, body: { to_user_id: pest.id } })).status,
        ).toBe(200);
        const r = await reveal(pest.token, { property_id: listing.id, kind: "phone" });
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(LEAD_MESSAGES.blocked);
      });

      it("stops at the daily allowance per person and per address with 429, and a repeat of the day stays free", async () => {
        const scraper = await signedUp(t, "Busy Scraper");
        const targets = await t.db
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(
              eq(properties.request_status, "approved"),
              eq(properties.status, "active"),
              eq(properties.is_premium, false),
              sql`${properties.id} <> ${listing.id}`,
            ),
          )
          .orderBy(properties.id)
          .limit(3);
        const ok = await reveal(
          scraper.token,
          { property_id: targets[0]!.id, kind: "phone" },
          "203.0.113.50",
        );
        expect(ok.status).toBe(200);
        // The rest of the day's allowance used up (as after REVEAL_LIMITS.perPerson reveals).
        await t.db.execute(
          sql`update rate_limits set hits = ${REVEAL_LIMITS.perPerson} where key = ${`reveal:user:${scraper.id}`}`,
        );
        const over = await reveal(
          scraper.token,
          { property_id: targets[1]!.id, kind: "phone" },
          "203.0.113.50",
        );
        expect(over.status).toBe(429);
        expect(over.body.message).toBe(LEAD_MESSAGES.limit);
        expect(over.body.data).toBeNull();
        const repeat = await reveal(
          scraper.token,
          { property_id: targets[0]!.id, kind: "phone" },
          "203.0.113.50",
        );
        expect(repeat.status).toBe(200);
        // Many accounts from one address share the address's allowance.
        const other = await signedUp(t, "Same Office");
        await t.db.execute(
          sql`update rate_limits set hits = ${REVEAL_LIMITS.perAddress} where key = ${"reveal:ip:203.0.113.50"}`,
        );
        expect(
          (await reveal(other.token, { property_id: targets[2]!.id, kind: "email" }, "203.0.113.50")).status,
        ).toBe(429);
        expect(
          (await reveal(other.token, { property_id: targets[2]!.id, kind: "email" }, "203.0.113.51")).status,
        ).toBe(200);
      });
    });

    describe("the owner's dashboard", () => {
      it("shows per listing its views, reveals by kind and conversations, and the totals", async () => {
        await t.db.update(properties).set({ total_click: 17 }).where(eq(properties.id, listing.id));
        const sent = await t.call("send_message", {
          token: buyer.token,
          body: { receiver_id: owner.id, property_id: listing.id, message: "Is it still available?" },
        });
        expect(sent.status).toBe(201);
        await t.call("send_message", {
          token: owner.token,
          body: { receiver_id: buyer.id, property_id: listing.id, message: "Yes it is" },
        });
        const r = await t.call("get-user-dashboard", { token: owner.token, query: { limit: "50" } });
        expect(r.status).toBe(200);
        const leads = r.body.data.leads;
        const row = leads.listings.find(
          (l: { kind: string; id: number }) => l.kind === "property" && l.id === listing.id,
        );
        expect(row).toMatchObject({
          slug_id: listing.slug_id,
          views: 17,
          reveals: { phone: 1, email: 1, whatsapp: 1, total: 3 },
          conversations: 1,
        });
        const proj = leads.listings.find(
          (l: { kind: string; id: number }) => l.kind === "project" && l.id === project.id,
        );
        expect(proj).toMatchObject({
          views: null,
          reveals: { phone: 0, email: 1, whatsapp: 0, total: 1 },
          conversations: null,
        });
        expect(leads.profile).toEqual({ phone: 1, email: 0, whatsapp: 0, total: 1 });
        expect(leads.totals).toEqual({ phone: 2, email: 2, whatsapp: 1, total: 5 });
        expect(leads.listings_total).toBeGreaterThanOrEqual(2);
        // Paged: one at a time.
        const first = await t.call("get-user-dashboard", { token: owner.token, query: { limit: "1" } });
        expect(first.body.data.leads.listings).toHaveLength(1);
        expect(
          (await t.call("get-user-dashboard", { token: owner.token, query: { limit: "0" } })).status,
        ).toBe(400);
        // Someone else's dashboard has none of these.
        const theirs = (await t.call("get-user-dashboard", { token: buyer.token })).body.data.leads;
        expect(theirs).toEqual({
          totals: { phone: 0, email: 0, whatsapp: 0, total: 0 },
          profile: { phone: 0, email: 0, whatsapp: 0, total: 0 },
          listings_total: 0,
          listings: [],
        });
      });
    });
  });
}
