// A listing's share card (decision 050): the 1200 × 630 JPEG that link previews show, with the
// listing's photo, its price (or a project's stage), its place and its title. What is drawn is
// decided here, once, for both the page's meta tags and the card's own address; the address names
// a digest of exactly those inputs, so a changed photo, price or title is a new address (and the
// old one is never stale in anyone's cache).
import { formatPrice } from "~/lib/format";
import { localizePath, type Locale } from "~/lib/i18n";
import { createTranslator } from "~/lib/translate";
import { dictionaryAt } from "~/lib/dictionary";
import { PROJECT_TYPE_LABEL } from "~/modules/listings/project/card";

export const SHARE_CARD = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Raised whenever the drawing changes, so that every card gets a new address. */
const DRAWING = 1;

export type ShareCardKind = "property" | "project";

/** What a card shows of a listing. */
export interface ShareCardListing {
  kind: ShareCardKind;
  slug: string;
  title: string;
  city: string;
  state: string;
  /** The main photo's address; null draws the brand's placeholder. */
  photo: string | null;
  /** A property's price and rent period (daily, monthly…). */
  price?: { amount: number; per: string | null };
  /** A project's stage: projects have no price. */
  stage?: keyof typeof PROJECT_TYPE_LABEL;
}

/** The site settings a card uses (the root's data, or the settings the card's route reads). */
export interface ShareCardSettings {
  company_name: string;
  currency_code: string;
  currency_symbol?: string;
  number_with_suffix?: boolean;
  svg_clr?: string;
  web_placeholder_logo?: string;
}

export function propertyCardListing(
  p: {
    slug_id: string;
    title: string;
    city: string;
    state: string;
    price: number;
    rentduration?: string | null;
  },
  photo: string | null,
): ShareCardListing {
  return {
    kind: "property",
    slug: p.slug_id,
    title: p.title,
    city: p.city,
    state: p.state,
    photo,
    price: { amount: p.price, per: p.rentduration ?? null },
  };
}

export function projectCardListing(
  p: { slug_id: string; title: string; city: string; state: string; type: keyof typeof PROJECT_TYPE_LABEL },
  photo: string | null,
): ShareCardListing {
  return {
    kind: "project",
    slug: p.slug_id,
    title: p.title,
    city: p.city,
    state: p.state,
    photo,
    stage: p.type,
  };
}

/** The settings in a fixed shape and order: the digest must not depend on how they were read. */
function settingsOf(s: ShareCardSettings) {
  return {
    company_name: s.company_name,
    currency_code: s.currency_code,
    currency_symbol: s.currency_symbol ?? s.currency_code,
    number_with_suffix: Boolean(s.number_with_suffix),
    svg_clr: s.svg_clr ?? "",
    web_placeholder_logo: s.web_placeholder_logo ?? "",
  };
}

/** 64 bits of FNV-1a, in base 36: enough to tell versions of one listing apart (not a secret). */
function digest(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(36);
}

/** The version a card's address carries: a digest of everything that is drawn. */
export function shareCardVersion(listing: ShareCardListing, settings: ShareCardSettings, locale: Locale) {
  const { kind, slug, title, city, state, photo, price, stage } = listing;
  return digest(
    JSON.stringify([
      DRAWING,
      locale,
      kind,
      slug,
      title,
      city,
      state,
      photo,
      price ?? null,
      stage ?? null,
      settingsOf(settings),
    ]),
  );
}

/** "/og/property/<slug>/<version>.jpg", under /ar for the Arabic card. */
export function shareCardPath(listing: ShareCardListing, settings: ShareCardSettings, locale: Locale) {
  const version = shareCardVersion(listing, settings, locale);
  return localizePath(locale, `/og/${listing.kind}/${encodeURIComponent(listing.slug)}/${version}.jpg`);
}

/** "Dubai Marina, Dubai": the city and the area, each once. */
export function placeOf(listing: Pick<ShareCardListing, "city" | "state">): string {
  const parts: string[] = [];
  for (const part of [listing.city, listing.state].map((p) => p.trim()).filter(Boolean)) {
    if (!parts.some((x) => x.toLowerCase().includes(part.toLowerCase()))) parts.push(part);
  }
  return parts.join(", ");
}

/** The words on the card, in the page's language. */
export function shareCardTexts(
  listing: ShareCardListing,
  settings: ShareCardSettings,
  locale: Locale,
  t: (key: string) => string,
) {
  const s = settingsOf(settings);
  let headline = "";
  if (listing.price) {
    headline = formatPrice(listing.price.amount, {
      locale,
      currency: s.currency_code,
      symbol: s.currency_symbol,
      suffix: s.number_with_suffix,
    });
    if (listing.price.per) headline += ` / ${t(`per_${listing.price.per}`)}`;
  } else if (listing.stage) {
    headline = t(PROJECT_TYPE_LABEL[listing.stage]);
  }
  return { title: listing.title.trim(), headline, place: placeOf(listing), site: s.company_name };
}

/** What the card says, for those who cannot see it (og:image:alt): title, price, place. */
export function shareCardAlt(texts: ReturnType<typeof shareCardTexts>): string {
  return [texts.title, texts.headline, texts.place].filter(Boolean).join(" · ");
}

/**
 * The page's preview picture for `listingMeta`: the card's address, size, type and words. The
 * translator is the page's dictionary, at hand wherever the meta tags are made.
 */
export function shareCardMeta(
  listing: ShareCardListing,
  root: { locale: string; dictionary?: string; settings: ShareCardSettings } | undefined,
) {
  if (!root) return { image: null };
  const locale = root.locale as Locale;
  const { t } = createTranslator(locale, (root.dictionary && dictionaryAt(root.dictionary)) || {});
  return {
    image: shareCardPath(listing, root.settings, locale),
    imageInfo: {
      width: SHARE_CARD.width,
      height: SHARE_CARD.height,
      type: SHARE_CARD.type,
      alt: shareCardAlt(shareCardTexts(listing, root.settings, locale, t)),
    },
  };
}
