// A share card's answer (decision 050): the listing read through the API as any visitor sees it,
// in the card's language; the card drawn once per version and kept in memory; a year's cache
// lifetime and an ETag, since an address always means the same picture. An address whose version
// is no longer the listing's (its photo, price or title changed) is sent on to the current card.
import { api, apiFile } from "~/lib/api.server";
import { getSiteSettings } from "~/lib/settings.server";
import type { Locale } from "~/lib/i18n";
import { renderShareCard } from "~server/media/share-card.server";
import {
  SHARE_CARD,
  projectCardListing,
  propertyCardListing,
  shareCardPath,
  shareCardTexts,
  shareCardVersion,
  type ShareCardKind,
  type ShareCardListing,
  type ShareCardSettings,
} from "./card";

/** Cards kept in this process: about 60 KB each, the most recently asked first to stay. */
const KEPT = 200;
const kept = new Map<string, Buffer>();
/** The same card asked twice at once is drawn once. */
const drawing = new Map<string, Promise<Buffer>>();

/** The listing as its public page shows it, or null when there is none to show. */
async function listingOf(
  kind: ShareCardKind,
  slug: string,
  locale: Locale,
): Promise<ShareCardListing | null> {
  if (kind === "property") {
    const res = await api("get_property", { slug_id: slug }, { locale });
    const p = res.error ? undefined : res.data[0];
    return p ? propertyCardListing(p, p.title_image?.url ?? null) : null;
  }
  const res = await api("get-project-detail", { slug_id: slug }, { locale });
  return res.error ? null : projectCardListing(res.data, res.data.image?.url ?? null);
}

/** A photo the card draws, read through the API: only our own public uploads, never a fetched address. */
async function publicUpload(url: string): Promise<Buffer | null> {
  const res = await apiFile(`public-upload?url=${encodeURIComponent(url)}`);
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  return Buffer.from(await res.arrayBuffer());
}

async function draw(
  listing: ShareCardListing,
  settings: ShareCardSettings,
  locale: Locale,
  t: (key: string) => string,
): Promise<Buffer> {
  const texts = shareCardTexts(listing, settings, locale, t);
  const photo = listing.photo ? await publicUpload(listing.photo) : null;
  // The admin's own placeholder image when they uploaded one; the default mark is drawn.
  const placeholder =
    !photo && settings.web_placeholder_logo ? await publicUpload(settings.web_placeholder_logo) : null;
  return renderShareCard({
    ...texts,
    rtl: locale === "ar",
    brand: settings.svg_clr ?? "",
    photo,
    placeholder,
  });
}

function keptCard(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const have = kept.get(key);
  if (have) {
    kept.delete(key);
    kept.set(key, have);
    return Promise.resolve(have);
  }
  let pending = drawing.get(key);
  if (!pending) {
    pending = make().then((jpeg) => {
      kept.set(key, jpeg);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return jpeg;
    });
    drawing.set(key, pending);
    void pending.finally(() => drawing.delete(key)).catch(() => {});
  }
  return pending;
}

export async function shareCardResponse(
  request: Request,
  o: { kind: ShareCardKind; slug: string; version: string; locale: Locale; t: (key: string) => string },
): Promise<Response> {
  const [settings, listing] = await Promise.all([getSiteSettings(), listingOf(o.kind, o.slug, o.locale)]);
  if (!listing) throw new Response("Not found", { status: 404 });
  const version = shareCardVersion(listing, settings, o.locale);
  if (version !== o.version)
    return new Response(null, {
      status: 302,
      headers: {
        location: shareCardPath(listing, settings, o.locale),
        "cache-control": "public, max-age=300",
      },
    });
  const headers = {
    etag: `"${version}"`,
    "cache-control": "public, max-age=31536000, immutable",
    // Meant to be shown by other sites and apps.
    "cross-origin-resource-policy": "cross-origin",
    "x-content-type-options": "nosniff",
  };
  const asked = request.headers.get("if-none-match");
  if (asked?.split(/\s*,\s*/).some((tag) => tag === headers.etag || tag === `W/${headers.etag}`))
    return new Response(null, { status: 304, headers });
  const jpeg = await keptCard(`${o.locale}:${o.kind}:${o.slug}:${version}`, () =>
    draw(listing, settings, o.locale, o.t),
  );
  return new Response(new Uint8Array(jpeg), {
    headers: { ...headers, "content-type": SHARE_CARD.type, "content-length": String(jpeg.length) },
  });
}
