// A property on one printed page (decision 047): /properties-details/:slug_id/print.
import { data } from "react-router";
import type { Route } from "./+types/property-print";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { publicCacheHeaders } from "~/lib/cache";
import { pageMeta, rootData } from "~/lib/seo";
import { packImage } from "~/lib/page-image";
import { Price } from "~/components/price";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { formId } from "~/modules/listings/owner.server";
import { staticMapPath } from "~/modules/location/static-map";
import { placeLine } from "~/modules/listings/property/place";
import { PrintContact, PrintSheet } from "~/modules/listings/print/print-sheet";
import { listingUrl, qrCode } from "~/modules/listings/print/qr.server";

/** A sheet has room for this many of a listing's details (bedrooms, area…), in the listing's order. */
const FACTS = 9;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const res = await api("get_property", { slug_id: params.slug_id }, { request, locale });
  const p = res.error ? undefined : res.data[0];
  if (!p) throw new Response("Not found", { status: 404 });
  // Contact details the listing page showed come along (`?reveal=`, decision 023); not for a locked
  // premium listing, nor for the owner or an admin, who see them already.
  const asks = !p.premium_locked && p.customer.mobile === null && p.customer.email === null;
  const contact = asks ? await revealFromUrl(request, locale, { property_id: p.id }) : NOTHING_REVEALED;
  const cover = p.title_image ?? p.gallery?.[0] ?? null;
  return {
    // What the sheet shows, and nothing else of the listing.
    property: {
      id: p.id,
      slug_id: p.slug_id,
      title: p.title,
      place: placeLine(p),
      photo: cover ? packImage(cover) : null,
      price: p.price,
      rentduration: p.rentduration,
      property_type: p.property_type,
      property_status: p.property_status,
      is_premium: p.is_premium,
      premium_locked: p.premium_locked,
      category: p.category.category,
      facts: p.parameters
        // A photo parameter's value is a file's address: nothing to read on paper.
        .filter((f) => f.value !== "" && f.type_of_parameter !== "file")
        .slice(0, FACTS)
        .map((f) => ({ name: f.name, value: f.value, unit: f.unit })),
      customer: p.customer,
    },
    // The API's picture of the place: drawn, or from the tile server when one is configured.
    map:
      p.latitude !== null && p.longitude !== null ? staticMapPath(p.latitude, p.longitude, 640, 320) : null,
    contact,
    qr: qrCode(listingUrl(request, locale, `/properties-details/${encodeURIComponent(p.slug_id)}`)),
  };
}

/** "Show phone", "WhatsApp", "Email" on the sheet: the listing page's own rules (decision 023). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const id = formId(form.get("property_id"));
  if (form.get("intent") !== "reveal" || !id)
    return data({ reveal: { kind: null, revealed: null, error: "Property not found" } }, { status: 400 });
  return revealAction(
    request,
    locale,
    form,
    { property_id: id },
    localizePath(locale, `/properties-details/${params.slug_id}/print`),
  );
}

export const shouldRevalidate = keepPageOnReveal;

export const headers = publicCacheHeaders;

/** The listing's page is the one to find: the sheet is kept out of search results. */
export function meta({ data, matches, location }: Route.MetaArgs) {
  const p = data?.property;
  if (!p) return [{ title: "Not found" }];
  return pageMeta(rootData(matches), location, { title: p.title, noindex: true });
}

export default function PropertyPrint({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const p = loaderData.property;
  const page = `/properties-details/${p.slug_id}`;
  const badges = [
    p.property_type === "rent" ? t("For rent") : t("For sale"),
    ...(p.property_status !== "available" ? [t(p.property_status === "sold" ? "Sold" : "Rented")] : []),
    ...(p.is_premium ? [t("Premium")] : []),
  ];
  return (
    <PrintSheet
      title={p.title}
      place={p.place}
      photo={p.photo}
      badges={badges}
      price={
        <>
          <Price amount={p.price} />
          {p.rentduration ? <span className="card__per"> / {t(`per_${p.rentduration}`)}</span> : null}
        </>
      }
      facts={[
        { label: t("Category"), value: p.category },
        ...p.facts.map((f) => ({ label: f.name, value: `${f.value}${f.unit ? ` ${t(f.unit)}` : ""}` })),
      ]}
      map={loaderData.map}
      qr={loaderData.qr}
      back={page}
      contact={
        <PrintContact
          role={p.customer.type === "agent" ? t("Agent") : t("Listed by")}
          name={p.customer.name}
          verified={p.customer.is_verified}
        >
          {p.premium_locked ? null : (
            <ContactButtons
              target={{ property_id: p.id }}
              has={{ mobile: p.customer.has_mobile, email: p.customer.has_email }}
              known={{ mobile: p.customer.mobile, email: p.customer.email }}
              state={loaderData.contact}
              subject={p.title}
              pageUrl={origin + address(page)}
            />
          )}
        </PrintContact>
      }
    />
  );
}
