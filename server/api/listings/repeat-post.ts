// A listing form sent twice (decision 046). Without JavaScript a second press sends the whole form
// again while the first is still on its way, and the browser shows only the answer to the second;
// a phone on a weak signal resends a post the same way. The posting form carries a token made when
// the page was drawn (`form_token`), and the listing's address is made from it: the same form sent
// twice makes the same address, which only one listing can have. The second copy finds the first
// and answers with it: one listing, one unit of the package. A post without a token (another
// client of the API) gets a random address, as before.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { projects, properties } from "../../db/schema";
import type { ListingKind } from "./guards";

/** Thrown inside a post's transaction when the same form was saved meanwhile: that listing's id. */
export class RepeatPost extends Error {
  constructor(readonly id: number) {
    super("This form was saved already");
  }
}

/** The address's tail (8 hex digits, like a random one) for the owner's form token. */
export function slugTailOf(ownerId: number, formToken: string): string {
  return createHash("sha256").update(`${ownerId}:${formToken}`).digest("hex").slice(0, 8);
}

/** The owner's listing at this address, if the form that makes it was saved already. */
export async function savedAt(
  db: Executor,
  kind: ListingKind,
  ownerId: number,
  slug: string,
): Promise<number | null> {
  const table = kind === "property" ? properties : projects;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug_id, slug), eq(table.added_by, ownerId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Inside a post's transaction: the owner's posts are saved one at a time (until it commits), so
 * two copies of one form arriving together find each other instead of meeting at the unique index.
 */
export async function takeTurnToPost(tx: Executor, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${POSTING_LOCK}, ${ownerId})`);
}

/** The first key of the owners' posting locks (the second is the owner's id). */
const POSTING_LOCK = 46_001;
