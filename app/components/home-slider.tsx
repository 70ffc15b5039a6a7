import { Link } from "react-router";
import type { Slide } from "~server/api/home/slider";
import type { PageImage } from "~/lib/page-image";
import { useTranslation } from "~/lib/translate";
import { Price } from "./price";
import { ResponsiveImage } from "./responsive-image";

/**
 * The home page's highlights: a row of slides you swipe or scroll (CSS scroll snapping, so it works
 * the same with and without JavaScript). It never moves by itself: nothing slides away while
 * someone reads it, and no timer runs on a slow phone.
 */
/** A slide as the page carries it: its photo packed (app/lib/page-image.ts). */
export type PageSlide = Pick<Slide, "id" | "title" | "link" | "price" | "rentduration"> & {
  image: PageImage;
};

export function HomeSlider({ slides }: { slides: PageSlide[] }) {
  const { t } = useTranslation();
  if (!slides.length) return null;
  return (
    <section className="slider" aria-roledescription={t("carousel")} aria-label={t("Highlights")}>
      {/* Focusable, so keyboard users can scroll it with the arrow keys. */}
      <ul className="slider__track" tabIndex={0} aria-label={t("Highlights")}>
        {slides.map((s, i) => {
          const to = s.link
            ? s.link.type === "property"
              ? `/properties-details/${s.link.slug_id}`
              : `/project-details/${s.link.slug_id}`
            : null;
          const body = (
            <>
              <ResponsiveImage
                image={s.image}
                alt=""
                sizes="(min-width: 64rem) 60rem, 88vw"
                eager={i === 0}
                className="slider__image"
              />
              <div className="slider__caption">
                <p className="slider__title" dir="auto">
                  {s.title}
                </p>
                {s.price !== null ? (
                  <p className="slider__price">
                    <Price amount={s.price} />
                    {s.rentduration ? <span> / {t(`per_${s.rentduration}`)}</span> : null}
                  </p>
                ) : null}
              </div>
            </>
          );
          return (
            <li
              key={s.id}
              className="slider__slide"
              aria-roledescription={t("slide")}
              aria-label={t("{{n}} of {{total}}", { n: i + 1, total: slides.length })}
            >
              {to ? (
                <Link to={to} className="slider__link">
                  {body}
                </Link>
              ) : (
                <div className="slider__link">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
