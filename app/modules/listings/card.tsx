// The frame of a listing's card, for properties and projects alike: one link to the listing around
// its photo (with the kind's badges over it) and what the kind tells of it.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageImage } from "~/lib/page-image";
import { ResponsiveImage } from "~/components/responsive-image";

export function ListingCard({
  to,
  image,
  title,
  eager,
  badges,
  children,
  after,
}: {
  /** The listing's page, without the language prefix. */
  to: string;
  image: PageImage | null;
  /** The photo's text alternative: the listing's title. */
  title: string;
  /** The first card of a page: its photo loads at once. */
  eager: boolean;
  badges: ReactNode;
  /** The card's body: price, title, place and the rest, in the kind's order. */
  children: ReactNode;
  /** After the link, inside the card: buttons, which may not sit inside a link. */
  after?: ReactNode;
}) {
  return (
    <article className="card">
      <Link to={to} className="card__link">
        <div className="card__media">
          {image ? (
            <ResponsiveImage
              image={image}
              alt={title}
              sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw"
              eager={eager}
            />
          ) : (
            <div className="card__noimage" aria-hidden="true" />
          )}
          {badges}
        </div>
        <div className="card__body">{children}</div>
      </Link>
      {after}
    </article>
  );
}
