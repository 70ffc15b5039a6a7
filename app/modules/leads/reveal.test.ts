// The listing page's "Show phone" form on the server (decision 023), called as React Router calls it:
// a visitor goes to sign in and comes back to `?reveal=`; a signed-in person's plain form post comes
// back as the page with the detail (the loader shows it); sent in the background it is the detail;
// past the day's allowance, 429 with the message; another site cannot make the page reveal anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { eq, sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { redirectedTo } from "../../../tests/support/routing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { properties, users } from "~server/db/schema";
import { LEAD_MESSAGES, REVEAL_LIMITS } from "~server/api/leads/service";
import { i18nextMiddleware } from "~/lib/i18n.server";
import { startSession } from "~/lib/session.server";
import * as detail from "~/routes/property-detail";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
let listing: { id: number; slug_id: string; mobile: string; email: string };
let cookie: string;
let person: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApi({ propertyCount: 40 });
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
  const [row] = await t.db
    .select({ id: properties.id, slug_id: properties.slug_id, mobile: users.mobile, email: users.email })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.added_by))
    .where(
      sql`${properties.request_status} = 'approved' and ${properties.status} = 'active' and not ${properties.is_premium} and ${users.mobile} is not null`,
    )
    .limit(1);
  listing = row as typeof listing;
  person = await signedUp(t, "Form Caller");
  cookie = (await startSession(person.token)).split(";")[0]!;
});
afterAll(() => t?.close());

async function args(url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${url}`, init);
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
});

/** What an action for the page at `pageUrl` threw or answered: where a redirect lands, or the data and status. */
async function outcome(
  run: Promise<unknown>,
  pageUrl = "/",
): Promise<{ location?: string; status?: number; data?: unknown }> {
  try {
    const r = (await run) as { data?: unknown; init?: { status?: number } };
    return { data: r.data ?? r, status: r.init?.status ?? 200 };
  } catch (e) {
    if (e instanceof Response) return { location: redirectedTo(e, pageUrl) ?? undefined, status: e.status };
    throw e;
  }
}

describe("Show phone on a listing page", () => {
  it("sends a visitor to sign in, back to the listing with the phone asked for", async () => {
    const page = `/properties-details/${listing.slug_id}`;
    const r = await outcome(
      detail.action(
        await args(page, post({ intent: "reveal", kind: "phone", property_id: String(listing.id) }), {
          slug_id: listing.slug_id,
        }),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe(`/login?redirectTo=${encodeURIComponent(`${page}?reveal=phone#contact`)}`);
    const ar = await outcome(
      detail.action(
        await args(`/ar${page}`, post({ intent: "reveal", kind: "email", property_id: String(listing.id) }), {
          slug_id: listing.slug_id,
          lang: "ar",
        }),
      ),
      `/ar${page}`,
    );
    expect(ar.location).toBe(`/ar/login?redirectTo=${encodeURIComponent(`/ar${page}?reveal=email#contact`)}`);
    // The page a visitor gets has no detail, whatever the address asks for.
    const anonymous = await detail.loader(
      await args(`${page}?reveal=phone`, {}, { slug_id: listing.slug_id }),
    );
    expect(anonymous.contact).toEqual({ revealed: {}, error: null });
    expect(anonymous.property.customer).toMatchObject({ mobile: null, email: null, has_mobile: true });
  });

  it("without JavaScript: the page again, showing the details asked for so far", async () => {
    const page = `/properties-details/${listing.slug_id}`;
    const r = await outcome(
      detail.action(
        await args(
          page,
          post(
            { intent: "reveal", kind: "whatsapp", shown: "phone", property_id: String(listing.id) },
            { cookie },
          ),
          { slug_id: listing.slug_id },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe(`${page}?reveal=phone,whatsapp#contact`);
    const data = await detail.loader(
      await args(
        `${page}?reveal=phone,whatsapp`,
        { headers: { cookie, "sec-fetch-site": "same-origin" } },
        { slug_id: listing.slug_id },
      ),
    );
    expect(data.contact.error).toBeNull();
    expect(data.contact.revealed.phone?.value).toBe(listing.mobile);
    expect(data.contact.revealed.whatsapp?.href).toBe(`https://wa.me/${listing.mobile.replace(/\D/g, "")}`);
  });

  it("sent in the background: the detail alone", async () => {
    const r = await outcome(
      detail.action(
        await args(
          `/properties-details/${listing.slug_id}`,
          post(
            { intent: "reveal", kind: "email", _background: "1", property_id: String(listing.id) },
            { cookie },
          ),
          { slug_id: listing.slug_id },
        ),
      ),
    );
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      reveal: {
        kind: "email",
        revealed: { value: listing.email, href: `mailto:${listing.email}` },
        error: null,
      },
    });
  });

  it("a link from another site shows nothing until the person clicks", async () => {
    const data = await detail.loader(
      await args(
        `/properties-details/${listing.slug_id}?reveal=phone`,
        { headers: { cookie, "sec-fetch-site": "cross-site" } },
        { slug_id: listing.slug_id },
      ),
    );
    expect(data.contact).toEqual({ revealed: {}, error: null });
  });

  it("past the day's allowance: 429 and the message, with or without JavaScript", async () => {
    const [other] = await t.db
      .select({ id: properties.id })
      .from(properties)
      .where(
        sql`${properties.request_status} = 'approved' and ${properties.status} = 'active' and not ${properties.is_premium} and ${properties.id} <> ${listing.id}`,
      )
      .limit(1);
    await t.db.execute(
      sql`update rate_limits set hits = ${REVEAL_LIMITS.perPerson} where key = ${`reveal:user:${person.id}`}`,
    );
    for (const background of [true, false]) {
      const fields = {
        intent: "reveal",
        kind: "phone",
        property_id: String(other!.id),
        ...(background ? { _background: "1" } : {}),
      };
      const r = await outcome(
        detail.action(
          await args(`/properties-details/${listing.slug_id}`, post(fields, { cookie }), {
            slug_id: listing.slug_id,
          }),
        ),
      );
      expect(r.status).toBe(429);
      expect(r.data).toEqual({ reveal: { kind: "phone", revealed: null, error: LEAD_MESSAGES.limit } });
    }
  });
});
