// The home page as an admin arranges it: the slider's slides (a headline in English and Arabic,
// leading to a listing or a project, with their own photo or the listing's cover) in the order
// shown, and the order of the page's sections, some of them hidden.
import { ONE_FILE_BODY_BYTES } from "../body-limit";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { projects, properties, propertyImages, settings, sliders, type Translations } from "../../db/schema";
import { defineCall } from "../call";
import { AdminHome, SavedHomeSections } from "./output";
import { IdOnly } from "../output";
import { ApiError, notFound } from "../envelope";
import { HOME_SECTIONS, HOME_SECTIONS_KEY, readHomeSections } from "../home/sections";
import { MAX_SLIDES } from "../home/slider";
import { idOf } from "../contract/ids";
import { photoFiles, UploadBatch } from "../uploads.server";
import { audit } from "./audit";
import { movedOnePlace, renumber } from "./content/order";

export const SLIDE_MESSAGES = {
  title: "Title is required",
  target: "Enter the number or the address (slug) of the property or project",
  noProperty: "No property has this number or address",
  noProject: "No project has this number or address",
  needsImage: "A slide that leads nowhere needs its own image",
  sections: "List every section once",
} as const;

const flag = z.preprocess(
  (v) =>
    v === "" || v === undefined || v === null
      ? undefined
      : v === true || v === 1 || v === "1" || v === "true" || v === "on",
  z.boolean().optional(),
);
const blankIsNone = (v: unknown) =>
  v === "" || v === null || (v instanceof File && v.size === 0) ? undefined : v;

/** One slide as the console's form sends it: the whole slide (a field left out is empty). */
export const saveSlideSchema = z.object({
  id: z.preprocess(blankIsNone, idOf("id").optional()),
  title: z
    .string({ error: SLIDE_MESSAGES.title })
    .trim()
    .min(1, SLIDE_MESSAGES.title)
    .max(120, "at most 120 characters"),
  title_ar: z.preprocess(blankIsNone, z.string().trim().max(120, "at most 120 characters").optional()),
  target_type: z.preprocess(
    blankIsNone,
    z.enum(["property", "project"], "Choose a property or a project").optional(),
  ),
  /** The listing's or project's number or its address (slug_id). */
  target: z.preprocess(blankIsNone, z.string().trim().max(200, "at most 200 characters").optional()),
  image: z.preprocess(blankIsNone, z.file().optional()),
  remove_image: flag,
  status: flag,
});

type SlideRow = typeof sliders.$inferSelect;

async function slidesView(db: Executor, storage: { publicUrl(key: string): string }) {
  const rows = await db
    .select({
      s: sliders,
      property: {
        id: properties.id,
        slug_id: properties.slug_id,
        title: properties.title,
        public: sql<boolean>`${properties.request_status} = 'approved' and ${properties.status} = 'active'`,
      },
      project: {
        id: projects.id,
        slug_id: projects.slug_id,
        title: projects.title,
        image: projects.image,
        widths: projects.image_widths,
        public: sql<boolean>`${projects.request_status} = 'approved' and ${projects.status} = 'active'`,
      },
      cover: { key: propertyImages.key, widths: propertyImages.widths },
    })
    .from(sliders)
    .leftJoin(properties, eq(properties.id, sliders.property_id))
    .leftJoin(projects, eq(projects.id, sliders.project_id))
    .leftJoin(
      propertyImages,
      and(eq(propertyImages.property_id, sliders.property_id), eq(propertyImages.position, 0)),
    )
    .orderBy(asc(sliders.sequence), asc(sliders.id));
  const thumb = (key: string | null | undefined, widths: number[] | null | undefined) =>
    key && widths?.length ? storage.publicUrl(`${key}-${widths[0]}.webp`) : null;
  let shownCount = 0;
  return rows.map(({ s, property, project, cover }) => {
    const target = property?.id
      ? { type: "property" as const, ...property }
      : project?.id
        ? { type: "project" as const, ...project }
        : null;
    const image =
      thumb(s.image_key, s.image_widths) ??
      thumb(cover?.key, cover?.widths) ??
      thumb(project?.image, project?.widths);
    // What the home page will do with it (server/api/home/slider.ts): only live, pictured slides, the first few.
    const live = s.status && (target ? target.public : true) && Boolean(image);
    const shown = live && shownCount++ < MAX_SLIDES;
    return {
      id: s.id,
      title: s.title,
      title_ar: s.translations?.ar?.title ?? "",
      status: s.status,
      sequence: s.sequence,
      target: target
        ? {
            type: target.type,
            id: target.id,
            slug_id: target.slug_id,
            title: target.title,
            public: target.public,
          }
        : null,
      image,
      own_image: Boolean(s.image_key),
      shown,
    };
  });
}

