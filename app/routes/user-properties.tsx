import { Link } from "react-router";
import type { Route } from "./+types/user-properties";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Price } from "~/components/price";
import { listingAction, privateHeaders } from "~/modules/listings/owner.server";
import { ownerListData } from "~/modules/listings/owner-list.server";
import { OwnerList, OwnerRow, type OwnerListKind } from "~/modules/listings/owner-list";
import { PROPERTY_TYPES } from "~server/api/contract/enums";

const MY_PROPERTIES = {
  kind: "property",
  path: "/user/properties",
  heading: "My properties",
  filtersLabel: "Filter my properties",
  count: "{{count}} listings",
  noMatch: "No properties match these filters.",
  none: "You have not listed a property yet.",
  typeFilter: {
    name: "property_type",
    values: PROPERTY_TYPES,
    labels: { sell: "For sale", rent: "For rent" },
  },
} as const satisfies OwnerListKind;

export async function loader(args: Route.LoaderArgs) {
  const { title, rows, ...page } = await ownerListData(args, MY_PROPERTIES, (query, opts) =>
    api("get-added-properties", query, opts),
  );
  return { title, properties: rows, ...page };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? MY_PROPERTIES.heading,
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return listingAction(request, getLocale(context));
}

export default function MyProperties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { properties, ...page } = loaderData;
  return (
    <OwnerList
      kind={MY_PROPERTIES}
      rows={properties}
      {...page}
      actions={
        <div className="owner-page__actions">
          <Link to="/user/add-property" className="button button--small">
            {t("Add a property")}
          </Link>
          <Link to="/user/import" className="button button--ghost button--small">
            {t("Import a listing")}
          </Link>
        </div>
      }
    >
      {(p) => (
        <OwnerRow
          kind="property"
          listing={p}
          image={p.title_image}
          // The owner's own page of the listing: its numbers and who is interested, whatever its state.
          to={`/my-property/${p.slug_id}`}
          meta={
            <>
              <Price amount={p.price} /> · {p.property_type === "rent" ? t("For rent") : t("For sale")} ·{" "}
              {p.category.category} · {p.city}
            </>
          }
        >
          <p className="owner-row__stats">
            {t("Viewed {{count}} times", { count: p.total_click })} ·{" "}
            {t("{{count}} favourites", { count: p.favourites_count })} ·{" "}
            {t("{{count}} interested", { count: p.interested_count })}
          </p>
        </OwnerRow>
      )}
    </OwnerList>
  );
}
