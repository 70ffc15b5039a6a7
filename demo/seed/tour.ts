// The demo's virtual tour: the demo agent's newest home gets a published tour of four rooms with
// their 360° photos on a floor plan, linked by doorways, and its 3D model is built by the job
// worker as an owner's would be. The pictures are painted later (demo/photos/studio.ts); the
// model job reads them through the storage, which paints any still missing first.
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.server";
import { jobs, tourRooms, virtualTours } from "../../server/db/schema";
import { setPublished } from "../../server/api/tours/service";
import { DEMO_TOUR_LINKS, DEMO_TOUR_PLAN_WIDTH_M, DEMO_TOUR_ROOMS } from "../photos/floor-plan";
import { plannedImage, tourRoomId, TOUR_PLAN_ID } from "../photos/pictures";

/** The demo agent: the first agent, whose address the console prints at start. */
export async function demoAgentId(db: Database): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from users where type = 'agent' and firebase_id like 'demo-%' order by id limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Adds the tour when there is none yet and the demo agent has a home to show. Safe on every start. */
export async function seedTour(db: Database): Promise<void> {
  const [existing] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from virtual_tours`))
    .rows;
  if (Number(existing?.n ?? 0) > 0) return;
  const agent = await demoAgentId(db);
  if (agent === null) return;
  // A home anyone may see (approved, switched on, not premium: a premium tour is for members), one
  // with the bedrooms for the tour's rooms if the agent has one.
  const { rows } = await db.execute<{ id: number; title: string }>(sql`
    select p.id, p.title from properties p join categories c on c.id = p.category_id
    where p.added_by = ${agent} and p.request_status = 'approved' and p.status = 'active'
      and not p.is_premium and c.slug_id in ('apartment', 'villa', 'townhouse')
    order by exists (
        select 1 from assign_parameters ap join parameters pa on pa.id = ap.parameter_id
        where ap.property_id = p.id and pa.name = 'Bedrooms' and (case when ap.value ~ '^[0-9]{1,3}$' then ap.value::int else 0 end) >= 2
      ) desc, p.created_at desc, p.id desc
    limit 1`);
  const listing = rows[0];
  if (!listing) return;
  const plan = plannedImage(TOUR_PLAN_ID)!;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727278)`);
    const [again] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from virtual_tours`)).rows;
    if (Number(again?.n ?? 0) > 0) return;
    const [tour] = await tx
      .insert(virtualTours)
      .values({
        property_id: Number(listing.id),
        name: listing.title.slice(0, 120),
        floorplan_image: plan,
        plan_width_m: DEMO_TOUR_PLAN_WIDTH_M,
        revision: 1,
      })
      .returning({ id: virtualTours.id });
    const rooms = await tx
      .insert(tourRooms)
      .values(
        DEMO_TOUR_ROOMS.map((r, position) => ({
          tour_id: tour!.id,
          position,
          name: r.name,
          kind: "panorama",
          image: plannedImage(tourRoomId(r.panorama))!,
          plan_x: r.plan.x,
          plan_y: r.plan.y,
          plan_w: r.plan.w,
          plan_h: r.plan.h,
        })),
      )
      .returning({ id: tourRooms.id });
    for (const [i, room] of rooms.entries()) {
      const links = DEMO_TOUR_LINKS.filter((l) => l.from === i).map((l) => ({
        to: rooms[l.to]!.id,
        yaw: l.yaw,
      }));
      await tx.execute(
        sql`update tour_rooms set links = ${JSON.stringify(links)}::jsonb where id = ${room.id}`,
      );
    }
    await tx.execute(sql`update virtual_tours set start_room_id = ${rooms[0]!.id} where id = ${tour!.id}`);
    await setPublished(tx, { id: tour!.id, property_id: Number(listing.id) }, true);
    // Built in the background like any owner's model: the editor shows the job, visitors the result.
    await tx.insert(jobs).values({ kind: "tour-model", subject_id: tour!.id, max_attempts: 2 });
  });
}
