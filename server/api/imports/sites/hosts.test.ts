import { describe, expect, it } from "vitest";
import { detectSite, imageHosts, IMPORT_SITES, listingHosts, listingUrlToFetch, siteOfUrl } from "./index";

describe("siteOfUrl", () => {
  it("accepts the sites' listing pages on their real hosts", () => {
    const ok: [string, string][] = [
      [
        "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html",
        "propertyfinder",
      ],
      [
        "https://www.propertyfinder.ae/ar/plp/rent/villa-for-rent-dubai-arabian-ranches-3894512.html",
        "propertyfinder",
      ],
      ["https://propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-11872435.html", "propertyfinder"],
      [
        "https://www.propertyfinder.sa/en/plp/rent/villa-for-rent-riyadh-al-malqa-3894512.html",
        "propertyfinder",
      ],
      [
        "https://www.propertyfinder.qa/en/plp/buy/apartment-for-sale-doha-the-pearl-770122.html",
        "propertyfinder",
      ],
      [
        "https://www.propertyfinder.bh/en/plp/rent/apartment-for-rent-capital-governorate-juffair-974450.html",
        "propertyfinder",
      ],
      [
        "https://www.propertyfinder.eg/en/plp/buy/villa-for-sale-cairo-new-cairo-1203344.html",
        "propertyfinder",
      ],
      ["https://www.bayut.com/property/details-9184406.html", "bayut"],
      ["https://bayut.com/property/details-9184406.html", "bayut"],
      ["https://www.bayut.com/ar/property/details-9184406.html", "bayut"],
      ["https://www.bayut.sa/property/details-4120583.html", "bayut"],
      ["https://WWW.BAYUT.COM/property/details-9184406.html?utm_source=whatsapp#photos", "bayut"],
      [
        "https://dubai.dubizzle.com/property-for-sale/residential/apartmentflat/2025/3/18/sea-view-2br-high-floor-vacant-on-tra-2-581/",
        "dubizzle",
      ],
      [
        "https://abudhabi.dubizzle.com/property-for-rent/residential/villahouse/2025/4/2/spacious-4br-villa-2-903/",
        "dubizzle",
      ],
      [
        "https://uae.dubizzle.com/property-for-rent/commercial/office/2024/5/14/price-starts-from-aed46-000-2-446/",
        "dubizzle",
      ],
      [
        "https://dubai.dubizzle.com/en/property-for-sale/residential/apartmentflat/2025/3/18/sea-view-2-581",
        "dubizzle",
      ],
    ];
    for (const [url, site] of ok) expect(siteOfUrl(url), url).toBe(site);
  });

  it("refuses http, look-alike hosts, credentials, IP literals, other ports and other pages", () => {
    const refused = [
      "http://www.bayut.com/property/details-9184406.html",
      "http://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-11872435.html",
      "https://www.propertyfinder.ae.evil.com/en/plp/buy/apartment-for-sale-dubai-11872435.html",
      "https://propertyfinder.ae.evil.com/en/plp/buy/apartment-for-sale-dubai-11872435.html",
      "https://evilbayut.com/property/details-9184406.html",
      "https://bayut.com.evil.com/property/details-9184406.html",
      "https://evil-dubizzle.com/property-for-sale/residential/apartmentflat/2025/3/18/x-2-581/",
      "https://dubizzle.com.eg/property-for-sale/residential/apartmentflat/2025/3/18/x-2-581/",
      "https://bayut.com@evil.com/property/details-9184406.html",
      "https://www.bayut.com@evil.com/property/details-9184406.html",
      "https://user:pass@www.bayut.com/property/details-9184406.html",
      "https://evil.com@www.bayut.com/property/details-9184406.html",
      "https://www.bayut.com\\@evil.com/property/details-9184406.html",
      "https://93.184.216.34/property/details-9184406.html",
      "https://[::1]/property/details-9184406.html",
      "https://127.0.0.1/en/plp/buy/apartment-for-sale-dubai-11872435.html",
      "https://0x7f000001/property/details-9184406.html",
      "https://www.bayut.com:8443/property/details-9184406.html",
      "https://www.bayut.com./property/details-9184406.html",
      " https://www.bayut.com/property/details-9184406.html",
      "https://www.bayut.com/property/details-9184406.html\n",
      "javascript:alert(1)//www.bayut.com/property/details-9184406.html",
      "ftp://www.bayut.com/property/details-9184406.html",
      "www.bayut.com/property/details-9184406.html",
      // The sites' other pages: searches, agents, home.
      "https://www.propertyfinder.ae/en/search?c=1&l=50&ob=mr",
      "https://www.propertyfinder.ae/en/agent/layla-haddad-284107",
      "https://www.bayut.com/for-sale/property/dubai/",
      "https://www.bayut.com/",
      "https://dubai.dubizzle.com/property-for-sale/residential/apartmentflat/",
      "https://dubai.dubizzle.com/motors/used-cars/toyota/2024/1/2/camry-2-111/",
      "https://static.shared.propertyfinder.ae/media/images/listing/x/1312x894.jpg",
      "",
    ];
    for (const url of refused) expect(siteOfUrl(url), url).toBeNull();
    expect(siteOfUrl(undefined as unknown as string)).toBeNull();
    expect(
      siteOfUrl({ href: "https://www.bayut.com/property/details-9184406.html" } as unknown as string),
    ).toBeNull();
    expect(siteOfUrl(`https://www.bayut.com/property/details-9184406.html?${"a".repeat(5_000)}`)).toBeNull();
  });

  it("the address to fetch is the listing's own, without query or fragment", () => {
    expect(listingUrlToFetch("https://WWW.BAYUT.COM/property/details-9184406.html?utm_source=x#photos")).toBe(
      "https://www.bayut.com/property/details-9184406.html",
    );
    expect(listingUrlToFetch("https://bayut.com@evil.com/property/details-9184406.html")).toBeNull();
  });
});

