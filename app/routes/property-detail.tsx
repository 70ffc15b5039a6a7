import { data, Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { Icon } from "~/components/icon";
import { useTranslation } from "~/lib/translate";
import { pageUrl, rootData } from "~/lib/seo";
import type { Route } from "./+types/property-detail";
import { toCard } from "~/modules/listings/property/card";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { ShareLinks } from "~/components/share-links";
import { Panorama } from "~/components/panorama";
import { VideoTour } from "~/components/video-tour";
import { api, countsAsView } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { Price } from "~/components/price";
import { agentPath } from "~/components/agent-card";
import { VerifiedBadge } from "~/components/verified-badge";
import { useAddress, useRoot } from "~/lib/use-root";
import { PackageGateActions } from "~/components/gate-notice";
import { FavouriteButton } from "~/modules/favourites/heart";
import { getViewer, requireViewer } from "~/lib/session.server";
import { localizePath } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { formId } from "~/modules/listings/owner.server";
import { CardSection, DetailBreadcrumbs, Gallery, Posted } from "~/modules/listings/detail";
import { geoCoordinates, listingMeta, postalAddress } from "~/modules/listings/meta";
import { truncate } from "~/lib/format";
import { publicCacheHeaders } from "~/lib/cache";
import { LocationSection } from "~/components/map/location-section";
import { commutesTo } from "~/modules/location/commute.server";
import { staticMapPath } from "~/modules/location/static-map";
import { env } from "~server/runtime/env.server";
import { CommuteSection } from "~/modules/location/commute";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { TourSection } from "~/modules/tours/tour-section";
import { tourOfListing } from "~/modules/tours/tour.server";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { packImage, unpackImage } from "~/lib/page-image";
import { propertyCardListing, shareCardMeta } from "~/modules/share-card/card";
import { placeLine } from "~/modules/listings/property/place";
import { PrintLink } from "~/modules/listings/print/print-sheet";
import { ReportForm as ReportFields } from "~/modules/reports/report-form";

/** A listing served again from the server's page cache still counts its view (server/cache/page-cache.ts). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params }, next) => {
    const res = await next();
    if (res instanceof Response && res.status === 200) res.headers.set("x-count-view", params.slug_id);
    return res;
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const res = await api("get_property", { slug_id: params.slug_id }, { request, locale: getLocale(context) });
  const property = res.error ? undefined : res.data[0];
  if (!property) throw new Response("Not found", { status: 404 });
  // The virtual tour, read alongside the rest; like the 360° view and the video, not for a locked premium listing.
  const tour =
    property.has_tour && !property.premium_locked
      ? tourOfListing(request, getLocale(context), property.id)
      : null;
  // People count as views; crawlers and link previews do not.
  const [similar, nearby, , signedIn] = await Promise.all([
    api(
      "get_property",
      { id: property.id, get_simiilar: "1", limit: 4 },
      { request, locale: getLocale(context) },
    ),
    api(
      "get_nearby_properties",
      { city: property.city, type: property.property_type, exclude_id: property.id, limit: 4 },
      { request, locale: getLocale(context) },
    ),
    countsAsView(request) ? api("set_property_total_click", { property_id: property.id }, { request }) : null,
    // Signed in: their interest and report state, and the reasons a report can give, all at once.
    getViewer(request).then((viewer) =>
      viewer
        ? Promise.all([
            api("get-interest", { property_id: property.id }, { request, locale: getLocale(context) }),
            api("get_report_reasons", {}, { locale: getLocale(context) }),
            api("get-report-status", { property_id: property.id }, { request }),
          ])
        : null,
    ),
  ]);
  const [interest, reasons, reported] = signedIn ?? [null, null, null];
  // From the person's saved places: distance and travel times (a prompt to save some otherwise).
  const located = property.latitude !== null && property.longitude !== null;
  const commutes = signedIn ? await commutesTo(request, getLocale(context), property) : located ? [] : null;
  // Back from signing in, or a plain form post: the contact details `?reveal=` asks for (decision 023).
  // Not for a locked premium listing, nor for the owner or an admin, who see the details already.
  const asks =
    !property.premium_locked && property.customer.mobile === null && property.customer.email === null;
  const contact = asks
    ? await revealFromUrl(request, getLocale(context), { property_id: property.id })
    : NOTHING_REVEALED;
  // A listing can be both similar and nearby: show it once, under "similar".
  const similarCards = similar.error ? [] : similar.data.map(toCard);
  const seen = new Set(similarCards.map((c) => c.id));
  const nearbyCards = nearby.error ? [] : nearby.data.map(toCard).filter((c) => !seen.has(c.id));
  return {
    // Photos packed (the gallery is most of a listing's data, app/lib/page-image.ts),
    // and of each detail what the page shows (not its key or input type).
    property: {
      ...property,
      title_image: property.title_image ? packImage(property.title_image) : null,
      gallery: property.gallery?.map(packImage),
      parameters: property.parameters.map((f) => ({
        id: f.id,
        name: f.name,
        value: f.value,
        unit: f.unit,
        image: f.image,
      })),
    },
    contact,
    similar: similarCards,
    nearby: nearbyCards,
    interest: interest && !interest.error ? interest.data : null,
    commutes,
    tour: await tour,
    signedIn: Boolean(signedIn),
    staticMap:
      located && env().TILE_URL ? staticMapPath(property.latitude!, property.longitude!, 640, 320) : null,
    // The report form is for signed-in people on someone else's listing.
    report:
      interest &&
      !interest.error &&
      !interest.data.own &&
      reasons &&
      !reasons.error &&
      reported &&
      !reported.error
        ? { reasons: reasons.data, reported: reported.data.reported }
        : null,
  };
}

export const shouldRevalidate = keepPageOnReveal;

/**
 * The listing's forms: "I'm interested" (spec interested_users) goes back to the listing with a
 * message; a report (spec add_reports) that is refused stays on the page with the message on its field.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const id = formId(form.get("property_id"));
  const back = localizePath(locale, `/properties-details/${params.slug_id}`);
  // "Show phone", "WhatsApp", "Email": for a visitor too (they are sent to sign in first).
  if (form.get("intent") === "reveal") {
    if (!id)
      return data({ reveal: { kind: null, revealed: null, error: "Property not found" } }, { status: 400 });
    return revealAction(request, locale, form, { property_id: id }, back);
  }
  await requireViewer(request, locale);
  if (!id) return redirectWithToast(back, { type: "error", message: "Property not found" });
  if (form.get("intent") === "report") {
    const reason = String(form.get("reason_id") ?? "");
    const res = await api(
      "add_reports",
      {
        property_id: id,
        reason_id: reason || undefined,
        other_message: String(form.get("other_message") ?? "") || undefined,
      },
      { request, locale },
    );
    if (res.error)
      return data(
        {
          report: {
            message: res.message,
            errors: res.errors ?? {},
            reason,
            other_message: String(form.get("other_message") ?? ""),
          },
        },
        { status: 400 },
      );
    return redirectWithToast(back, { type: "success", message: res.message });
  }
  const res = await api(
    "interested_users",
    { property_id: id, type: form.get("type") === "1" ? "1" : "0" },
    { request, locale },
  );
  return redirectWithToast(back, { type: res.error ? "error" : "success", message: res.message });
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const p = data?.property;
  const root = rootData(matches);
  if (!p) return [{ title: "Not found" }];
  // Link previews show the listing's share card: photo (the brand's placeholder without one),
  // price, place and title (decision 050).
  const card = propertyCardListing(p, p.title_image ? unpackImage(p.title_image).url : null);
  return listingMeta(root, location, p, {
    ...shareCardMeta(card, root),
    jsonLd: listingJsonLd(
      p,
      root?.origin ?? "",
      root?.settings.currency_code ?? "AED",
      pageUrl(root, location.pathname),
    ),
  });
}

/** schema.org data search engines read for a listing: what, where, how much, who offers it. */
function listingJsonLd(
  p: Route.ComponentProps["loaderData"]["property"],
  origin: string,
  currency: string,
  url: string,
) {
  const geo = geoCoordinates(p);
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: p.title,
    description: truncate(p.description, 500),
    url,
    datePosted: p.created_at,
    image: (p.gallery ?? []).map((i) => origin + unpackImage(i).url),
    offers: {
      "@type": "Offer",
      price: p.price,
      priceCurrency: currency,
      businessFunction:
        p.property_type === "rent"
          ? "http://purl.org/goodrelations/v1#LeaseOut"
          : "http://purl.org/goodrelations/v1#Sell",
      availability:
        p.property_status === "available" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      seller: { "@type": p.customer.type === "agent" ? "RealEstateAgent" : "Person", name: p.customer.name },
    },
    contentLocation: {
      "@type": "Place",
      address: postalAddress(p.address, p),
      ...(geo ? { geo } : {}),
    },
  };
}

