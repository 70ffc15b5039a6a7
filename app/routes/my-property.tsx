import { Link, useActionData } from "react-router";
import type { Route } from "./+types/my-property";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Price } from "~/components/price";
import { ResponsiveImage } from "~/components/responsive-image";
import { relativeTime } from "~/lib/format";
import { listingAction, privateHeaders } from "~/modules/listings/owner.server";
import {
  ActionNotice,
  DeleteStep,
  FeatureControl,
  OwnerActions,
  RejectReason,
  StatusBadges,
} from "~/modules/listings/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const slug = params.slug_id.slice(0, 200);
  const opts = { request, locale };
  const res = await api("get-added-properties", { slug_id: slug, limit: 1 }, opts);
  const property = !res.error ? res.data[0] : undefined;
  // Someone else's listing, or none: the same answer, so ids cannot be probed.
  if (!property) throw new Response("Not found", { status: 404 });
  const interested = await api("get_interested_users", { property_id: property.id, limit: 100 }, opts);
  const confirmDelete = new URL(request.url).searchParams.get("delete") === String(property.id);
  return {
    property,
    interested: interested.error ? [] : interested.data,
    interestedTotal: interested.error ? 0 : (interested.total ?? 0),
    confirmDelete,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.property.title ?? "My property",
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return listingAction(request, getLocale(context), { afterDelete: "/user/properties" });
}

export default function MyProperty({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const actionData = useActionData<typeof action>();
  const { property: p, interested, interestedTotal, confirmDelete } = loaderData;
  const isPublic = p.request_status === "approved" && p.status === "active";
  return (
    <article className="owner-page owner-property">
      <Breadcrumbs
        trail={[
          ["/user/dashboard", t("Dashboard")],
          ["/user/properties", t("My properties")],
        ]}
        current={p.title}
        currentDir="auto"
      />
      <h1 dir="auto">{p.title}</h1>
      <ActionNotice result={actionData} />
      {confirmDelete ? (
        <DeleteStep kind="property" id={p.id} title={p.title} cancelTo={`/my-property/${p.slug_id}`} />
      ) : null}
      <div className="owner-property__layout">
        <div>
          {p.title_image ? (
            <ResponsiveImage
              image={p.title_image}
              alt={p.title}
              sizes="(min-width: 64rem) 40rem, 92vw"
              eager
            />
          ) : null}
          <p className="detail__price">
            <Price amount={p.price} /> · {p.property_type === "rent" ? t("For rent") : t("For sale")}
          </p>
          <p className="detail__place">
            {p.category.category} · {p.address}, {p.city}
          </p>
          <StatusBadges
            request_status={p.request_status}
            status={p.status}
            property_status={p.property_status}
          />
          <RejectReason reason={p.reject_reason} />
          {p.request_status === "pending" ? (
            <p className="notice">
              {t("Your listing is waiting for review. It becomes public once approved.")}
            </p>
          ) : null}
          <p>
            {isPublic ? (
              <Link to={`/properties-details/${p.slug_id}`}>{t("See the public page")}</Link>
            ) : (
              t("This listing is not shown to the public.")
            )}
          </p>
        </div>
        <aside className="owner-property__side">
          <dl className="owner-stats">
            <div>
              <dt>{t("Views")}</dt>
              <dd>{p.total_click}</dd>
            </div>
            <div>
              <dt>{t("Favourites")}</dt>
              <dd>{p.favourites_count}</dd>
            </div>
            <div>
              <dt>{t("Interested")}</dt>
              <dd>{p.interested_count}</dd>
            </div>
          </dl>
          <OwnerActions kind="property" listing={p} onListingPage />
          {isPublic ? (
            <div className="owner-feature">
              <p>
                {t(
                  "A featured listing is shown in the home page's featured section until your package ends. It uses one unit of your package.",
                )}
              </p>
              <FeatureControl
                kind="property"
                id={p.id}
                request_status={p.request_status}
                status={p.status}
                title={p.title}
                featured={p.featured}
                label={t("Feature this listing")}
              />
            </div>
          ) : null}
        </aside>
      </div>
      <section className="section" aria-labelledby="interested-heading">
        <h2 id="interested-heading">{t("Interested people")}</h2>
        {interested.length === 0 ? (
          <p className="empty-state">{t("Nobody has registered interest yet.")}</p>
        ) : (
          <>
            <p>{t("{{count}} interested", { count: interestedTotal })}</p>
            <ul className="interested-list">
              {interested.map((u) => (
                <li key={u.id}>
                  <strong dir="auto">{u.name}</strong>
                  {u.email ? (
                    <>
                      {" · "}
                      <a href={`mailto:${u.email}`} dir="ltr">
                        {u.email}
                      </a>
                    </>
                  ) : null}
                  {u.mobile ? (
                    <>
                      {" · "}
                      <a href={`tel:${u.mobile}`} dir="ltr">
                        {u.mobile}
                      </a>
                    </>
                  ) : null}
                  <span className="interested-list__when"> · {relativeTime(u.created_at, locale)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </article>
  );
}
