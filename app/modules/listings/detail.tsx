// The parts a property's page and a project's page share: where the listing sits, its photos, its
// age, and the cards of more listings below it.
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { relativeTime } from "~/lib/format";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageView } from "~server/api/image-view";
import { fullSize, type ViewerLabels } from "./gallery-data";
// A tap on a photo opens the full-screen viewer, from the page's first moment (decision 047).
import "./gallery-opener.client";

/** Home, the kind's list, the listing's category in that list, then the listing itself. */
export function DetailBreadcrumbs({
  list,
  listLabel,
  category,
  title,
}: {
  /** The kind's list ("/properties", "/projects"), without the language prefix. */
  list: string;
  listLabel: string;
  category: { id: number; category: string };
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs
      trail={[
        ["/", t("Home")],
        [list, listLabel],
        [`${list}?category_id=${category.id}`, category.category],
      ]}
      current={title}
      currentDir="auto"
    />
  );
}

/**
 * Every photo, each a link to its largest size: without JavaScript a tap opens the photo itself,
 * with it the same tap opens the full-screen viewer (swipe, pinch to zoom, keys, the count), whose
 * words the page gives it here in its language (decision 047). The first photo is the page's main
 * picture: it loads at once, the others when scrolled to.
 */
export function Gallery({ photos, title }: { photos: ImageView[]; title: string }) {
  const { t } = useTranslation();
  if (!photos.length) return null;
  const labels: ViewerLabels = {
    dialog: t("Photos"),
    close: t("Close"),
    zoom: t("Zoom"),
    previous: t("Previous photo"),
    next: t("Next photo"),
    error: t("The photo could not be loaded"),
  };
  return (
    <section className="gallery" aria-label={t("Photos")} data-photo-viewer={JSON.stringify(labels)}>
      <ul className="gallery__track">
        {photos.map((img, i) => {
          const full = fullSize(img);
          return (
            <li key={img.url} className="gallery__slide">
              <a href={full.url} data-pswp-width={full.width} data-pswp-height={full.height}>
                <ResponsiveImage
                  image={img}
                  alt={`${title} – ${t("photo {{n}} of {{total}}", { n: i + 1, total: photos.length })}`}
                  sizes="(min-width: 64rem) 60rem, 100vw"
                  eager={i === 0}
                />
              </a>
            </li>
          );
        })}
      </ul>
      <p className="gallery__count">{t("{{count}} photos", { count: photos.length })}</p>
    </section>
  );
}

/** "Posted 3 days ago": the browser's clock may have moved on since the server wrote it. */
export function Posted({ at }: { at: string }) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  return (
    <p className="detail__posted" suppressHydrationWarning>
      {t("Posted {{when}}", { when: relativeTime(at, locale) })}
    </p>
  );
}

/** More listings as a grid of cards under a heading ("Similar projects", "More in Dubai"). */
export function CardSection({
  id,
  heading,
  headingDir,
  children,
  after,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  /** "auto" where the heading carries a name in its own script (a city). */
  headingDir?: "auto";
  children: ReactNode;
  /** Below the grid: a link to all of them, say. */
  after?: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} dir={headingDir}>
        {heading}
      </h2>
      <div className="grid">{children}</div>
      {after}
    </section>
  );
}
