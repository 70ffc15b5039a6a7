// The offline page (decision 048): what the service worker shows for a page it could not load and
// has no copy of. It says so and how to try again; the listings kept on this device are listed by
// a small script of its own, read from the worker's caches. Without JavaScript there is no worker
// either, and the page is only what it says.
import { useNonce } from "~/lib/nonce";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { CACHES, KEPT_HEADERS, LISTING_MAX_AGE_MS } from "./offline-rules";
import "~/styles/offline.css";

interface ListOptions {
  listings: string;
  photos: string;
  headers: typeof KEPT_HEADERS;
  maxAge: number;
  locale: string;
  /** "Viewed {{date}}" in the page's language. */
  viewed: string;
  /** This page's own address: anywhere else, it stands in for the page the visitor asked for. */
  offlinePath: string;
}

/**
 * Runs in the page as the server wrote it: React never takes this page over (it is also shown at
 * other pages' addresses). It is written into the page as its source text, so it may use only its
 * argument and the browser's globals.
 */
function listKeptListings(o: ListOptions) {
  const retry = document.getElementById("offline-retry");
  if (retry instanceof HTMLAnchorElement && location.pathname !== o.offlinePath) retry.href = location.href;
  const section = document.getElementById("offline-listings");
  const none = document.getElementById("offline-none");
  const list = section?.querySelector("ul");
  if (!section || !none || !list || !("caches" in window)) return;
  const show = async () => {
    const pages = await caches.open(o.listings);
    const photos = await caches.open(o.photos);
    const date = new Intl.DateTimeFormat(o.locale, { dateStyle: "medium" });
    const any = { ignoreVary: true };
    // The newest first: the worker moves a listing to the end each time it is opened.
    for (const request of [...(await pages.keys())].reverse()) {
      const copy = await pages.match(request, any);
      const keptAt = Number(copy?.headers.get(o.headers.kept));
      if (!copy || !(Date.now() - keptAt < o.maxAge)) continue;
      const address = new URL(request.url);
      const link = document.createElement("a");
      link.className = "offline-listing";
      link.href = address.pathname;
      // The main photo in the size the listing's page loaded, else an empty frame in its place.
      let picture: HTMLElement = document.createElement("span");
      for (const photo of (copy.headers.get(o.headers.photos) ?? "").split(" ").filter(Boolean)) {
        const kept = await photos.match(decodeURIComponent(photo), any);
        if (!kept) continue;
        const img = document.createElement("img");
        img.alt = "";
        img.src = URL.createObjectURL(await kept.blob());
        picture = img;
        break;
      }
      picture.className = "offline-listing__photo";
      link.append(picture);
      const title = document.createElement("span");
      title.className = "offline-listing__title";
      // The listing in the language it was read in.
      title.lang = /^\/ar(\/|$)/.test(address.pathname) ? "ar" : "en";
      title.dir = "auto";
      title.textContent = decodeURIComponent(copy.headers.get(o.headers.title) ?? "") || address.pathname;
      const when = document.createElement("span");
      when.className = "offline-listing__when";
      when.textContent = o.viewed.replace("{{date}}", date.format(new Date(keptAt)));
      link.append(title, when);
      const item = document.createElement("li");
      item.append(link);
      list.append(item);
    }
    section.hidden = list.childElementCount === 0;
    none.hidden = !section.hidden;
  };
  show().catch(() => undefined);
}

export function OfflinePage() {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const address = useAddress();
  const nonce = useNonce();
  const options: ListOptions = {
    listings: CACHES.listings,
    photos: CACHES.photos,
    headers: KEPT_HEADERS,
    maxAge: LISTING_MAX_AGE_MS,
    locale,
    // The date is the browser's to write: the placeholder stays for the script.
    viewed: t("Viewed {{date}}", { date: "{{date}}" }),
    offlinePath: address("/offline"),
  };
  // "<" escaped: the options' text can never close the script element.
  const script = `(${listKeptListings.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")});`;
  return (
    <article className="offline">
      <h1>{t("You are offline")}</h1>
      <p>{t("This page could not be loaded: there seems to be no connection.")}</p>
      <p>{t("Check your Wi-Fi or mobile data, then try again.")}</p>
      <p>
        <a id="offline-retry" className="button" href={address("/")}>
          {t("Try again")}
        </a>
      </p>
      <section
        id="offline-listings"
        className="offline__listings"
        aria-labelledby="offline-listings-title"
        hidden
      >
        <h2 id="offline-listings-title">{t("Listings you can read offline")}</h2>
        <p className="offline__note">{t("The listings you opened most recently, kept on this device.")}</p>
        <ul role="list" />
      </section>
      <p id="offline-none" className="offline__note" hidden>
        {t("Listings you open while connected are kept on this device, to read here without a connection.")}
      </p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </article>
  );
}
