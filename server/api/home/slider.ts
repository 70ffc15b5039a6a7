// The home page's slider: each slide's headline in the visitor's language, its photo and where it
// leads. A slide whose listing or project is not public (any more) is left out.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { projects, properties, propertyImages, sliders } from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { localize } from "../i18n";
import { placeLabels } from "../places";
import { imageView } from "../image-view";

export const MAX_SLIDES = 8;

type Image = {
  key: string;
  widths: number[];
  width: number | null;
  height: number | null;
  thumbhash: string | null;
  dominant: string | null;
  avif: boolean;
};

function view(storage: FileStorage, img: Image | null) {
  if (!img || !img.widths.length) return null;
  return imageView(storage, { ...img, width: img.width ?? 1600, height: img.height ?? 1067 });
}

export async function listSlides(db: Executor, opts: { lang: string; storage: FileStorage }) {
  const rows = await db
    .select({
      s: sliders,
      property: {
        id: properties.id,
        slug_id: properties.slug_id,
        price: properties.price,
        property_type: properties.property_type,
        rentduration: properties.rentduration,
        city: properties.city,
        public: sql<boolean>`${properties.request_status} = 'approved' and ${properties.status} = 'active'`,
      },
      project: {
        slug_id: projects.slug_id,
        city: projects.city,
        image: projects.image,
        image_widths: projects.image_widths,
        image_width: projects.image_width,
        image_height: projects.image_height,
        image_thumbhash: projects.image_thumbhash,
        image_dominant: projects.image_dominant,
        image_avif: projects.image_avif,
        public: sql<boolean>`${projects.request_status} = 'approved' and ${projects.status} = 'active'`,
      },
    })
    .from(sliders)
    .leftJoin(properties, eq(properties.id, sliders.property_id))
    .leftJoin(projects, eq(projects.id, sliders.project_id))
    .where(eq(sliders.status, true))
    .orderBy(asc(sliders.sequence), asc(sliders.id))
    .limit(MAX_SLIDES);

  const live = rows.filter((r) =>
    r.s.property_id ? r.property?.public : r.s.project_id ? r.project?.public : true,
  );
  const propertyIds = live.flatMap((r) => (r.property?.public ? [r.property.id] : []));
  const [covers, label] = await Promise.all([
    propertyIds.length
      ? db
          .select()
          .from(propertyImages)
          .where(and(inArray(propertyImages.property_id, propertyIds), eq(propertyImages.position, 0)))
      : Promise.resolve([]),
    placeLabels(
      db,
      opts.lang,
      live.map((r) => r.property?.city ?? r.project?.city),
    ),
  ]);

  return live.flatMap(({ s, property, project }) => {
    const own = s.image_key
      ? {
          key: s.image_key,
          widths: s.image_widths,
          width: s.image_width,
          height: s.image_height,
          thumbhash: s.image_thumbhash,
          dominant: s.image_dominant,
          avif: s.image_avif,
        }
      : null;
    const cover = property?.public ? covers.find((c) => c.property_id === property.id) : null;
    const image =
      view(opts.storage, own) ??
      (cover ? imageView(opts.storage, cover) : null) ??
      (project?.public && project.image
        ? view(opts.storage, {
            key: project.image,
            widths: project.image_widths,
            width: project.image_width,
            height: project.image_height,
            thumbhash: project.image_thumbhash,
            dominant: project.image_dominant,
            avif: project.image_avif,
          })
        : null);
    // A slide is a picture with words on it: without a picture it is left out.
    if (!image) return [];
    const city = property?.city ?? project?.city ?? null;
    return [
      {
        id: s.id,
        title: localize(s.translations, opts.lang, "title", s.title),
        image,
        link: property?.public
          ? { type: "property" as const, slug_id: property.slug_id }
          : project?.public
            ? { type: "project" as const, slug_id: project.slug_id }
            : null,
        price: property?.public ? property.price : null,
        property_type: property?.public ? property.property_type : null,
        rentduration: property?.public ? property.rentduration : null,
        city: city ? label(city) : null,
      },
    ];
  });
}

export type Slide = Awaited<ReturnType<typeof listSlides>>[number];