export const adminHome = defineCall({
  name: "admin/home",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "The home page's slides (all, in order, with whether each is shown) and its sections in order, shown or hidden",
  input: z.object({}),
  output: AdminHome,
  async handler(_input, { db, storage }) {
    const [slides, sections] = await Promise.all([slidesView(db, storage), readHomeSections(db)]);
    return { data: { slides, sections, max_slides: MAX_SLIDES } };
  },
});

const slideAudit = (s: SlideRow) => ({
  title: s.title,
  title_ar: s.translations?.ar?.title ?? null,
  property_id: s.property_id,
  project_id: s.project_id,
  image: s.image_key,
  status: s.status,
  sequence: s.sequence,
});

/** The listing or project a slide leads to, by number or address; a 400 on `target` when there is none. */
async function resolveTarget(db: Executor, type: "property" | "project", target: string) {
  const table = type === "property" ? properties : projects;
  const byId = /^\d{1,9}$/.test(target) ? eq(table.id, Number(target)) : eq(table.slug_id, target);
  const [row] = await db.select({ id: table.id }).from(table).where(byId).limit(1);
  if (!row) {
    const message = type === "property" ? SLIDE_MESSAGES.noProperty : SLIDE_MESSAGES.noProject;
    throw new ApiError(400, message, { target: [message] });
  }
  return row.id;
}

export const adminSaveSlide = defineCall({
  name: "admin/save-slide",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Adds a slide (with id: changes it): title in English and Arabic, the property or project it leads to, its own image (optional), on or off",
  input: saveSlideSchema,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    if (input.target_type && !input.target)
      throw new ApiError(400, SLIDE_MESSAGES.target, { target: [SLIDE_MESSAGES.target] });
    if (input.target && !input.target_type)
      throw new ApiError(400, "Choose a property or a project", {
        target_type: ["Choose a property or a project"],
      });
    const batch = new UploadBatch(ctx.storage);
    const photo = input.image ? await batch.photo(input.image, "image") : null;
    batch.problems.throwIfAny();
    await batch.write();
    // The slide's previous own image, deleted once the change is committed.
    const replaced: { photo?: { key: string; widths: number[] } } = {};
    try {
      const saved = await ctx.db.transaction(async (tx) => {
        const [before] = input.id
          ? await tx.select().from(sliders).where(eq(sliders.id, input.id)).for("update")
          : [];
        if (input.id && !before) throw notFound("Slide not found");
        const targetId =
          input.target_type && input.target ? await resolveTarget(tx, input.target_type, input.target) : null;
        const keepOwn = before?.image_key && !input.remove_image && !photo;
        if (!targetId && !photo && !keepOwn)
          throw new ApiError(400, SLIDE_MESSAGES.needsImage, { image: [SLIDE_MESSAGES.needsImage] });
        if (before?.image_key && !keepOwn)
          replaced.photo = { key: before.image_key, widths: before.image_widths };
        const image = photo
          ? {
              image_key: photo.key,
              image_widths: photo.widths,
              image_width: photo.width,
              image_height: photo.height,
              image_thumbhash: photo.thumbhash,
              image_dominant: photo.dominant,
              image_avif: photo.avif,
            }
          : keepOwn
            ? {}
            : {
                image_key: null,
                image_widths: [],
                image_width: null,
                image_height: null,
                image_thumbhash: null,
                image_dominant: null,
                image_avif: false,
              };
        const values = {
          title: input.title,
          translations: (input.title_ar ? { ar: { title: input.title_ar } } : {}) as Translations,
          property_id: input.target_type === "property" ? targetId : null,
          project_id: input.target_type === "project" ? targetId : null,
          status: input.status ?? before?.status ?? true,
          ...image,
        };
        let row: SlideRow;
        if (before) {
          [row] = (await tx
            .update(sliders)
            .set({ ...values, updated_at: new Date() })
            .where(eq(sliders.id, before.id))
            .returning()) as [SlideRow];
        } else {
          // A new slide goes last.
          const [{ next }] = (await tx
            .select({ next: sql<number>`coalesce(max(${sliders.sequence}) + 1, 0)::int` })
            .from(sliders)) as [{ next: number }];
          [row] = (await tx
            .insert(sliders)
            .values({ ...values, sequence: next })
            .returning()) as [SlideRow];
        }
        await audit(tx, ctx, {
          action: before ? "slider.update" : "slider.create",
          target_type: "slider",
          target_id: row.id,
          before: before ? slideAudit(before) : null,
          after: slideAudit(row),
        });
        return row;
      });
      if (replaced.photo) await deletePhoto(ctx.storage, replaced.photo);
      return { data: { id: saved.id }, message: input.id ? "Slide saved" : "Slide added" };
    } catch (error) {
      await batch.discard();
      throw error;
    }
  },
});

