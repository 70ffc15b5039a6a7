// Agents: people of type agent with public listings, and one agent's profile with their listings.
import { z } from "zod";
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { users } from "../../db/schema";
import { limitOffset } from "../contract/pagination";
import { notFound } from "../envelope";
import { localizePlaces } from "../places";
import { listProperties } from "../listings/property/service";
import { getPropertySchema } from "../listings/property/schema";
import { Agent, AgentProperties } from "./output";
import { contactFields } from "../leads/contract";
import type { ApiContext } from "../context";

const liveListings = sql<number>`(select count(*)::int from properties p where p.added_by = "users"."id" and p.request_status = 'approved' and p.status = 'active')`;

const agentView = {
  id: users.id,
  name: users.name,
  profile: users.profile,
  type: users.type,
  about_me: users.about_me,
  city: users.city,
  country: users.country,
  mobile: users.mobile,
  email: users.email,
  facebook_id: users.facebook_id,
  twiiter_id: users.twiiter_id,
  instagram_id: users.instagram_id,
  youtube_id: users.youtube_id,
  is_verified: sql<boolean>`${users.verification_status} = 'success'`,
  properties_count: liveListings,
};

/** An agent's phone and email go to the agent and admins only; others ask reveal-contact (decision 023). */
const withContact = <T extends { id: number; mobile: string | null; email: string | null }>(
  row: T,
  ctx: ApiContext,
) => ({
  ...row,
  ...contactFields(row, { id: ctx.user?.id, admin: ctx.principal?.admin }),
});

export const agentList = defineCall({
  name: "agent-list",
  method: "GET",
  access: "public",
  shared: true,
  tag: "agents",
  summary: "Agents with their number of public listings, verified ones first",
  input: z.object({
    ...limitOffset(12, 100),
    search: z.string().trim().max(100, "at most 100 characters").optional(),
    city: z.string().trim().max(120).optional(),
  }),
  output: z.array(Agent),
  total: true,
  async handler(input, ctx) {
    const { db, lang } = ctx;
    const where = and(
      eq(users.type, "agent"),
      eq(users.is_active, true),
      input.search
        ? or(ilike(users.name, `%${input.search}%`), ilike(users.city, `%${input.search}%`))
        : undefined,
      input.city ? sql`lower(${users.city}) = lower(${input.city})` : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select(agentView)
        .from(users)
        .where(where)
        .orderBy(desc(sql`${users.verification_status} = 'success'`), desc(liveListings), asc(users.name))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    return {
      data: await localizePlaces(
        db,
        lang,
        rows.map((r) => withContact(r, ctx)),
      ),
      total: count?.n ?? 0,
    };
  },
});

export const agentProperties = defineCall({
  name: "agent-properties",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "agents",
  summary: "One agent's public profile and listings",
  input: z.object({
    id: z.coerce
      .number({ error: "id must be a number" })
      .int()
      .positive("id must be a positive number")
      .max(2 ** 31 - 1),
    ...limitOffset(12, 100),
  }),
  output: AgentProperties,
  total: true,
  errorStatuses: [404],
  async handler(input, ctx) {
    const [agent] = await ctx.db
      .select(agentView)
      .from(users)
      .where(and(eq(users.id, input.id), eq(users.is_active, true)))
      .limit(1);
    if (!agent) throw notFound("Agent not found");
    const q = getPropertySchema.parse({
      userid: String(input.id),
      offset: String(input.offset),
      limit: String(input.limit),
    });
    const { rows, total } = await listProperties(ctx.db, q, {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId: ctx.user?.id,
      admin: ctx.principal?.admin,
    });
    const [shown] = await localizePlaces(ctx.db, ctx.lang, [withContact(agent, ctx)]);
    return { data: { agent: shown!, properties: rows }, total };
  },
});
