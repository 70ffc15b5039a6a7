import { describe, expect, it } from "vitest";
import {
  builtFilesOf,
  decodeHtml,
  isListingPath,
  isPublicPage,
  isSignOut,
  mainPhotoAddresses,
  offlinePagePath,
  pageTitle,
} from "./offline-rules";

const answer = (headers: Record<string, string>, over: Partial<Parameters<typeof isPublicPage>[0]> = {}) => ({
  status: 200,
  redirected: false,
  type: "basic",
  headers: new Headers({ "content-type": "text/html; charset=utf-8", ...headers }),
  ...over,
});

describe("which pages the worker may keep", () => {
  it("keeps a page only when the server calls it public", () => {
    const shared = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
    expect(isPublicPage(answer({ "cache-control": shared }))).toBe(true);
    // A page that knows who is looking (app/lib/cache.ts), or says nothing about keeping.
    expect(isPublicPage(answer({ "cache-control": "private, no-store" }))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": "public, no-store" }))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": "public, private" }))).toBe(false);
    expect(isPublicPage(answer({}))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": shared, "x-personal": "1" }))).toBe(false);
    // Not a plain page of ours.
    expect(isPublicPage(answer({ "cache-control": shared }, { status: 404 }))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": shared }, { redirected: true }))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": shared }, { type: "opaque" }))).toBe(false);
    expect(isPublicPage(answer({ "cache-control": shared, "content-type": "application/json" }, {}))).toBe(
      false,
    );
  });

  it("knows a listing's page in either language, and nothing else", () => {
    for (const path of [
      "/properties-details/sea-view-villa-12",
      "/ar/properties-details/sea-view-villa-12",
      "/project-details/azure-marina-residences",
      "/ar/project-details/azure-marina-residences",
    ])
      expect(isListingPath(path), path).toBe(true);
    for (const path of [
      "/properties",
      "/properties-details/x/print",
      "/my-property/x",
      "/user/properties",
      "/en/properties-details/x",
      "/api/get_property",
    ])
      expect(isListingPath(path), path).toBe(false);
  });

  it("answers in the language of the address", () => {
    expect(offlinePagePath("/ar")).toBe("/ar/offline");
    expect(offlinePagePath("/ar/properties")).toBe("/ar/offline");
    expect(offlinePagePath("/")).toBe("/offline");
    expect(offlinePagePath("/articles/arabian-homes")).toBe("/offline");
  });

  it("hears signing out, with and without JavaScript, and only that", () => {
    expect(isSignOut("POST", "/logout")).toBe(true);
    expect(isSignOut("POST", "/ar/logout.data")).toBe(true);
    expect(isSignOut("GET", "/logout")).toBe(false);
    expect(isSignOut("POST", "/logout-all")).toBe(false);
  });
});

// As ResponsiveImage writes a listing's first photo (AVIF sources in a <picture>, WebP in the img).
const LISTING = `<!DOCTYPE html><html><head><title>Villa &amp; garden | Souq Estate</title>
<meta property="og:title" content="Villa &amp; garden &quot;Palm&quot;"/>
<link rel="stylesheet" href="/assets/root-AbC123.css"/><link rel="modulepreload" href="/assets/entry.client-x1.js"/>
</head><body><h1 class="detail__title"><span>Garden villa &amp;
 pool</span><!-- --></h1><header><img src="/uploads/brand/logo.webp" alt=""/></header>
<section class="gallery"><ul><li><a href="/uploads/p/1.webp"><picture>
<source type="image/avif" srcSet="/uploads/p/1-480.avif 480w, /uploads/p/1-960.avif 960w" sizes="100vw"/>
<img src="/uploads/p/1-960.webp" srcSet="/uploads/p/1-480.webp 480w, /uploads/p/1-960.webp 960w, https://cdn.example/1.webp 1600w" sizes="100vw" alt="Villa – photo 1 of 2" loading="eager" fetchPriority="high"/>
</picture></a></li><li><img src="/uploads/p/2-960.webp" loading="lazy" alt=""/></li></ul></section></body></html>`;

describe("reading a listing's page", () => {
  it("takes the listing's title as its page shows it", () => {
    expect(pageTitle(LISTING)).toBe("Garden villa & pool");
    expect(pageTitle(LISTING.replace(/<h1[\s\S]*<\/h1>/, ""))).toBe('Villa & garden "Palm"');
    expect(pageTitle("<title>Only &#x27;this&#39;</title>")).toBe("Only 'this'");
    expect(pageTitle("<p>nothing</p>")).toBeNull();
  });

  it("finds every size of the main photo, of our own origin, and no other photo", () => {
    expect(mainPhotoAddresses(LISTING, "https://souq.test/properties-details/villa").sort()).toEqual(
      [
        "https://souq.test/uploads/p/1-480.avif",
        "https://souq.test/uploads/p/1-960.avif",
        "https://souq.test/uploads/p/1-480.webp",
        "https://souq.test/uploads/p/1-960.webp",
      ].sort(),
    );
    // A listing without photos.
    expect(mainPhotoAddresses("<img src='/x.webp'>", "https://souq.test/p")).toEqual([]);
  });

  it("a photo outside a <picture> stands alone", () => {
    const html = `<picture><img src="/uploads/a.webp"></picture><p>text</p><img src="/uploads/b.webp" fetchpriority="high">`;
    expect(mainPhotoAddresses(html, "https://souq.test/p")).toEqual(["https://souq.test/uploads/b.webp"]);
  });

  it("lists the built files a page links to", () => {
    expect(builtFilesOf(LISTING, "https://souq.test/offline")).toEqual([
      "https://souq.test/assets/root-AbC123.css",
      "https://souq.test/assets/entry.client-x1.js",
    ]);
  });

  it("decodes what React escapes", () => {
    expect(decodeHtml("a &lt;b&gt; &amp; &#1587;&#x648;&#x642; &unknown;")).toBe("a <b> & سوق &unknown;");
  });
});