async function deletePhoto(
  storage: { delete(key: string): Promise<void> },
  photo: { key: string; widths: number[] },
) {
  await Promise.all(photoFiles(photo).map((k) => storage.delete(k).catch(() => {})));
}

export const adminMoveSlide = defineCall({
  name: "admin/move-slide",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Moves a slide one place up or down in the slider",
  input: z.object({ id: idOf("id"), direction: z.enum(["up", "down"], "Choose up or down") }),
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      // Renumbered 0…n-1 on every move, so equal or gapped numbers from older data sort out too.
      const rows = await tx
        .select({ id: sliders.id, sequence: sliders.sequence })
        .from(sliders)
        .orderBy(asc(sliders.sequence), asc(sliders.id))
        .for("update");
      const move = movedOnePlace(rows, input.id, input.direction);
      if (!move) throw notFound("Slide not found");
      await renumber(rows, move.ids, (id, sequence) =>
        tx.update(sliders).set({ sequence }).where(eq(sliders.id, id)),
      );
      const { at, to, ids } = move;
      await audit(tx, ctx, {
        action: `slider.move_${input.direction}`,
        target_type: "slider",
        target_id: input.id,
        before: { position: at + 1 },
        after: { position: Math.min(Math.max(to, 0), ids.length - 1) + 1 },
      });
    });
    return { data: { id: input.id }, message: "Slide moved" };
  },
});

export const adminDeleteSlide = defineCall({
  name: "admin/delete-slide",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Removes a slide (and its own image)",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const gone = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.delete(sliders).where(eq(sliders.id, input.id)).returning();
      if (!row) throw notFound("Slide not found");
      await audit(tx, ctx, {
        action: "slider.delete",
        target_type: "slider",
        target_id: row.id,
        before: slideAudit(row),
        after: null,
      });
      return row;
    });
    if (gone.image_key) await deletePhoto(ctx.storage, { key: gone.image_key, widths: gone.image_widths });
    return { data: { id: input.id }, message: "Slide removed" };
  },
});

const sectionKey = z.enum(HOME_SECTIONS, "Unknown section");

export const adminSaveHomeSections = defineCall({
  name: "admin/save-home-sections",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "The home page's sections in the order to show them, each shown or hidden (every section listed once)",
  input: z.object({
    sections: z
      .array(z.object({ key: sectionKey, visible: z.boolean() }))
      .refine(
        (list) =>
          list.length === HOME_SECTIONS.length &&
          new Set(list.map((s) => s.key)).size === HOME_SECTIONS.length,
        SLIDE_MESSAGES.sections,
      ),
  }),
  output: SavedHomeSections,
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727302)`);
      const before = await readHomeSections(tx);
      const value = input.sections.map((s) => ({ key: s.key, visible: s.visible }));
      await tx
        .insert(settings)
        .values({ key: HOME_SECTIONS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
      const line = (list: { key: string; visible: boolean }[]) =>
        list.map((s) => (s.visible ? s.key : `(${s.key})`)).join(", ");
      await audit(tx, ctx, {
        action: "home.sections",
        target_type: "settings",
        target_id: HOME_SECTIONS_KEY,
        before: { order: line(before) },
        after: { order: line(value) },
      });
    });
    return { data: { sections: input.sections }, message: "Home page saved" };
  },
});
