// What the demo agent finds on signing in besides their listings: searches they saved (with alerts)
// and leads, people who asked for their number, WhatsApp or email over the last two weeks.
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.server";
import { contactReveals } from "../../server/db/schema";
import { saveSearch } from "../../server/api/saved-searches/service";
import { saveSearchSchema } from "../../server/api/saved-searches/schema";
import { demoAgentId } from "./tour";

const SEARCHES = [
  {
    name: "Family villas for sale in Dubai",
    city: "Dubai",
    category_slug_id: "villa",
    property_type: "sell",
  },
  {
    name: "Flats to rent in Abu Dhabi under 120,000",
    city: "Abu Dhabi",
    category_slug_id: "apartment",
    property_type: "rent",
    max_price: 120000,
    frequency: "weekly",
  },
  { name: "Homes with a virtual tour", with_tour: "1", frequency: "instant" },
] as const;

const KINDS = ["phone", "whatsapp", "email"] as const;
const DAY = 86_400_000;

/** Adds the agent's saved searches and leads once: when they have none of either yet. */
export async function seedAgentActivity(db: Database): Promise<void> {
  const agent = await demoAgentId(db);
  if (agent === null) return;
  const [had] = (
    await db.execute<{ n: number }>(sql`
      select (select count(*) from saved_searches where user_id = ${agent}) + (select count(*) from contact_reveals where owner_id = ${agent}) as n`)
  ).rows;
  if (Number(had?.n ?? 0) > 0) return;

  for (const search of SEARCHES) await saveSearch(db, agent, saveSearchSchema.parse(search), "en");

  // Other demo people asked about the agent's newest listings: a few a day, more on recent days.
  const { rows: listings } = await db.execute<{ id: number }>(sql`
    select id from properties where added_by = ${agent} and request_status = 'approved' and status = 'active'
    order by created_at desc, id desc limit 6`);
  const { rows: people } = await db.execute<{ id: number }>(sql`
    select id from users where firebase_id like 'demo-%' and id <> ${agent} and type <> 'agent' order by id`);
  if (!listings.length || !people.length) return;
  const now = Date.now();
  const leads = people.flatMap((person, i) =>
    [0, 1].map((n) => {
      const ago = (i * 3 + n * 5) % 14;
      const at = new Date(now - ago * DAY - ((i * 7 + n) % 10) * 3_600_000);
      return {
        owner_id: agent,
        viewer_id: Number(person.id),
        property_id: Number(listings[(i + n) % listings.length]!.id),
        kind: KINDS[(i + n * 2) % KINDS.length]!,
        day: at.toISOString().slice(0, 10),
        created_at: at,
      };
    }),
  );
  await db.insert(contactReveals).values(leads).onConflictDoNothing();
}