export default function PropertyDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const p = loaderData.property;
  const gallery = (p.gallery ?? (p.title_image ? [p.title_image] : [])).map(unpackImage);
  return (
    <article className="detail">
      <DetailBreadcrumbs
        list="/properties"
        listLabel={t("Properties")}
        category={p.category}
        title={p.title}
      />

      <Gallery photos={gallery} title={p.title} />

      <div className="detail__layout">
        <div className="detail__main">
          <header className="detail__head">
            <p className="detail__badges">
              <span className={`badge badge--${p.property_type}`}>
                {p.property_type === "rent" ? t("For rent") : t("For sale")}
              </span>
              {p.property_status !== "available" ? (
                <span className="badge badge--muted">
                  {t(p.property_status === "sold" ? "Sold" : "Rented")}
                </span>
              ) : null}
              {p.promoted ? <span className="badge badge--featured">{t("Featured")}</span> : null}
              {p.is_premium ? <span className="badge badge--premium">{t("Premium")}</span> : null}
            </p>
            <div className="detail__title">
              <h1 dir="auto">{p.title}</h1>
              <FavouriteButton propertyId={p.id} on={p.is_favourite} title={p.title} />
            </div>
            <p className="detail__place" dir="auto">
              {placeLine(p)}
            </p>
            <Posted at={p.created_at} />
            <p className="detail__price">
              <Price amount={p.price} />
              {p.rentduration ? <span className="card__per"> / {t(`per_${p.rentduration}`)}</span> : null}
            </p>
          </header>

          {p.parameters.length ? (
            <section aria-labelledby="facts-h">
              <h2 id="facts-h">{t("Details")}</h2>
              <dl className="facts">
                {p.parameters.map((f) => (
                  <div key={f.id}>
                    <dt>
                      <Icon value={f.image} /> {f.name}
                    </dt>
                    <dd>
                      {f.value} {f.unit ? t(f.unit) : ""}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="desc-h">
            <h2 id="desc-h">{t("Description")}</h2>
            <p className="detail__description" dir="auto">
              {p.description}
            </p>
          </section>

          {p.premium_locked ? (
            <aside className="premium-teaser" aria-labelledby="premium-h">
              <h2 id="premium-h">{t("Premium listing")}</h2>
              <p>
                {t(
                  "You are seeing a preview. The full description, every photo, the documents, the 360° view, the video and the contact details are for members with a premium package.",
                )}
              </p>
              <PackageGateActions gate={p.premium_gate} backTo={`/properties-details/${p.slug_id}`} />
            </aside>
          ) : null}

          {p.facilities.length ? (
            <section aria-labelledby="near-h">
              <h2 id="near-h">{t("Nearby")}</h2>
              <ul className="nearby">
                {p.facilities.map((f) => (
                  <li key={f.id}>
                    <Icon value={f.image} /> {f.name}
                    <span className="nearby__distance">{t("{{km}} km", { km: f.distance })}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <LocationSection
            latitude={p.latitude}
            longitude={p.longitude}
            place={placeLine(p)}
            title={p.title}
            picture={loaderData.staticMap}
          />

          <CommuteSection commutes={loaderData.commutes} signedIn={loaderData.signedIn} />

          {loaderData.tour ? <TourSection tour={loaderData.tour} title={p.title} /> : null}

          {p.three_d_image ? <Panorama url={p.three_d_image} title={p.title} /> : null}

          {p.video_link ? <VideoTour link={p.video_link} title={p.title} /> : null}

          {p.documents?.length ? (
            <section aria-labelledby="docs-h">
              <h2 id="docs-h">{t("Documents")}</h2>
              <ul>
                {p.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} download>
                      {d.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <ShareLinks title={p.title} />
          <PrintLink to={`/properties-details/${p.slug_id}/print`} revealed={loaderData.contact.revealed} />
        </div>

        <aside className="owner-card" aria-labelledby="owner-h">
          <h2 id="owner-h">{p.customer.type === "agent" ? t("Agent") : t("Listed by")}</h2>
          <p className="owner-card__name">
            {p.customer.type === "agent" ? (
              <Link to={agentPath(p.customer)}>{p.customer.name}</Link>
            ) : (
              p.customer.name
            )}
            {p.customer.is_verified ? <VerifiedBadge /> : null}
          </p>
          {p.premium_locked ? null : (
            <ContactButtons
              target={{ property_id: p.id }}
              has={{ mobile: p.customer.has_mobile, email: p.customer.has_email }}
              known={{ mobile: p.customer.mobile, email: p.customer.email }}
              state={loaderData.contact}
              subject={p.title}
              pageUrl={origin + address(`/properties-details/${p.slug_id}`)}
            />
          )}
          {!loaderData.interest?.own ? (
            // A visitor signs in first and lands in the conversation.
            <Link
              className="button button--ghost"
              to={
                loaderData.interest
                  ? `/user/chat?user_id=${p.customer.id}&property_id=${p.id}`
                  : `/login?redirectTo=${encodeURIComponent(`/user/chat?user_id=${p.customer.id}&property_id=${p.id}`)}`
              }
            >
              {p.customer.type === "agent" ? t("Message the agent") : t("Message the owner")}
            </Link>
          ) : null}
          {loaderData.interest && !loaderData.interest.own ? (
            <Form method="post" className="owner-card__interest">
              <input type="hidden" name="property_id" value={p.id} />
              <input type="hidden" name="type" value={loaderData.interest.is_interested ? "0" : "1"} />
              {loaderData.interest.is_interested ? <p>{t("The owner knows you are interested.")}</p> : null}
              <SubmitButton
                className={
                  loaderData.interest.is_interested
                    ? "button button--ghost button--small"
                    : "button button--ghost"
                }
              >
                {loaderData.interest.is_interested ? t("I'm no longer interested") : t("I'm interested")}
              </SubmitButton>
            </Form>
          ) : null}
          {!loaderData.interest ? (
            <p>
              <Link to={`/login?redirectTo=${encodeURIComponent(`/properties-details/${p.slug_id}`)}`}>
                {t("Sign in")}
              </Link>{" "}
              {t("to tell the owner you are interested.")}
            </p>
          ) : null}
          <p className="owner-card__meta">{t("Viewed {{count}} times", { count: p.total_click })}</p>
          {loaderData.report ? <ReportForm propertyId={p.id} {...loaderData.report} /> : null}
        </aside>
      </div>

      {loaderData.similar.length ? (
        <CardSection id="similar-h" heading={t("Similar properties")}>
          {loaderData.similar.map((s) => (
            <PropertyCard key={s.id} property={s} />
          ))}
        </CardSection>
      ) : null}

      {loaderData.nearby.length ? (
        <CardSection
          id="area-h"
          heading={t("More in {{city}}", { city: p.city })}
          headingDir="auto"
          after={
            <p>
              <Link to={`/properties?city=${encodeURIComponent(p.city)}&property_type=${p.property_type}`}>
                {t("See all in {{city}}", { city: p.city })}
              </Link>
            </p>
          }
        >
          {loaderData.nearby.map((s) => (
            <PropertyCard key={s.id} property={s} />
          ))}
        </CardSection>
      ) : null}
    </article>
  );
}

/** Report this listing: a reason, or one's own words; open again with the message when refused. */
function ReportForm({
  propertyId,
  reasons,
  reported,
}: {
  propertyId: number;
  reasons: { id: number; reason: string }[];
  reported: boolean;
}) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const refused = result && "report" in result ? result.report : null;
  if (reported) return <p className="owner-card__meta">{t("You reported this listing.")}</p>;
  return (
    <details className="report" open={Boolean(refused)}>
      <summary>{t("Report this listing")}</summary>
      <ReportFields
        target={{ property_id: propertyId }}
        reasons={reasons}
        refused={refused}
        legend={t("What is wrong?")}
      />
    </details>
  );
}
