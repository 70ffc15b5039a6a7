import { useTranslation } from "~/lib/translate";
import type { CardProperty } from "~/modules/listings/property/card";
import { Price } from "~/components/price";
import { Icon } from "~/components/icon";
import { FavouriteButton } from "~/modules/favourites/heart";
import { ListingCard } from "~/modules/listings/card";

export function PropertyCard({
  property,
  eager = false,
  children,
}: {
  property: CardProperty;
  eager?: boolean;
  children?: React.ReactNode;
}) {
  const { t, locale } = useTranslation();
  const facts = property.facts;
  return (
    <ListingCard
      to={`/properties-details/${property.slug_id}`}
      image={property.title_image}
      title={property.title}
      eager={eager}
      badges={
        <>
          <span className={`badge badge--${property.property_type}`}>
            {property.property_type === "rent" ? t("For rent") : t("For sale")}
          </span>
          {property.promoted ? <span className="badge badge--featured">{t("Featured")}</span> : null}
          {property.has_tour ? (
            <span className="badge badge--tour">
              <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinejoin="round"
                  d="M8 1.5 14 4.75v6.5L8 14.5 2 11.25v-6.5zM2 4.75 8 8l6-3.25M8 8v6.5"
                />
              </svg>
              {t("3D tour")}
            </span>
          ) : null}
        </>
      }
      after={
        <>
          <FavouriteButton
            propertyId={property.id}
            on={property.is_favourite}
            title={property.title}
            className="fav card__fav"
          />
          {children ? <div className="card__actions">{children}</div> : null}
        </>
      }
    >
      <p className="card__price">
        <Price amount={property.price} />
        {property.rentduration ? (
          <span className="card__per"> / {t(`per_${property.rentduration}`)}</span>
        ) : null}
      </p>
      <h3 className="card__title" dir="auto">
        {property.title}
      </h3>
      {/* Joined texts are one text node each: React marks every boundary between two in the HTML. */}
      <p className="card__place">
        {`${property.category} · ${property.city}`}
        {property.distance_km !== null && property.distance_km !== undefined ? (
          <span className="card__distance">
            {" "}
            ·{" "}
            {t("{{distance}} km away", {
              distance: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
                property.distance_km,
              ),
            })}
          </span>
        ) : null}
      </p>
      {property.why ? (
        <p className="card__why" dir="auto">
          {property.why}
        </p>
      ) : null}
      {facts.length ? (
        <ul className="card__facts">
          {facts.map(([name, value, unit, icon]) => (
            <li key={name} title={name}>
              <Icon value={icon} size={16} />
              {` ${value} ${unit ? t(unit) : ""}`}
              <span className="visually-hidden">{` ${name}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </ListingCard>
  );
}
