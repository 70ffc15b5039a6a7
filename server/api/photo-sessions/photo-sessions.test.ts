// Photo shoots end to end: an owner asks, an admin gives the role and assigns, the photographer
// builds the tour and marks it done, the owner sends it back and then approves (the tour goes
// live). Every step is tried by the wrong person too, and each side hears of the other's step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import { checkAnswer } from "../openapi-check";
import { PHOTO_SESSION_ERRORS } from "./service";
import { PHOTO_SESSION_MESSAGES } from "./schema";
import { PHOTOGRAPHER_HAS_SHOOTS } from "../admin/photo-sessions";

type Person = Awaited<ReturnType<typeof signedUp>>;
let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: Person;
let stranger: Person;
let photographer: Person;
let otherPhotographer: Person;
let admin: Person;
let propertyId: number;
let secondPropertyId: number;
let slug: string;
let title: string;

const roomPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 170, b: 140 } } })
    .jpeg()
    .toBuffer();

/** A room with a picture, added as a browser would (multipart), its answer checked like every other. */
async function addRoom(tourId: number, token: string) {
  const body = new FormData();
  body.append("name", "Living room");
  body.append("kind", "photo");
  body.append("image", new File([new Uint8Array(await roomPhoto())], "room.jpg", { type: "image/jpeg" }));
  const path = `virtual-tours/${tourId}/rooms`;
  const res = await t.api.fetch(
    new Request(`http://test/api/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    }),
  );
  const json = await res.json();
  checkAnswer(path, "POST", res.status, json, res.headers);
  return res.status;
}

const notes = async (who: Person) =>
  (await t.call("get_notification_list", { token: who.token, query: { limit: "50" } })).body.data
    .notifications as { type: string; title: string; body: string; link: string | null }[];
const typesOf = async (who: Person) => (await notes(who)).map((n) => n.type);

const complete = (as: Person, pathId: number, sessionId: number, body: Record<string, unknown> = {}) =>
  t.call(`session/${pathId}/session/${sessionId}/virtual-tour/complete`, {
    method: "PUT",
    token: as.token,
    body,
  });
const review = (as: Person, pathId: number, sessionId: number, body: Record<string, unknown>) =>
  t.call(`session/${pathId}/session/${sessionId}/virtual-tour/submit-review`, {
    method: "PUT",
    token: as.token,
    body,
  });

beforeAll(async () => {
  t = await createTestApi();
  owner = await signedUp(t, "Shoot Owner");
  stranger = await signedUp(t, "Someone Else");
  photographer = await signedUp(t, "Lena Lens");
  otherPhotographer = await signedUp(t, "Omar Optic");
  admin = await signedUpAdmin(t, "Shoot Admin");
  // An admin's profile is marked as one of the team at their first call with the claim.
  await t.call("admin/overview", { token: admin.token });
  const { rows } = await t.db.execute<{ id: number; slug_id: string; title: string }>(
    sql`select id, slug_id, title from properties where request_status = 'approved' and status = 'active' and not has_tour order by id limit 2`,
  );
  propertyId = Number(rows[0]!.id);
  secondPropertyId = Number(rows[1]!.id);
  slug = rows[0]!.slug_id;
  title = rows[0]!.title;
  await t.db.execute(
    sql`update properties set added_by = ${owner.id} where id in (${propertyId}, ${secondPropertyId})`,
  );
}, 120_000);
afterAll(() => t?.close());

describe("photo sessions", () => {
  let sessionId: number;
  let tourId: number;

  it("lets only the owner ask for a shoot, one open shoot per property, and tells the admins", async () => {
    const strangers = await t.call("request-photo-session", {
      token: stranger.token,
      body: { property_id: propertyId, request_note: "Mine now" },
    });
    expect([strangers.status, strangers.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notYourProperty]);
    expect(
      (await t.call("request-photo-session", { token: owner.token, body: { property_id: 99_999_999 } }))
        .status,
    ).toBe(404);
    const none = await t.call("request-photo-session", {
      token: owner.token,
      body: { request_note: "Any time" },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.property_id).toEqual([PHOTO_SESSION_MESSAGES.property]);
    expect((await t.call("request-photo-session", { body: { property_id: propertyId } })).status).toBe(401);

    const r = await t.call("request-photo-session", {
      token: owner.token,
      body: { property_id: propertyId, request_note: "Weekday mornings; the key is with the concierge." },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      status: "requested",
      property: { id: propertyId, slug_id: slug, title, link: `/properties-details/${slug}` },
      owner: { id: owner.id, name: "Shoot Owner" },
      photographer: null,
      tour_editor_link: `/user/tours/${propertyId}`,
      request_note: "Weekday mornings; the key is with the concierge.",
      rating: null,
    });
    expect(r.body.data.owner).not.toHaveProperty("email");
    sessionId = r.body.data.id;

    const again = await t.call("request-photo-session", {
      token: owner.token,
      body: { property_id: propertyId },
    });
    expect([again.status, again.body.message]).toEqual([409, PHOTO_SESSION_ERRORS.alreadyOpen]);

    const mine = await t.call("photo-sessions", { token: owner.token });
    expect(mine.body.total).toBe(1);
    expect(mine.body.data[0].id).toBe(sessionId);
    expect((await t.call("photo-sessions", { token: stranger.token })).body.total).toBe(0);

    const adminNotes = await notes(admin);
    expect(adminNotes.find((n) => n.type === "photo_session_requested")).toMatchObject({
      body: `Shoot Owner asked for a photo shoot of ${title}.`,
      link: "/admin/photo-sessions",
    });
  });

  it("lets only an admin give the role and assign, and only to a person with the role", async () => {
    const notAdmin = await t.call("admin/assign-photographer", {
      token: owner.token,
      body: { session_id: sessionId, photographer_id: photographer.id },
    });
    expect(notAdmin.status).toBe(403);
    expect(
      (
        await t.call("admin/set-photographer", {
          token: photographer.token,
          body: { user_id: photographer.id, is_photographer: true },
        })
      ).status,
    ).toBe(403);

    const noRole = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: sessionId, photographer_id: photographer.id },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.body.errors.photographer_id).toEqual([PHOTO_SESSION_ERRORS.notPhotographer]);
    const nobody = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(nobody.body.errors.photographer_id).toEqual([PHOTO_SESSION_ERRORS.choosePhotographer]);

    for (const p of [photographer, otherPhotographer]) {
      const given = await t.call("admin/set-photographer", {
        token: admin.token,
        body: { user_id: p.id, is_photographer: true },
      });
      expect(given.status).toBe(200);
      expect(given.body.data).toEqual({ id: p.id, is_photographer: true });
    }
    expect((await t.call("get-profile", { token: photographer.token })).body.data.is_photographer).toBe(true);
    const log = await t.call("admin/audit-log", {
      token: admin.token,
      query: { target_type: "user", target_id: String(photographer.id) },
    });
    expect(log.body.data[0]).toMatchObject({
      action: "user.photographer",
      before: { is_photographer: false },
      after: { is_photographer: true },
    });

    const listed = await t.call("admin/photographers", { token: admin.token });
    expect(listed.body.data.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([photographer.id, otherPhotographer.id]),
    );

    const missing = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: 99_999_999, photographer_id: photographer.id },
    });
    expect(missing.status).toBe(404);

    const r = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: sessionId, photographer_id: photographer.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: "assigned",
      photographer: { id: photographer.id, name: "Lena Lens" },
      owner: { id: owner.id },
    });
    expect(r.body.data.tour_id).toEqual(expect.any(Number));
    tourId = r.body.data.tour_id;
    const { rows } = await t.db.execute<{ property_id: number; status: string }>(
      sql`select property_id, status from virtual_tours where id = ${tourId}`,
    );
    expect(rows[0]).toMatchObject({ property_id: propertyId, status: "draft" });

    expect(await typesOf(photographer)).toContain("photo_session_assigned");
    const ownerNote = (await notes(owner)).find((n) => n.type === "photo_session_assigned_owner");
    expect(ownerNote).toMatchObject({
      body: `Lena Lens will photograph ${title} and build its virtual tour.`,
      link: "/user/photo-sessions",
    });
    expect(await typesOf(stranger)).toEqual([]);

    const sessions = await t.call("admin/photo-sessions", {
      token: admin.token,
      query: { status: "assigned" },
    });
    expect(sessions.body.data.find((s: { id: number }) => s.id === sessionId)).toMatchObject({
      photographer: { id: photographer.id, email: photographer.email },
      owner: { email: owner.email },
    });
    expect(
      (
        await t.call("admin/photo-sessions", { token: admin.token, query: { status: "approved" } })
      ).body.data.some((s: { id: number }) => s.id === sessionId),
    ).toBe(false);
  });

  it("shows a photographer their active shoots, to them and admins only", async () => {
    const mine = await t.call(`session/photographer/${photographer.id}/active-sessions`, {
      token: photographer.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.data[0]).toMatchObject({
      id: sessionId,
      status: "assigned",
      request_note: "Weekday mornings; the key is with the concierge.",
      tour_ready: false,
    });
    expect(
      (await t.call(`session/photographer/${photographer.id}/active-sessions`, { token: admin.token }))
        .status,
    ).toBe(200);
    const other = await t.call(`session/photographer/${photographer.id}/active-sessions`, {
      token: otherPhotographer.token,
    });
    expect([other.status, other.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notYourSessions]);
    expect(
      (await t.call(`session/photographer/${photographer.id}/completed-sessions`, { token: owner.token }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call(`session/photographer/${photographer.id}/completed-sessions`, {
          token: photographer.token,
        })
      ).body.total,
    ).toBe(0);
    expect(
      (
        await t.call(`session/photographer/${otherPhotographer.id}/active-sessions`, {
          token: otherPhotographer.token,
        })
      ).body.total,
    ).toBe(0);
  });

  it("lets only the assigned photographer mark it done, once the tour has a picture", async () => {
    const empty = await complete(photographer, photographer.id, sessionId);
    expect([empty.status, empty.body.message]).toEqual([400, PHOTO_SESSION_ERRORS.needsPicture]);

    // The assigned photographer may build the tour; another photographer may not.
    expect(await addRoom(tourId, otherPhotographer.token)).toBe(403);
    // The photographer builds but does not publish: that is the owner's review.
    const publish = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: photographer.token,
      body: { publish: true },
    });
    expect([publish.status, publish.body.message]).toEqual([
      403,
      "The listing's owner publishes the tour: mark the shoot as done for their review",
    ]);
    expect(await addRoom(tourId, photographer.token)).toBe(201);

    const asOwner = await complete(owner, owner.id, sessionId);
    expect([asOwner.status, asOwner.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notThePhotographer]);
    const asOther = await complete(otherPhotographer, otherPhotographer.id, sessionId);
    expect([asOther.status, asOther.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notThePhotographer]);
    const someoneElsesId = await complete(otherPhotographer, photographer.id, sessionId);
    expect([someoneElsesId.status, someoneElsesId.body.message]).toEqual([
      403,
      PHOTO_SESSION_ERRORS.notYouPhotographer,
    ]);
    const tooLong = await complete(photographer, photographer.id, sessionId, {
      photographer_note: "x".repeat(1001),
    });
    expect(tooLong.status).toBe(400);
    expect(await typesOf(owner)).not.toContain("photo_session_submitted");

    const done = await complete(photographer, photographer.id, sessionId, {
      photographer_note: "Eight rooms; the balcony at sunset.",
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: "submitted",
      photographer_note: "Eight rooms; the balcony at sunset.",
      tour_ready: true,
    });
    expect(done.body.data.submitted_at).toEqual(expect.any(String));
    const twice = await complete(photographer, photographer.id, sessionId);
    expect([twice.status, twice.body.message]).toEqual([409, PHOTO_SESSION_ERRORS.alreadySubmitted]);

    const ownerNote = (await notes(owner)).find((n) => n.type === "photo_session_submitted");
    expect(ownerNote).toMatchObject({
      title: "Your virtual tour is ready for review",
      body: `Lena Lens finished the tour of ${title}. Approve it or ask for changes.`,
      link: "/user/photo-sessions",
    });
    // Submitted, the photographer waits: the tour is no longer theirs to change.
    expect(await addRoom(tourId, photographer.token)).toBe(403);
  });

  it("lets only the owner review: changes need a note, approval needs stars", async () => {
    const asPhotographer = await review(photographer, photographer.id, sessionId, {
      decision: "approve",
      rating: 5,
    });
    expect([asPhotographer.status, asPhotographer.body.message]).toEqual([
      403,
      PHOTO_SESSION_ERRORS.notTheOwner,
    ]);
    const asStranger = await review(stranger, owner.id, sessionId, { decision: "approve", rating: 5 });
    expect([asStranger.status, asStranger.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notYouOwner]);
    const noStars = await review(owner, owner.id, sessionId, { decision: "approve" });
    expect(noStars.status).toBe(400);
    expect(noStars.body.errors.rating).toEqual([PHOTO_SESSION_MESSAGES.rating]);
    const sixStars = await review(owner, owner.id, sessionId, { decision: "approve", rating: 6 });
    expect(sixStars.body.errors.rating).toEqual([PHOTO_SESSION_MESSAGES.rating]);
    const noWords = await review(owner, owner.id, sessionId, { decision: "changes" });
    expect(noWords.body.errors.review_note).toEqual([PHOTO_SESSION_MESSAGES.changesNote]);

    const back = await review(owner, owner.id, sessionId, {
      decision: "changes",
      review_note: "Please add the kitchen.",
      rating: 3,
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      status: "changes_requested",
      review_note: "Please add the kitchen.",
      rating: 3,
    });
    const note = (await notes(photographer)).find((n) => n.type === "photo_session_changes");
    expect(note).toMatchObject({
      body: `Shoot Owner asked for changes to the tour of ${title}: Please add the kitchen.`,
      link: "/user/photo-sessions",
    });
    expect((await review(owner, owner.id, sessionId, { decision: "approve", rating: 4 })).status).toBe(409);

    // Still a draft: nobody outside sees it, the listing has no badge.
    expect((await t.call("get_property", { query: { slug_id: slug } })).body.data[0].has_tour).toBe(false);
    const active = await t.call(`session/photographer/${photographer.id}/active-sessions`, {
      token: photographer.token,
    });
    expect(active.body.data[0]).toMatchObject({ id: sessionId, status: "changes_requested" });

    expect(await addRoom(tourId, photographer.token)).toBe(201);
    expect(
      (await complete(photographer, photographer.id, sessionId, { photographer_note: "Kitchen added." })).body
        .data.status,
    ).toBe("submitted");
  });

  it("publishes the tour when the owner approves, and the photographer hears of it", async () => {
    const ok = await review(owner, owner.id, sessionId, {
      decision: "approve",
      rating: 5,
      review_note: "Lovely work",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "approved", rating: 5, review_note: "Lovely work" });
    expect(ok.body.data.reviewed_at).toEqual(expect.any(String));
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from virtual_tours where id = ${tourId}`,
    );
    expect(rows[0]!.status).toBe("published");
    expect((await t.call("get_property", { query: { slug_id: slug } })).body.data[0].has_tour).toBe(true);
    expect((await t.call(`virtual-tours/property/${propertyId}`)).status).toBe(200);

    const approved = (await notes(photographer)).find((n) => n.type === "photo_session_approved");
    expect(approved).toMatchObject({
      title: "Your tour was approved",
      body: `Shoot Owner approved the tour of ${title} and rated it 5 of 5.`,
    });
    const ar = (
      await t.call("get_notification_list", { token: photographer.token, lang: "ar" })
    ).body.data.notifications.find((n: { type: string }) => n.type === "photo_session_approved");
    expect(ar.title).toBe("تمت الموافقة على جولتك");

    expect(
      (await t.call(`session/photographer/${photographer.id}/active-sessions`, { token: photographer.token }))
        .body.total,
    ).toBe(0);
    const completed = await t.call(`session/photographer/${photographer.id}/completed-sessions`, {
      token: photographer.token,
    });
    expect(completed.body.data.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [sessionId, "approved"],
    ]);
    const people = await t.call("admin/photographers", { token: admin.token });
    expect(people.body.data.find((p: { id: number }) => p.id === photographer.id)).toMatchObject({
      active_sessions: 0,
      completed_sessions: 1,
      average_rating: 5,
      ratings: 1,
    });

    // Closed: nothing more to do on it.
    expect(
      (await review(owner, owner.id, sessionId, { decision: "changes", review_note: "Again" })).status,
    ).toBe(409);
    expect((await complete(photographer, photographer.id, sessionId)).status).toBe(409);
    expect(
      (await t.call("cancel-photo-session", { token: owner.token, body: { id: sessionId } })).status,
    ).toBe(409);
    // A new shoot of the same listing may be asked for now.
    const next = await t.call("request-photo-session", {
      token: owner.token,
      body: { property_id: propertyId },
    });
    expect(next.status).toBe(201);
    expect(
      (await t.call("cancel-photo-session", { token: owner.token, body: { id: next.body.data.id } })).status,
    ).toBe(200);
  });

  it("reassigns and cancels: only the owner cancels, before anything was delivered, and each photographer is told", async () => {
    const asked = await t.call("request-photo-session", {
      token: owner.token,
      body: { property_id: secondPropertyId, request_note: "Saturdays" },
    });
    const id = asked.body.data.id as number;
    expect(
      (
        await t.call("admin/assign-photographer", {
          token: admin.token,
          body: { session_id: id, photographer_id: photographer.id },
        })
      ).status,
    ).toBe(200);
    const moved = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: id, photographer_id: otherPhotographer.id },
    });
    expect(moved.body.data).toMatchObject({ status: "assigned", photographer: { id: otherPhotographer.id } });
    expect(await typesOf(photographer)).toContain("photo_session_reassigned");
    expect(
      (await t.call(`session/photographer/${photographer.id}/active-sessions`, { token: photographer.token }))
        .body.total,
    ).toBe(0);

    // Open shoots keep the role: they must go to someone else first.
    const keep = await t.call("admin/set-photographer", {
      token: admin.token,
      body: { user_id: otherPhotographer.id, is_photographer: false },
    });
    expect([keep.status, keep.body.message]).toEqual([409, PHOTOGRAPHER_HAS_SHOOTS]);

    const notOwner = await t.call("cancel-photo-session", { token: otherPhotographer.token, body: { id } });
    expect([notOwner.status, notOwner.body.message]).toEqual([403, PHOTO_SESSION_ERRORS.notTheOwnerCancel]);
    expect((await t.call("cancel-photo-session", { token: stranger.token, body: { id } })).status).toBe(403);
    const cancelled = await t.call("cancel-photo-session", { token: owner.token, body: { id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect((await t.call("cancel-photo-session", { token: owner.token, body: { id } })).status).toBe(409);
    expect(await typesOf(otherPhotographer)).toContain("photo_session_cancelled");
    expect(
      (
        await t.call("admin/assign-photographer", {
          token: admin.token,
          body: { session_id: id, photographer_id: photographer.id },
        })
      ).status,
    ).toBe(409);

    // A cancelled shoot shows among the photographer's finished ones, marked so.
    const done = await t.call(`session/photographer/${otherPhotographer.id}/completed-sessions`, {
      token: otherPhotographer.token,
    });
    expect(done.body.data.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [id, "cancelled"],
    ]);
    const off = await t.call("admin/set-photographer", {
      token: admin.token,
      body: { user_id: otherPhotographer.id, is_photographer: false },
    });
    expect(off.body.data).toEqual({ id: otherPhotographer.id, is_photographer: false });
    // Without the role, nothing new can be given to them.
    const again = await t.call("request-photo-session", {
      token: owner.token,
      body: { property_id: secondPropertyId },
    });
    const refused = await t.call("admin/assign-photographer", {
      token: admin.token,
      body: { session_id: again.body.data.id, photographer_id: otherPhotographer.id },
    });
    expect(refused.body.errors.photographer_id).toEqual([PHOTO_SESSION_ERRORS.notPhotographer]);
  });
});
