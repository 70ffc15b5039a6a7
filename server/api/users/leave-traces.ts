// Leaving (decision 022): the smaller things a person leaves around the site, each removed in the
// departure's transaction. Some point at the person by id, some only by their address or number
// (sign-in codes, rate-limit counters, contact-form messages), so both are looked for.
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import {
  advertisements,
  chatEvents,
  contactMessages,
  contactReveals,
  favourites,
  interestedUsers,
  notifications,
  otpCodes,
  rateLimits,
  userBlocks,
  verificationApplications,
  verificationValues,
} from "../../db/schema";
import type { UserRow } from "./service";

/** `%`, `_` and `\` in a name are letters, not patterns. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * In the caller's transaction. Answers the storage keys of the person's verification documents, to
 * delete after the commit.
 */
export async function removeTracesOf(
  tx: Executor,
  person: Pick<UserRow, "id" | "name" | "email" | "mobile">,
): Promise<string[]> {
  const id = person.id;

  // Other people's notifications that name the person: "X is interested in …" (the interest itself
  // goes below) and "New message from X" with a preview of words that are now deleted.
  await tx.execute(sql`
    delete from ${notifications} n using ${interestedUsers} i, properties p
    where i.user_id = ${id} and p.id = i.property_id and n.user_id = p.added_by and n.type = 'interest'
      and n.link = '/my-property/' || p.slug_id and n.body like ${`${literal(person.name)} is interested in %`}`);
  await tx
    .delete(notifications)
    .where(and(eq(notifications.type, "message"), like(notifications.link, `/user/chat?user_id=${id}&%`)));
  // Their own notifications, and what their (now closed) chat pages were still to be told.
  await tx.delete(notifications).where(eq(notifications.user_id, id));
  await tx.delete(chatEvents).where(eq(chatEvents.user_id, id));

  // What they saved or asked for: favourites, interest in listings, featured requests, blocks either way.
  await tx.delete(favourites).where(eq(favourites.user_id, id));
  await tx.delete(interestedUsers).where(eq(interestedUsers.user_id, id));
  await tx.delete(advertisements).where(eq(advertisements.user_id, id));
  await tx.delete(userBlocks).where(or(eq(userBlocks.user_id, id), eq(userBlocks.to_user_id, id)));

  // Leads: reveals of their own contact details go; their looking at others' stays a count without them.
  await tx.delete(contactReveals).where(eq(contactReveals.owner_id, id));
  await tx.update(contactReveals).set({ viewer_id: null }).where(eq(contactReveals.viewer_id, id));

  // Agent verification: the answers and the identity documents sent with them.
  const apps = await tx
    .select({ id: verificationApplications.id })
    .from(verificationApplications)
    .where(eq(verificationApplications.user_id, id));
  let documents: string[] = [];
  if (apps.length) {
    const files = await tx
      .select({ key: verificationValues.file_key })
      .from(verificationValues)
      .where(
        inArray(
          verificationValues.application_id,
          apps.map((a) => a.id),
        ),
      );
    documents = files.flatMap((f) => (f.key ? [f.key] : []));
    await tx.delete(verificationApplications).where(eq(verificationApplications.user_id, id));
  }

  // What only their address or number points at.
  const email = person.email?.trim().toLowerCase() || null;
  const mobile = person.mobile?.trim() || null;
  await tx
    .delete(contactMessages)
    .where(
      or(
        eq(contactMessages.user_id, id),
        email ? sql`lower(${contactMessages.email}) = ${email}` : undefined,
      ),
    );
  const targets = [email, mobile].filter((v): v is string => Boolean(v));
  if (targets.length) await tx.delete(otpCodes).where(inArray(otpCodes.target, targets));
  // Counters are keyed `<kind>:to:<address>` (sign-in limits) or by profile id (chat, reports).
  const keyed = targets.map((v) => sql`right(${rateLimits.key}, ${v.length + 4}) = ${`:to:${v}`}`);
  await tx.delete(rateLimits).where(or(inArray(rateLimits.key, [`chat:${id}`, `report:${id}`]), ...keyed));
  return documents;
}