describe("listingHosts and imageHosts", () => {
  it("are exact host names of the sites' own domains", () => {
    const domains: Record<string, RegExp> = {
      propertyfinder: /(^|\.)propertyfinder\.(ae|sa|qa|bh|eg)$/,
      bayut: /(^|\.)bayut\.(com|sa)$|^bayut-production\.s3\.eu-central-1\.amazonaws\.com$/,
      dubizzle: /(^|\.)dubizzle\.com$/,
    };
    for (const site of IMPORT_SITES) {
      const hosts = [...listingHosts(site), ...imageHosts(site)];
      expect(hosts.length).toBeGreaterThan(0);
      for (const h of hosts) {
        expect(h, h).toMatch(/^[a-z0-9.-]+$/);
        expect(h, h).toMatch(domains[site]!);
      }
    }
    expect(listingHosts("bayut")).toContain("www.bayut.com");
    expect(listingHosts("propertyfinder")).toContain("www.propertyfinder.ae");
    expect(listingHosts("dubizzle")).toContain("dubai.dubizzle.com");
    expect(imageHosts("bayut")).toContain("images.bayut.com");
    expect(imageHosts("propertyfinder")).toContain("static.shared.propertyfinder.ae");
    expect(imageHosts("dubizzle")).toEqual(["dbz-images.dubizzle.com"]);
  });
});

describe("detectSite", () => {
  it("tells nothing for a page of another site or no page at all", () => {
    expect(
      detectSite(
        '<html><head><link rel="canonical" href="https://www.example.com/listing/1"></head><body>Hello</body></html>',
      ),
    ).toBeNull();
    expect(detectSite("")).toBeNull();
    expect(detectSite(null as unknown as string)).toBeNull();
    expect(
      detectSite('<link rel="canonical" href="https://www.bayut.com.evil.com/property/details-1.html">'),
    ).toBeNull();
  });

  it("uses og:site_name when nothing else tells", () => {
    expect(
      detectSite('<html><head><meta property="og:site_name" content="Property Finder"></head></html>'),
    ).toBe("propertyfinder");
    expect(detectSite('<html><head><meta property="og:site_name" content="dubizzle"></head></html>')).toBe(
      "dubizzle",
    );
  });
});
