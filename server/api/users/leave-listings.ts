// Leaving (decision 022): the person's properties and projects go, with everything that hangs on them.
// Rows go by the schema's cascades (photos, documents, parameters, facilities, plans, featured
// entries, other people's favourites and interest, reports about them, conversations about them,
// home slides that showed them); files are gathered here and removed once the transaction commits.
import { eq, inArray, or } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { chatMessages, projects, properties, sliders } from "../../db/schema";
import { storedFilesOf } from "../listings/service";
import { photoFiles } from "../uploads.server";
import { removeImportsOf } from "../imports/service";

/**
 * Deletes every listing the person added, in the caller's transaction. Answers the storage keys
 * that belonged only to those listings, to delete after the commit: a rolled-back departure must
 * still find its photos.
 */
export async function removeListingsOf(tx: Executor, userId: number): Promise<string[]> {
  const [ownProperties, ownProjects] = await Promise.all([
    tx.select({ id: properties.id }).from(properties).where(eq(properties.added_by, userId)),
    tx.select({ id: projects.id }).from(projects).where(eq(projects.added_by, userId)),
  ]);
  const propertyIds = ownProperties.map((p) => p.id);
  const projectIds = ownProjects.map((p) => p.id);
  // Listings read from other portals and never posted go too, with the photos brought for them
  // (a posted one's photos are its listing's, removed with it below).
  const keys: string[] = await removeImportsOf(tx, userId);
  if (!propertyIds.length && !projectIds.length) return keys;

  // The same files delete_property and delete_project remove: every photo variant, originals,
  // documents, plans, file parameters (demo files, shared by many listings, are never among them).
  for (const id of propertyIds) keys.push(...(await storedFilesOf(tx, "property", id)));
  for (const id of projectIds) keys.push(...(await storedFilesOf(tx, "project", id)));

  // A conversation is about one property: it goes with the property, with the files both people sent in it.
  if (propertyIds.length) {
    const attached = await tx
      .select({ file: chatMessages.file_key, audio: chatMessages.audio_key })
      .from(chatMessages)
      .where(inArray(chatMessages.property_id, propertyIds));
    keys.push(...attached.flatMap((m) => [m.file, m.audio]).filter((k): k is string => Boolean(k)));
  }

  // A slide that showed one of these listings goes by cascade; its own photo (if an admin gave it one) with it.
  const slides = await tx
    .select({ key: sliders.image_key, widths: sliders.image_widths })
    .from(sliders)
    .where(
      or(
        propertyIds.length ? inArray(sliders.property_id, propertyIds) : undefined,
        projectIds.length ? inArray(sliders.project_id, projectIds) : undefined,
      ),
    );
  for (const s of slides)
    if (s.key && !s.key.startsWith("demo/")) keys.push(...photoFiles({ key: s.key, widths: s.widths }));

  if (propertyIds.length) await tx.delete(properties).where(inArray(properties.id, propertyIds));
  if (projectIds.length) await tx.delete(projects).where(inArray(projects.id, projectIds));
  return keys;
}
